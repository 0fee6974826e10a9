"""The scheduled jobs are rows a command creates; admin edits survive the next deploy."""

import io

import pytest
from django.core.management import call_command
from django_celery_beat.models import CrontabSchedule, PeriodicTask

pytestmark = pytest.mark.django_db

TASKS = {
    "certification.recertify_approved": ("0", "2", "1", "*"),
    "certification.certify_table_shuffle_logs": ("0", "3", "*", "1"),
    "certification.monthly_summary": ("0", "6", "1", "*"),
    "certification.watchdog": ("*/10", "*", "*", "*"),
    "certification.approvals_daily": ("0", "5", "*", "*"),
    "casino.audit_checkpoint": ("30", "0", "*", "*"),
    "casino.backup_daily": ("30", "1", "*", "*"),
    "casino.rounds_daily": ("15", "0", "*", "*"),
    "casino.rounds_rollups_rebuild": ("45", "3", "*", "0"),
    "certification.floor_check": ("20", "*", "*", "*"),
    "certification.monthly_statistics": ("30", "6", "1", "*"),
}


def _setup(*args):
    call_command("setup_periodic_tasks", *args, stdout=io.StringIO())


def _schedules():
    return {t.task: (t.crontab.minute, t.crontab.hour, t.crontab.day_of_month, t.crontab.day_of_week)
            for t in PeriodicTask.objects.select_related("crontab")}


def test_it_creates_the_jobs_and_is_idempotent():
    _setup()
    _setup()
    assert _schedules() == TASKS
    assert PeriodicTask.objects.count() == len(TASKS) and all(t.enabled for t in PeriodicTask.objects.all())


def test_an_admin_edit_is_kept_until_reset():
    _setup()
    job = PeriodicTask.objects.get(task="certification.monthly_summary")
    job.crontab = CrontabSchedule.objects.create(minute="30", hour="7", day_of_month="2")
    job.enabled = False
    job.save()
    _setup()
    job.refresh_from_db()
    assert (job.crontab.hour, job.enabled) == ("7", False)
    _setup("--reset")
    assert _schedules() == TASKS and PeriodicTask.objects.get(pk=job.pk).enabled
