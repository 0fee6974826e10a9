"""A scheduled job fires under a real beat process (DatabaseScheduler) and a real worker."""

import os
import signal
import subprocess
import sys
import time

import pytest
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from casino import workflow
from certification.models import ShuffleCertification
from certification.services.shuffle_logs import shuffle_log_upload
from tests.backoffice.factories import make_approved, make_table
from tests.certification.conftest import FAIR_PRESET
from tests.certification.evidence import shuffle_log_text, upload
from tests.support.workers import ROOT, _test_database_url

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

WAIT_SECONDS = 60


@pytest.fixture
def media(settings, tmp_path):
    # The worker reads the uploaded log: both processes must share the media folder.
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def beat(tmp_path, media):
    log = tmp_path / "beat.log"
    env = {**os.environ, "DATABASE_URL": _test_database_url(), "DJANGO_MEDIA_ROOT": str(media),
           "PYTHONUNBUFFERED": "1"}
    with log.open("w") as output:  # the child keeps its own descriptor
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "casino", "beat", "--loglevel=INFO", "--pidfile=",
             "--scheduler", "django_celery_beat.schedulers:DatabaseScheduler", "--max-interval=1"],
            cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
        )
    yield process, log
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def test_the_weekly_shuffle_job_fires_from_beat(start_worker, beat, media):
    from casino.permissions import Role
    from tests.backoffice.factories import UserFactory

    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    approved = make_approved(officer=alice, reviewer=rita, preset=FAIR_PRESET, name="Sette e mezzo")
    table = workflow.table_activate(table=make_table(admin=adam, variant=approved.variant), actor=adam)
    shuffle_log_upload(table=table, upload=upload("week.csv", shuffle_log_text()), actor=adam)
    every_two_seconds = IntervalSchedule.objects.create(every=2, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.create(name="shuffle logs (test)", task="certification.certify_table_shuffle_logs",
                                interval=every_two_seconds)
    start_worker(concurrency=1, extra_env={"DJANGO_MEDIA_ROOT": str(media)})
    process, log = beat
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        table.refresh_from_db()
        if table.shuffle_certification_id is not None:
            break
        assert process.poll() is None, log.read_text()[-3000:]
        time.sleep(1)
    else:
        pytest.fail(f"no shuffle certification within {WAIT_SECONDS} s:\n{log.read_text()[-3000:]}")
    cert = table.shuffle_certification
    assert cert.status == "done" and cert.passed is True
    assert "Sending due task shuffle logs (test)" in log.read_text()
    # Beat keeps firing every 2 s; the job certifies each log once.
    time.sleep(5)
    assert ShuffleCertification.objects.count() == 1
