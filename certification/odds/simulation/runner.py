"""Run definition, chunk execution and the local multi-process runner.

A run is defined by its ``SimulationSpec``: the variant's rules, the strategy, the
number of rounds, the root seed and the chunk size. Chunk i draws its words from
``SeedSequence(seed, spawn_key=(i,))``, so any worker can rebuild any chunk from
(spec, i) alone, and the merged result is the same however the chunks are shared out.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from casino.rules.model import Rules
from casino.rules.schema import rules_from_dict, rules_to_dict

from .stats import ChunkStats, merge_chunks
from .strategies import StrategyError
from .summary import SimulationSummary

DEFAULT_CHUNK_ROUNDS = 1 << 20
DEFAULT_CHECKPOINT_ROUNDS = 1 << 16


@dataclass(frozen=True)
class SimulationSpec:
    rules: Rules
    rounds: int
    seed: int
    strategy: str = "optimal"
    """optimal (the exact engine's policy), dealer, house, or a chart's name."""
    chart: dict[str, Any] | None = field(default=None, compare=False, hash=False)
    """The strategy chart's JSON data when ``strategy`` names a chart."""
    chunk_rounds: int = DEFAULT_CHUNK_ROUNDS
    checkpoint_rounds: int = DEFAULT_CHECKPOINT_ROUNDS
    variant: str = ""

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise ValueError(f"rounds must be at least 1, not {self.rounds}")
        if self.chunk_rounds < 1 or self.checkpoint_rounds < 1:
            raise ValueError("chunk_rounds and checkpoint_rounds must be at least 1")
        if not 0 <= self.seed < 2 ** 128:
            raise ValueError("the seed must be a non-negative integer below 2**128")

    @property
    def chunks(self) -> int:
        return -(-self.rounds // self.chunk_rounds)

    def chunk_size(self, index: int) -> int:
        if not 0 <= index < self.chunks:
            raise IndexError(f"chunk {index} is outside 0..{self.chunks - 1}")
        return min(self.chunk_rounds, self.rounds - index * self.chunk_rounds)

    def to_dict(self) -> dict[str, Any]:
        return {"rules": rules_to_dict(self.rules), "rounds": self.rounds, "seed": self.seed,
                "strategy": self.strategy, "chart": self.chart,
                "chunk_rounds": self.chunk_rounds, "checkpoint_rounds": self.checkpoint_rounds,
                "variant": self.variant}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SimulationSpec:
        return cls(rules=rules_from_dict(data["rules"]), rounds=int(data["rounds"]),
                   seed=int(data["seed"]), strategy=data.get("strategy", "optimal"),
                   chart=data.get("chart"),
                   chunk_rounds=int(data.get("chunk_rounds", DEFAULT_CHUNK_ROUNDS)),
                   checkpoint_rounds=int(data.get("checkpoint_rounds", DEFAULT_CHECKPOINT_ROUNDS)),
                   variant=data.get("variant", ""))

    def plan_key(self) -> str:
        return json.dumps([rules_to_dict(self.rules), self.strategy, self.chart], sort_keys=True)


@lru_cache(maxsize=16)
def exact_result(rules: Rules):
    """The exact analysis (optimal policy and figures), computed once per process."""
    from ..analysis import analyze

    return analyze(rules)


def resolve_policy(spec: SimulationSpec):
    from .strategies import STRATEGY_NAMES, ChartStrategy, simple_strategy

    if spec.chart is not None:
        return ChartStrategy(spec.rules, spec.chart, name=spec.strategy)
    if spec.strategy == "optimal":
        return exact_result(spec.rules).policy
    if spec.strategy in STRATEGY_NAMES:
        return simple_strategy(spec.rules, spec.strategy)
    raise StrategyError(f"unknown strategy {spec.strategy!r} (optimal, dealer, house or a chart)")


def build_plan(spec: SimulationSpec, policy=None):
    """The kernel's tables for this spec's rules and strategy.

    With no ``policy`` the spec's own strategy is used and the plan comes from the disk
    cache when an identical one was built before (``plan_cache.py``); a policy passed in
    is used as given and nothing is cached.
    """
    from .plans import plan_for_rules

    if policy is not None:
        return plan_for_rules(spec.rules, policy)
    from .plan_cache import load_plan, store_plan

    key = spec.plan_key()
    plan = load_plan(key)
    if plan is None:
        plan = plan_for_rules(spec.rules, resolve_policy(spec))
        store_plan(key, plan)
    return plan


@lru_cache(maxsize=8)
def _cached_plan(key: str):
    data = json.loads(key)
    spec = SimulationSpec(rules_from_dict(data[0]), 1, 0, strategy=data[1], chart=data[2])
    return build_plan(spec)


def run_chunk(spec: SimulationSpec, index: int, plan=None) -> ChunkStats:
    """Play chunk ``index`` of the run; the plan is built (and cached) when not given."""
    if plan is None:
        plan = _cached_plan(spec.plan_key())
    from .stats import BetTally

    rounds = spec.chunk_size(index)
    outcomes = plan.outcomes
    hist = outcomes.histogram_array()
    sums = _CheckpointSums(outcomes, rounds)
    with _wrapping():
        run = plan.runner(spec.seed, index)
    checkpoints: list[list[tuple[int, int, int]]] = [[] for _ in outcomes.bets]
    played = 0
    with _wrapping():
        while played < rounds:
            block = min(spec.checkpoint_rounds, rounds - played)
            run(block, hist)
            played += block
            for b, series in enumerate(checkpoints):
                series.append((played, *sums(b, hist)))
    bets = {}
    for b, name in enumerate(outcomes.bets):
        row = hist[b, : outcomes.width[b]]
        nz = np.flatnonzero(row)
        bets[name] = BetTally({int(sums.nets[b][i]): int(row[i]) for i in nz}, tuple(checkpoints[b]))
    return ChunkStats(index, rounds, outcomes.denominator, bets)


def _wrapping():
    """Interpreted kernels wrap uint64 arithmetic as C does: silence numpy's warning."""
    from ._jit import HAVE_NUMBA

    return contextlib.nullcontext() if HAVE_NUMBA else np.errstate(over="ignore")


class _CheckpointSums:
    """Exact (sum, sum of squares) of a bet's histogram row.

    Machine integers when no sum over the chunk can pass 2**63 (always, with payouts of
    ordinary denominators), Python integers otherwise.
    """

    def __init__(self, outcomes, rounds: int):
        self.nets = [np.arange(w, dtype=np.int64) + lo
                     for w, lo in zip(outcomes.width, outcomes.lo, strict=True)]
        self.width = outcomes.width
        self.fast = [int(max(abs(int(v[0])), abs(int(v[-1])))) ** 2 * max(rounds, 1) < 2 ** 62
                     for v in self.nets]
        self.squares = [v * v if fast else None for v, fast in zip(self.nets, self.fast, strict=True)]

    def __call__(self, b: int, hist: np.ndarray) -> tuple[int, int]:
        row = hist[b, : self.width[b]]
        if self.fast[b]:
            return int(row @ self.nets[b]), int(row @ self.squares[b])
        nz = np.flatnonzero(row)
        counts = [int(c) for c in row[nz]]
        values = [int(v) for v in self.nets[b][nz]]
        return (sum(c * v for c, v in zip(counts, values, strict=True)),
                sum(c * v * v for c, v in zip(counts, values, strict=True)))


_WORKER_PLAN = None


def _init_worker(plan) -> None:
    global _WORKER_PLAN
    _WORKER_PLAN = plan


def _worker_chunk(spec: SimulationSpec, index: int) -> ChunkStats:
    return run_chunk(spec, index, _WORKER_PLAN)


def run_local(spec: SimulationSpec, workers: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              indices: list[int] | None = None) -> SimulationSummary:
    """Run every chunk in a pool of local processes (default: all cores) and merge.

    The seconds it reports (and so its rounds per second) cover all of it: the exact
    analysis, the plan, loading the kernels, the chunks and the merge.
    """
    start = time.perf_counter()
    exact = exact_result(spec.rules) if spec.strategy == "optimal" and spec.chart is None else None
    plan = build_plan(spec)
    todo = list(range(spec.chunks)) if indices is None else list(indices)
    workers = max(1, min(workers or os.cpu_count() or 1, len(todo)))
    chunks: list[ChunkStats] = []
    if workers == 1:
        for i in todo:
            chunks.append(run_chunk(spec, i, plan))
            if progress:
                progress(len(chunks), len(todo))
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker,
                                 initargs=(plan,)) as pool:
            futures = [pool.submit(_worker_chunk, spec, i) for i in todo]
            for future in as_completed(futures):
                chunks.append(future.result())
                if progress:
                    progress(len(chunks), len(todo))
    tally = merge_chunks(chunks)
    return _summary(spec, tally, time.perf_counter() - start, exact)


def summarize(spec: SimulationSpec, chunks: list[ChunkStats], *, seconds: float = 0.0,
              exact=None) -> SimulationSummary:
    return _summary(spec, merge_chunks(chunks), seconds, exact)


def _summary(spec: SimulationSpec, tally, seconds: float, exact) -> SimulationSummary:
    return SimulationSummary.from_tally(
        tally, variant=spec.variant or spec.rules.family, seed=spec.seed,
        strategy=spec.strategy, chunk_rounds=spec.chunk_rounds, seconds=seconds, exact=exact)
