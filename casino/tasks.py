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


@shared_task(name="casino.rounds_rollups_rebuild")
def rounds_rollups_rebuild_task(table_pk: int | None = None, since: str | None = None,
                                until: str | None = None) -> int:
    """Rebuild the rounds' rollups (all, or a table's, or days [since, until)) from the rounds."""
    from datetime import date

    from casino.services.round_rollups import rollups_rebuild

    return rollups_rebuild(table_pk=table_pk, since=date.fromisoformat(since) if since else None,
                           until=date.fromisoformat(until) if until else None)


@shared_task(name="casino.rounds_daily")
def rounds_daily_task() -> int:
    """Daily: this month's and next month's partitions made ahead; rounds past the retention
    setting dropped. Returns the number of rounds dropped."""
    from django.utils import timezone

    from casino.services.round_partitions import (
        apply_retention,
        ensure_month_partitions,
        month_of,
        next_month,
    )

    today = timezone.now().date()
    ensure_month_partitions({month_of(today), next_month(month_of(today))})
    return apply_retention(today)
