"""Surveillance scan task: a thin wrapper around ``certification.services.surveillance``."""

from celery import shared_task

from certification.services.surveillance import surveillance_scan


@shared_task(name="certification.surveillance_scan", acks_late=True, reject_on_worker_lost=True)
def surveillance_scan_task(table_pk: int) -> int:
    return len(surveillance_scan(table_pk=table_pk))


def scan_stored_tables(sender, *, table_pks, **kwargs) -> None:
    """``rounds_stored`` receiver: the tables that just received rounds are scanned."""
    for pk in table_pks:
        surveillance_scan_task.delay(pk)
