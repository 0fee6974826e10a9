"""A simulation through the broker and two real worker processes equals the local run."""

import time

import pytest

from casino.rules import PRESETS
from certification.models import RunStatus, SimulationChunk, SimulationRun
from certification.odds.simulation import SimulationSpec, run_chunk, run_local
from certification.services.simulation import simulation_chunk_record, simulation_run_start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _spec():
    return SimulationSpec(PRESETS["siete-y-media"], rounds=6 * (1 << 16), seed=4242,
                          strategy="house", chunk_rounds=1 << 16, checkpoint_rounds=1 << 14,
                          variant="siete-y-media")


def _wait(run: SimulationRun, timeout: float = 240) -> SimulationRun:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.status in (RunStatus.DONE, RunStatus.FAILED):
            return run
        time.sleep(0.5)
    raise AssertionError(f"simulation {run.pk} still {run.status} after {timeout} s "
                         f"({run.chunks_done}/{run.chunks_total} chunks)")


def _figures(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("seconds", "rounds_per_second")}


def test_two_workers_give_the_local_result(start_worker):
    start_worker(concurrency=1, name="sim-a")
    start_worker(concurrency=1, name="sim-b")
    spec = _spec()
    run = _wait(simulation_run_start(spec=spec))
    assert run.status == RunStatus.DONE, run.error
    assert run.chunks_done == run.chunks_total == spec.chunks
    workers = set(SimulationChunk.objects.filter(run=run).values_list("worker", flat=True))
    assert workers
    local = run_local(spec, workers=1).to_json(convergence_points=200)
    assert _figures(run.result) == _figures(local)


def test_a_chunk_delivered_twice_is_counted_once(start_worker):
    start_worker(concurrency=2, name="sim-dup")
    spec = _spec()
    run = simulation_run_start(spec=spec, dispatch=False)
    stats = run_chunk(spec, 0)
    assert simulation_chunk_record(run_id=run.pk, index=0, stats=stats) is True
    assert simulation_chunk_record(run_id=run.pk, index=0, stats=stats) is False
    run.refresh_from_db()
    assert run.chunks_done == 1
    assert SimulationChunk.objects.filter(run=run).count() == 1
    # The workers get every chunk, chunk 0 a second time: it still counts once.
    from certification.services.simulation import simulation_run_dispatch

    SimulationRun.objects.filter(pk=run.pk).update(status=RunStatus.RUNNING)
    simulation_run_dispatch(run_id=run.pk)
    run = _wait(run)
    assert run.status == RunStatus.DONE, run.error
    assert run.chunks_done == spec.chunks
    assert SimulationChunk.objects.filter(run=run).count() == spec.chunks
    assert _figures(run.result) == _figures(run_local(spec, workers=1).to_json(convergence_points=200))
