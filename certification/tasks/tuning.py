"""Tuning tasks: a step replays the search and sends a batch out; a chunk analyses a few
variants, is acknowledged only once they are recorded, and moves the job on if it is last."""

from celery import shared_task

from certification.services.tuning import tuning_chunk_run, tuning_job_fail, tuning_job_step


@shared_task(name="certification.tuning_step", acks_late=True, reject_on_worker_lost=True)
def tuning_step_task(job_id: int) -> str:
    try:
        return tuning_job_step(job_id=job_id).status
    except Exception as exc:
        tuning_job_fail(job_id=job_id, error=f"step: {exc!r}")
        raise


@shared_task(name="certification.tuning_chunk", acks_late=True, reject_on_worker_lost=True)
def tuning_chunk_task(job_id: int, batch: int, keys: list[str]) -> int:
    try:
        return tuning_chunk_run(job_id=job_id, batch=batch, keys=keys)
    except Exception as exc:
        tuning_job_fail(job_id=job_id, error=f"analysing {keys[:1]}: {exc!r}")
        raise
