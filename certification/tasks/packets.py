"""Submission packet task: a thin wrapper around the packet service."""

from celery import shared_task

from certification.services.final_approval import final_approval_packet_execute
from certification.services.packets import packet_job_execute


@shared_task(name="certification.packet_build", acks_late=True, reject_on_worker_lost=True)
def packet_build_task(job_id: int) -> bool:
    return packet_job_execute(job_id=job_id)


@shared_task(name="certification.final_approval_packet_build", acks_late=True, reject_on_worker_lost=True)
def final_approval_packet_build_task(job_id: int) -> bool:
    return final_approval_packet_execute(job_id=job_id)
