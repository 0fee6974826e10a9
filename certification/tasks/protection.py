"""Game protection audit tasks: thin wrappers around ``certification.services.protection``."""

from celery import shared_task

from certification.services.protection import (
    protection_audit_begin,
    protection_audit_fail,
    protection_chunk_run,
)


@shared_task(name="certification.protection_begin", acks_late=True, reject_on_worker_lost=True)
def protection_begin_task(audit_id: int) -> bool:
    try:
        return protection_audit_begin(audit_id=audit_id)
    except Exception as exc:
        protection_audit_fail(audit_id=audit_id, error=f"exact part: {exc!r}")
        raise


@shared_task(name="certification.protection_chunk", acks_late=True, reject_on_worker_lost=True)
def protection_chunk_task(audit_id: int, job: int, index: int) -> bool:
    try:
        return protection_chunk_run(audit_id=audit_id, job=job, index=index)
    except Exception as exc:
        protection_audit_fail(audit_id=audit_id, error=f"chunk {job}/{index}: {exc!r}")
        raise
