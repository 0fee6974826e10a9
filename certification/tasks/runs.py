"""Certification run tasks: thin wrappers around the pipeline services."""

from celery import shared_task

from certification.services.pipeline import (
    certification_run_begin,
    certification_run_complete,
    queued_runs_resend,
    stale_runs_mark,
)
from certification.tasks.retries import TIMESTAMP_RETRY


@shared_task(name="certification.run_begin", acks_late=True, reject_on_worker_lost=True)
def certification_run_begin_task(run_id: int) -> bool:
    return certification_run_begin(run_id=run_id)


@shared_task(name="certification.run_complete", acks_late=True, reject_on_worker_lost=True)
def certification_run_complete_task(run_id: int) -> bool:
    return certification_run_complete(run_id=run_id)


@shared_task(name="certification.watchdog")
def watchdog_task(older_than_minutes: int = 60) -> dict:
    from certification.services.protection import protection_audits_resume
    from certification.services.simulation import simulation_runs_resume
    from certification.services.tuning import tuning_jobs_resume

    quiet = min(older_than_minutes, 15)
    return {
        "simulations_resumed": simulation_runs_resume(older_than_minutes=quiet),
        "certifications_resent": queued_runs_resend(older_than_minutes=quiet),
        "certifications_failed": stale_runs_mark(older_than_minutes=older_than_minutes),
        "tunings_resumed": tuning_jobs_resume(older_than_minutes=quiet),
        "protection_audits_resumed": protection_audits_resume(older_than_minutes=quiet),
    }


# A timestamp authority away for a while must not leave an approval without its certificate.
@shared_task(name="certification.issue_approved", acks_late=True, reject_on_worker_lost=True,
             **TIMESTAMP_RETRY)
def issue_approved_task(run_id: int, approver_id: int) -> str:
    from certification.services.certificates import certificate_issue_approved

    return certificate_issue_approved(run_id=run_id, approver_id=approver_id)
