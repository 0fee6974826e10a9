"""Celery tasks: thin wrappers that load ids and call services (one module per concern)."""

from .floor import floor_check_task, floor_rounds_arrived_task, monthly_statistics_task
from .packets import final_approval_packet_build_task, packet_build_task
from .runs import (
    certification_run_begin_task,
    certification_run_complete_task,
    issue_approved_task,
    watchdog_task,
)
from .schedules import (
    approvals_daily_task,
    certify_table_shuffle_logs_task,
    monthly_summary_task,
    recertify_approved_task,
)
from .simulation import simulation_chunk, simulation_finish
from .system import worker_probe
from .tuning import tuning_chunk_task, tuning_step_task

__all__ = [
    "floor_check_task",
    "floor_rounds_arrived_task",
    "monthly_statistics_task",
    "approvals_daily_task",
    "certification_run_begin_task",
    "certification_run_complete_task",
    "certify_table_shuffle_logs_task",
    "issue_approved_task",
    "monthly_summary_task",
    "recertify_approved_task",
    "simulation_chunk",
    "simulation_finish",
    "tuning_chunk_task",
    "tuning_step_task",
    "watchdog_task",
    "worker_probe",
    "packet_build_task",
    "final_approval_packet_build_task",
]
from .protection import protection_begin_task, protection_chunk_task  # noqa: E402

__all__ += ["protection_begin_task", "protection_chunk_task"]
