"""Simulation speed per core as a user gets it, against a 16-lane reference kernel in the same run.

Each preset is simulated by ``manage.py simulate PRESET --rounds N --workers 1 --json`` in a
fresh process, as a user would run it, so start-up, the exact analysis, the plan, loading
the compiled kernels, chunking and merging all count. The command's own figure (rounds /
its seconds) and the whole process's (rounds / wall time) are both printed, each as a
ratio to ``reference_kernel.play`` timed just before it: what the machine does with a
fixed strategy and nothing around the loop.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

from casino.rules import PRESETS
from certification.odds.simulation import SimulationSpec, run_local
from tests.benchmarks import reference_kernel
from tests.benchmarks.conftest import best_of

ROOT = Path(__file__).resolve().parents[2]
# Rounds for a long run (several seconds at the target) and the target, per preset.
RUNS = {
    "seven-half-casino": (1_600_000_000, 2.5e8),
    "seven-half-home": (200_000_000, 3e7),
    "sette-e-mezzo": (200_000_000, 3e7),
    "siete-y-media": (200_000_000, 3e7),
    "nine-ten-eleven": (160_000_000, 2.5e7),
}
REFERENCE_ROUNDS = 1 << 27


def reference_rate() -> float:
    state = reference_kernel.seeded_state(1)
    counts = np.zeros(4, dtype=np.int64)
    reference_kernel.play(state, 16, counts)  # compile
    return REFERENCE_ROUNDS / best_of(
        lambda: reference_kernel.play(state, REFERENCE_ROUNDS // reference_kernel.LANES, counts),
        repeat=3)


def simulate(name: str, rounds: int, env: dict | None = None) -> tuple[dict, float]:
    """The command's JSON and the process's wall seconds."""
    base = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}  # local run
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "manage.py", "simulate", name, "--rounds", str(rounds), "--seed", "1",
         "--workers", "1", "--json"],
        cwd=ROOT, env={**base, **(env or {})}, capture_output=True, text=True, check=True,
        timeout=1800)
    return json.loads(out.stdout), time.perf_counter() - start


def test_the_reference_kernel_plays_the_round_it_claims():
    counts = np.zeros(4, dtype=np.int64)
    reference_kernel.play(reference_kernel.seeded_state(7), 1 << 18, counts)
    exact = reference_kernel.exact_counts()
    p = exact / exact.sum()
    n = counts.sum()
    z = (counts - n * p) / np.sqrt(n * p * (1 - p))
    assert np.all(np.abs(z) < 5), z


@pytest.mark.parametrize("name", list(RUNS))
def test_simulate_command_rounds_per_second(name, record_figure):
    rounds, target = RUNS[name]
    simulate(name, 1000)  # the kernels are on disk from here on, as on any machine past its first run
    # Timed before and after the run (their geometric mean), so that a change of load on a
    # shared machine during the run moves the baseline with it.
    before = reference_rate()
    result, wall = simulate(name, rounds)
    reference = (before * reference_rate()) ** 0.5
    record_figure(f"{name}: simulate --workers 1 --json, {rounds:.2g} rounds, reported",
                  result["rounds_per_second"], "rounds/s",
                  baseline_name="16-lane reference kernel (fixed strategy)",
                  baseline_value=reference, higher_is_better=True,
                  target=f">= {target:.2g} rounds/s" + (", ratio >= 0.75" if target > 1e8 else ""))
    record_figure(f"{name}: the same, whole process (start-up included)", rounds / wall,
                  "rounds/s", baseline_name="16-lane reference kernel (fixed strategy)",
                  baseline_value=reference, higher_is_better=True)


def test_first_simulate_in_a_fresh_process(record_figure):
    """Wall time of a first ``simulate --rounds 1000000`` in a new process, kernels on disk."""
    simulate("seven-half-casino", 1000)
    cold_cache = tempfile.mkdtemp(prefix="tablecert-numba-")
    try:
        _, cold = simulate("seven-half-casino", 1_000_000, {"NUMBA_CACHE_DIR": cold_cache})
    finally:
        shutil.rmtree(cold_cache, ignore_errors=True)
    for name in RUNS:
        simulate(name, 1000)
        warm = min(simulate(name, 1_000_000)[1] for _ in range(2))
        record_figure(f"start-up: first simulate {name} --rounds 1e6, fresh process", warm,
                      "wall s", baseline_name="seven-half-casino compiling its kernels (empty cache)",
                      baseline_value=cold, higher_is_better=False, target="<= 3 wall s")


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs two cores")
def test_two_workers_on_two_cores(record_figure):
    spec = SimulationSpec(PRESETS["siete-y-media"], rounds=1 << 24, seed=3, chunk_rounds=1 << 20)
    run_local(SimulationSpec(spec.rules, rounds=1000, seed=1), workers=2)

    def timed(workers):
        start = time.perf_counter()
        run_local(spec, workers=workers)
        return time.perf_counter() - start

    one = min(timed(1) for _ in range(2))
    two = min(timed(2) for _ in range(2))
    record_figure("siete-y-media, two workers", spec.rounds / two, "rounds/s",
                  baseline_name="one worker", baseline_value=spec.rounds / one,
                  higher_is_better=True, target=">= 1.8x one worker on a quiet machine")
