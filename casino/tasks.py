"""Scheduled back-office jobs, fired by beat from the rows ``setup_periodic_tasks`` creates."""

from celery import shared_task

from casino.services.backups import backup_scheduled


@shared_task(name="casino.backup_daily")
def backup_daily_task() -> str:
    return str(backup_scheduled().path)
