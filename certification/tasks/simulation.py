"""Simulation chunk tasks. A chunk is acknowledged only after it is recorded, so a worker
lost mid-chunk leaves the message to be redelivered; recording is idempotent, so a chunk
delivered twice still counts once."""

from celery import shared_task
from celery.signals import worker_process_init

from certification.services.simulation import (
    compiled_kernels_warm,
    simulation_chunk_run,
    simulation_run_fail,
    simulation_run_finish,
)


@worker_process_init.connect
def warm_compiled_kernels(**_) -> None:
    """Each worker process readies the compiled kernels while it waits for its first task."""
    compiled_kernels_warm()


@shared_task(name="certification.simulation_chunk", acks_late=True, reject_on_worker_lost=True)
def simulation_chunk(run_id: int, index: int) -> bool:
    try:
        return simulation_chunk_run(run_id=run_id, index=index)
    except Exception as exc:
        simulation_run_fail(run_id=run_id, error=f"chunk {index}: {exc!r}")
        raise


@shared_task(name="certification.simulation_finish", acks_late=True)
def simulation_finish(run_id: int) -> str:
    return simulation_run_finish(run_id=run_id).status
