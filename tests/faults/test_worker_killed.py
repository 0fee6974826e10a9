"""A worker killed (SIGKILL) in the middle of a simulation chunk loses nothing.

The chunk task is acknowledged late, so the message the dead worker held goes back to the
queue (after the broker's visibility timeout) or is sent again by the watchdog; either way
the run finishes with the figures of a local run and every chunk counted once.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from certification.models import RunStatus, SimulationChunk
from certification.services.simulation import simulation_run_start, simulation_runs_resume

from .simulations import figures, local_figures, slow_spec, unacked_chunks, wait_finished, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SHORT_VISIBILITY = {"CELERY_VISIBILITY_TIMEOUT": "8"}


def _kill_mid_chunk(start_worker, extra_env: dict) -> tuple:
    doomed = start_worker(concurrency=1, name="doomed", extra_env=extra_env)
    spec = slow_spec()
    run = simulation_run_start(spec=spec)
    in_flight = wait_for(lambda: unacked_chunks(settings.CELERY_BROKER_URL), 60,
                         "a worker to take a chunk")
    doomed.kill()
    recorded = set(SimulationChunk.objects.filter(run=run).values_list("index", flat=True))
    lost = [i for i in in_flight if i not in recorded]
    assert lost, "the chunk finished before the kill; nothing was in flight"
    return spec, run, lost


def _assert_complete(run, spec) -> None:
    assert run.status == RunStatus.DONE, run.error
    assert run.chunks_done == run.chunks_total == spec.chunks
    indices = list(SimulationChunk.objects.filter(run=run).values_list("index", flat=True))
    assert sorted(indices) == list(range(spec.chunks))
    assert run.result is not None


def test_broker_redelivers_the_chunk_of_a_killed_worker(start_worker, drop_unacked):
    spec, run, lost = _kill_mid_chunk(start_worker, SHORT_VISIBILITY)
    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING and run.chunks_done < spec.chunks

    start_worker(concurrency=1, name="survivor", extra_env=SHORT_VISIBILITY)
    run = wait_finished(run, timeout=240)

    _assert_complete(run, spec)
    assert set(lost) <= set(SimulationChunk.objects.filter(run=run).values_list("index", flat=True))
    # The last chunk's task marks the run done and is acknowledged only when it returns:
    # nothing may stay unacknowledged once it has.
    wait_for(lambda: unacked_chunks(settings.CELERY_BROKER_URL) == [], 30,
             "every chunk message to be acknowledged")
    assert figures(run.result) == local_figures(spec)


def test_watchdog_resends_the_chunk_of_a_killed_worker(start_worker, drop_unacked):
    # With the production visibility timeout (an hour) only the watchdog can recover soon.
    spec, run, lost = _kill_mid_chunk(start_worker, {})
    start_worker(concurrency=1, name="survivor")
    wait_for(lambda: SimulationChunk.objects.filter(run=run).count() == spec.chunks - len(lost),
             240, "the chunks still queued to be done")
    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING, "the run must wait for its lost chunk"

    assert simulation_runs_resume(older_than_minutes=0) == 1
    run = wait_finished(run, timeout=240)

    _assert_complete(run, spec)
    assert figures(run.result) == local_figures(spec)
