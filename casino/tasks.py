"""Celery tasks of the back office: thin wrappers around services, fired by beat from the rows
``setup_periodic_tasks`` creates."""

from celery import shared_task

from casino.services.audit_integrity import audit_checkpoint_create
from casino.services.backups import backup_scheduled


@shared_task(name="casino.audit_checkpoint")
def audit_checkpoint_task() -> int:
    """Daily: sign the audit trail's head."""
    return audit_checkpoint_create().pk


@shared_task(name="casino.backup_daily")
def backup_daily_task() -> str:
    return str(backup_scheduled().path)
