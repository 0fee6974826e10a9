"""Simulation of every rule variant: compiled kernels, chunked, exactly mergeable.

A run is a ``SimulationSpec`` (rules, strategy, rounds, root seed, chunk size). Chunk i
deals from ``SeedSequence(seed, spawn_key=(i,))``; each chunk returns integer statistics
(``ChunkStats``) that merge exactly, so the ``SimulationSummary`` is the same whatever the
number of workers or the order chunks finish in. Importing this package loads neither
numba nor the kernels; they load when a chunk first runs.
"""

from .runner import (
    DEFAULT_CHECKPOINT_ROUNDS,
    DEFAULT_CHUNK_ROUNDS,
    SimulationSpec,
    build_plan,
    exact_result,
    run_chunk,
    run_local,
    summarize,
)
from .stats import BetTally, ChunkStats, RunTally, merge_chunks
from .strategies import STRATEGY_NAMES, StrategyError, load_chart
from .summary import BetSummary, ConfidenceInterval, SimulationSummary

__all__ = [
    "DEFAULT_CHECKPOINT_ROUNDS",
    "DEFAULT_CHUNK_ROUNDS",
    "STRATEGY_NAMES",
    "BetSummary",
    "BetTally",
    "ChunkStats",
    "ConfidenceInterval",
    "RunTally",
    "SimulationSpec",
    "SimulationSummary",
    "StrategyError",
    "build_plan",
    "exact_result",
    "load_chart",
    "merge_chunks",
    "run_chunk",
    "run_local",
    "summarize",
]
