"""Scheduled jobs, fired by beat from the PeriodicTask rows ``setup_periodic_tasks`` creates."""

from celery import shared_task

from casino.services.expiry import approvals_daily
from certification.services.recertification import recertify_approved
from certification.services.shuffle_logs import certify_table_shuffle_logs
from certification.services.summary import monthly_summary
from certification.tasks.retries import TIMESTAMP_RETRY


@shared_task(name="certification.recertify_approved")
def recertify_approved_task() -> list[str]:
    return [run.certificate_number for run in recertify_approved()]


@shared_task(name="certification.certify_table_shuffle_logs")
def certify_table_shuffle_logs_task() -> list[int]:
    return [cert.pk for cert in certify_table_shuffle_logs()]


@shared_task(name="certification.monthly_summary", **TIMESTAMP_RETRY)
def monthly_summary_task(force: bool = False) -> str | None:
    report = monthly_summary(force=force)
    return report.sha256 if report else None


@shared_task(name="certification.approvals_daily")
def approvals_daily_task(today: str | None = None) -> dict[str, list[int]]:
    """``today`` (YYYY-MM-DD) lets an operator replay a missed day."""
    import datetime as dt

    return approvals_daily(today=dt.date.fromisoformat(today) if today else None)
