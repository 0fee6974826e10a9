"""Where each step of a certification run sits on its 0-100 progress bar.

The pipeline moves the bar step by step; the simulation service, whose chunks arrive on any
worker, moves it through the simulation's band.
"""

from __future__ import annotations

from certification.models import CertificationRun, RunStatus, SimulationRun

EXACT_DONE, RANDOMNESS_DONE, SIMULATION_DONE = 30, 40, 90
SIMULATING = "simulation"


def simulation_progress_changed(*, simulation: SimulationRun) -> None:
    """Mirror a simulation's progress onto its certification run's bar."""
    if simulation.certification_run_id is None:
        return
    span = SIMULATION_DONE - RANDOMNESS_DONE
    CertificationRun.objects.filter(
        pk=simulation.certification_run_id, status=RunStatus.RUNNING, step=SIMULATING
    ).update(progress=RANDOMNESS_DONE + span * simulation.progress // 100)
