"""The broker restarted during a run: workers reconnect, the watchdog sends again what the
broker lost, and no run waits forever.

The broker is a private ``redis-server`` without persistence, so its restart loses every
queued message: the harshest case, as after a crash.
"""

from __future__ import annotations

import json
import time

import pytest
import redis
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerUnavailable

from casino import workflow
from casino.celery import app
from certification.models import CertificationRun, RunStatus, SimulationChunk, SimulationRun
from certification.services.pipeline import queued_runs_resend
from certification.services.simulation import simulation_run_start
from certification.tasks import watchdog_task
from tests.backoffice.factories import UserFactory, make_submission
from tests.support.parallel import broker_key

from .conftest import use_broker
from .simulations import figures, local_figures, slow_spec, wait_finished, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _queued_tasks(url: str) -> list[tuple[str, list]]:
    client = redis.Redis.from_url(url)
    try:
        raw = client.lrange(broker_key("celery"), 0, -1)
    finally:
        client.close()
    tasks = []
    for item in raw:
        headers = json.loads(item)["headers"]
        tasks.append((headers["task"], headers["argsrepr"]))
    return tasks


def _answers(hostname: str, url: str) -> bool:
    try:
        return bool(app.control.ping(destination=[hostname], timeout=1.0))
    except (redis.exceptions.ConnectionError, BrokerUnavailable):
        use_broker(url)  # this process's own connections died with the broker
        return False


def test_run_resumes_after_the_broker_restarts(private_broker, start_worker):
    env = {"CELERY_BROKER_URL": private_broker.url, "CELERY_VISIBILITY_TIMEOUT": "8"}
    worker = start_worker(concurrency=1, name="steady", extra_env=env)
    spec = slow_spec(chunks=6, seed=271828)
    run = simulation_run_start(spec=spec)
    wait_for(lambda: SimulationChunk.objects.filter(run=run).exists(), 120, "a first chunk")

    private_broker.stop()
    time.sleep(2)
    private_broker.start()
    # The same worker process reconnects by itself.
    wait_for(lambda: _answers(worker.hostname, private_broker.url), 60, "the worker to reconnect")
    assert worker.process.poll() is None
    # The queued chunks died with the broker: the run cannot finish on its own.
    time.sleep(4)
    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING and run.chunks_done < spec.chunks

    watchdog_task.delay(older_than_minutes=0)
    run = wait_finished(run, timeout=240)

    assert run.status == RunStatus.DONE, run.error
    assert run.chunks_done == run.chunks_total == spec.chunks
    assert SimulationChunk.objects.filter(run=run).count() == spec.chunks
    assert figures(run.result) == local_figures(spec)


def test_a_certification_queued_while_the_broker_is_down_is_sent_later(private_broker):
    officer = UserFactory(username="olga", roles=["Compliance officer"])
    submission = make_submission(officer=officer)
    private_broker.stop()
    with transaction.atomic():
        # The commit succeeds and the request gets its answer; only the message is missing.
        run = workflow.submission_start_certification(
            submission=submission, actor=officer, rounds=1000, seed=1
        )
    run.refresh_from_db()
    assert run.status == RunStatus.QUEUED

    private_broker.start()
    assert queued_runs_resend(older_than_minutes=0) == 1
    assert ("certification.run_begin", f"({run.pk},)") in _queued_tasks(private_broker.url)


def test_watchdog_fails_runs_stuck_for_a_day_so_they_can_be_retried(private_broker):
    long_ago = timezone.now() - timezone.timedelta(days=2)
    simulation = simulation_run_start(spec=slow_spec(chunks=2), dispatch=False)
    SimulationRun.objects.filter(pk=simulation.pk).update(status=RunStatus.RUNNING,
                                                         started_at=long_ago)
    officer = UserFactory(username="olga", roles=["Compliance officer"])
    submission = make_submission(officer=officer)
    with transaction.atomic():
        queued = workflow.submission_start_certification(
            submission=submission, actor=officer, rounds=1000, seed=1
        )
    CertificationRun.objects.filter(pk=queued.pk).update(created_at=long_ago)

    report = watchdog_task.apply(kwargs={"older_than_minutes": 60}).get()

    assert report["certifications_resent"] == 0
    simulation.refresh_from_db()
    queued.refresh_from_db()
    assert simulation.status == RunStatus.FAILED
    assert "start a new run" in simulation.error
    assert queued.status == RunStatus.FAILED
    assert "start a new run" in queued.error
    # Failed, the run no longer blocks a new one for the same submission.
    with transaction.atomic():
        again = workflow.submission_start_certification(
            submission=submission, actor=officer, rounds=1000, seed=2
        )
    assert again.status == RunStatus.QUEUED
