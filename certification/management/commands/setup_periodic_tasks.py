"""Create the scheduled jobs beat runs, as PeriodicTask rows editable in the admin.

Run on every deploy. A missing job is created with its default schedule; an existing one
keeps the schedule and on/off switch an administrator may have set in the admin, and only
its task name is brought up to date. ``--reset`` puts every default back.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django_celery_beat.models import CrontabSchedule, PeriodicTask


@dataclass(frozen=True)
class Job:
    name: str
    task: str
    crontab: dict[str, str]
    description: str


JOBS = (
    Job("Re-certify approved variants", "certification.recertify_approved",
        {"minute": "0", "hour": "2", "day_of_month": "1"},
        "Monthly: every approved paytable version again with the current software; moved figures flagged."),
    Job("Certify table shuffle logs", "certification.certify_table_shuffle_logs",
        {"minute": "0", "hour": "3", "day_of_week": "1"},
        "Weekly: the shuffle battery on each active table's newest shuffle log."),
    Job("Monthly floor summary", "certification.monthly_summary",
        {"minute": "0", "hour": "6", "day_of_month": "1"},
        "Monthly: the summary PDF across active tables, stored and emailed to the staff."),
    Job("Expire approvals and warn owners", "certification.approvals_daily",
        {"minute": "0", "hour": "5"},
        "Daily: approvals past their expiry date expire (tables off the floor, owners told, notice "
        "posted); owners warned 90, 30 and 7 days before."),
    Job("Daily backup", "casino.backup_daily",
        {"minute": "30", "hour": "1"},
        "Daily: database, stored files and signing certificates to TABLECERT_BACKUP_DIR, "
        "keeping the newest TABLECERT_BACKUP_KEEP archives."),
    Job("Certification watchdog", "certification.watchdog",
        {"minute": "*/10"},
        "Every 10 minutes: resume stalled simulations, fail runs that stopped moving."),
    Job("Rounds: partitions and retention", "casino.rounds_daily",
        {"minute": "15", "hour": "0"},
        "Daily: the rounds' partitions for this month and the next made ahead; rounds older than "
        "TABLECERT_ROUNDS_RETENTION_MONTHS dropped (their rollups are kept)."),
    Job("Rebuild the rounds' rollups", "casino.rounds_rollups_rebuild",
        {"minute": "45", "hour": "3", "day_of_week": "0"},
        "Weekly: the rollups per table, day, dealer and shift recomputed from the rounds "
        "(idempotent; also run by hand after a restore)."),
    Job("Floor: return, cards against theory", "certification.floor_check",
        {"minute": "20", "hour": "*"},
        "Hourly: each table's and dealer's trailing 30 days against the exact law, and the "
        "cards against a fair deck, from the rollups; alarms to officers and regulators."),
    Job("Floor: monthly statistics", "certification.monthly_statistics",
        {"minute": "30", "hour": "6", "day_of_month": "1"},
        "Monthly: each property's table-game statistics of the month before, signed PDF and CSV, "
        "listed for the regulators of its jurisdiction."),
    Job("Sign the audit trail's head", "casino.audit_checkpoint",
        {"minute": "30", "hour": "0"},
        "Daily: a checkpoint of the audit hash chain, signed with the installation's key."),
)


def crontab_for(fields: dict[str, str]) -> CrontabSchedule:
    full = {"minute": "*", "hour": "*", "day_of_week": "*", "day_of_month": "*",
            "month_of_year": "*", **fields}
    schedule, _ = CrontabSchedule.objects.get_or_create(timezone=settings.TIME_ZONE, **full)
    return schedule


class Command(BaseCommand):
    help = "Create or update the PeriodicTask rows of the scheduled jobs."

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true",
                            help="restore the default schedule of every job, undoing admin edits")

    @transaction.atomic
    def handle(self, *args, reset: bool = False, **options):
        for job in JOBS:
            task = PeriodicTask.objects.filter(name=job.name).first()
            if task is None:
                PeriodicTask.objects.create(name=job.name, task=job.task, crontab=crontab_for(job.crontab),
                                            description=job.description)
                self.stdout.write(f"created  {job.name} ({job.task})")
                continue
            task.task, task.description = job.task, job.description
            if reset:
                task.crontab, task.interval, task.enabled = crontab_for(job.crontab), None, True
            task.save()
            self.stdout.write(f"{'reset' if reset else 'kept'}    {job.name} ({job.task})")
