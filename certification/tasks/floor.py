"""The floor's checks on the workers: as rounds arrive, daily, and the monthly statistics on the 1st."""

from __future__ import annotations

import datetime as dt

from celery import shared_task

from certification.tasks.retries import TIMESTAMP_RETRY

# The services are imported in the tasks: the web process imports this module (to send the
# tasks) and starts without the numerical libraries the checks load.


@shared_task(name="certification.floor_rounds_arrived")
def floor_rounds_arrived_task(batch_pk: int) -> list[int]:
    from certification.services.floor_checks import floor_rounds_arrived

    return [a.pk for a in floor_rounds_arrived(batch_pk=batch_pk)]


@shared_task(name="certification.floor_check")
def floor_check_task(day: str | None = None) -> list[int]:
    """The trailing 30 days to ``day`` (YYYY-MM-DD; today by default)."""
    from django.utils import timezone

    from certification.services.floor_checks import floor_check_run

    when = dt.date.fromisoformat(day) if day else timezone.localdate()
    return [a.pk for a in floor_check_run(day=when)]


@shared_task(name="certification.monthly_statistics", **TIMESTAMP_RETRY)
def monthly_statistics_task(month: str | None = None) -> list[str]:
    from certification.services.monthly_statistics import monthly_statistics_issue_all

    reports = monthly_statistics_issue_all(month=dt.date.fromisoformat(month) if month else None)
    return [r.sha256 for r in reports]
