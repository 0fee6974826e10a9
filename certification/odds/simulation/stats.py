"""Mergeable per-chunk statistics and the summary of a whole run.

A chunk reports, per bet, the exact histogram of its net results (net x denominator ->
count) and cumulative (rounds, sum, sum of squares) at fixed checkpoints. Every figure is
an integer, so merging is exact and a run's result does not depend on how many workers
shared it or in which order its chunks came back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Checkpoint = tuple[int, int, int]


@dataclass(frozen=True)
class BetTally:
    histogram: dict[int, int]
    """Net result times the run's denominator -> number of rounds."""
    checkpoints: tuple[Checkpoint, ...] = ()
    """Cumulative (rounds, sum, sum of squares) within the chunk, in scaled units."""

    @property
    def count(self) -> int:
        return sum(self.histogram.values())

    @property
    def total(self) -> int:
        return sum(k * v for k, v in self.histogram.items())

    @property
    def total_sq(self) -> int:
        return sum(k * k * v for k, v in self.histogram.items())

    def to_dict(self) -> dict[str, Any]:
        return {"histogram": [[k, v] for k, v in sorted(self.histogram.items())],
                "checkpoints": [list(c) for c in self.checkpoints]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BetTally:
        return cls({int(k): int(v) for k, v in data["histogram"]},
                   tuple(tuple(int(x) for x in c) for c in data.get("checkpoints", ())))


@dataclass(frozen=True)
class ChunkStats:
    index: int
    rounds: int
    denominator: int
    bets: dict[str, BetTally] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "rounds": self.rounds, "denominator": self.denominator,
                "bets": {name: t.to_dict() for name, t in self.bets.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChunkStats:
        return cls(int(data["index"]), int(data["rounds"]), int(data["denominator"]),
                   {name: BetTally.from_dict(t) for name, t in data["bets"].items()})


@dataclass(frozen=True)
class RunTally:
    """All chunks of a run merged: histograms summed, checkpoints laid end to end."""

    rounds: int
    denominator: int
    histograms: dict[str, dict[int, int]]
    series: dict[str, list[Checkpoint]]


def merge_chunks(chunks: list[ChunkStats]) -> RunTally:
    if not chunks:
        raise ValueError("no chunks to merge")
    ordered = sorted(chunks, key=lambda c: c.index)
    indices = [c.index for c in ordered]
    if indices != list(range(len(ordered))):
        missing = sorted(set(range(max(indices) + 1)) - set(indices))
        raise ValueError(f"chunks are missing or repeated (missing: {missing[:10]})")
    denominators = {c.denominator for c in ordered}
    if len(denominators) != 1:
        raise ValueError("chunks of different runs cannot be merged (denominators differ)")
    histograms: dict[str, dict[int, int]] = {}
    series: dict[str, list[Checkpoint]] = {}
    offset = 0
    for chunk in ordered:
        for name, tally in chunk.bets.items():
            h = histograms.setdefault(name, {})
            for k, v in tally.histogram.items():
                h[k] = h.get(k, 0) + v
            s = series.setdefault(name, [])
            base = s[-1] if s else (0, 0, 0)
            for r, t, q in tally.checkpoints:
                s.append((offset + r, base[1] + t, base[2] + q))
        offset += chunk.rounds
    return RunTally(offset, denominators.pop(), histograms, series)
