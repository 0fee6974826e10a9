"""Surveillance scan task: a thin wrapper around ``certification.services.surveillance``."""

import logging

from celery import shared_task
from django.core.cache import cache

SCAN_DELAY = 60
"""Seconds a table's scan waits after rounds arrive: the batches of that minute are scanned
once, not once each (a scan replays the table's rounds)."""


@shared_task(name="certification.surveillance_scan", acks_late=True, reject_on_worker_lost=True)
def surveillance_scan_task(table_pk: int) -> int:
    from certification.services.surveillance import surveillance_scan

    cache.delete(_pending(table_pk))
    return len(surveillance_scan(table_pk=table_pk))


def _pending(table_pk: int) -> str:
    return f"surveillance-scan-pending:{table_pk}"


def scan_stored_tables(sender, *, table_pks, **kwargs) -> None:
    """``rounds_stored`` receiver: each table that just received rounds is scanned once soon."""
    for pk in table_pks:
        if not cache.add(_pending(pk), 1, timeout=SCAN_DELAY * 10):
            continue
        try:
            surveillance_scan_task.apply_async((pk,), countdown=SCAN_DELAY)
        except Exception:  # the broker is down: the ingest's answer must not fail after its commit
            cache.delete(_pending(pk))
            logging.getLogger(__name__).exception("surveillance scan of table %s not queued", pk)
