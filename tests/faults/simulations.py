"""Helpers shared by the fault tests: a simulation slow enough to kill a worker inside."""

from __future__ import annotations

import json
import time

import redis

from casino.rules import PRESETS
from certification.models import RunStatus, SimulationRun
from certification.odds.simulation import SimulationSpec, run_local
from tests.support.parallel import broker_key

# Unlimited draws (the home version); 2**24 rounds take one to two seconds per chunk here.
CHUNK_ROUNDS = 1 << 24


def slow_spec(chunks: int = 4, seed: int = 90125) -> SimulationSpec:
    return SimulationSpec(PRESETS["seven-half-home"], rounds=chunks * CHUNK_ROUNDS, seed=seed,
                          strategy="house", chunk_rounds=CHUNK_ROUNDS,
                          checkpoint_rounds=CHUNK_ROUNDS // 4, variant="seven-half-home")


def figures(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("seconds", "rounds_per_second")}


def local_figures(spec: SimulationSpec) -> dict:
    return figures(run_local(spec, workers=1).to_json(convergence_points=200))


def wait_for(predicate, timeout: float, what: str, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def wait_finished(run: SimulationRun, timeout: float = 240) -> SimulationRun:
    def finished():
        run.refresh_from_db()
        return run.status in (RunStatus.DONE, RunStatus.FAILED)

    wait_for(finished, timeout, f"simulation {run.pk} to finish")
    return run


def unacked_chunks(broker_url: str) -> list[int]:
    """Indices of the chunk messages a worker has taken but not acknowledged."""
    client = redis.Redis.from_url(broker_url)
    try:
        entries = client.hvals(broker_key("unacked"))
    finally:
        client.close()
    indices = []
    for raw in entries:
        message = json.loads(raw)[0]
        headers = message.get("headers", {})
        if headers.get("task") == "certification.simulation_chunk":
            indices.append(int(headers["argsrepr"].strip("()").split(",")[1]))
    return indices
