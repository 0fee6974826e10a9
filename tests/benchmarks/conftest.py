"""Benchmark harness: every figure is reported as a ratio against a baseline timed in the same run.

The machines are shared and noisy, so an absolute number means little on its own; a ratio
against a baseline measured seconds earlier on the same core does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    baseline_name: str
    baseline_value: float
    higher_is_better: bool
    target: str

    @property
    def ratio(self) -> float:
        if self.higher_is_better:
            return self.value / self.baseline_value
        return self.baseline_value / self.value


_FIGURES: list[Figure] = []


def forget_shared_dealers() -> None:
    """The exact engine keeps the dealers it counted for the next analysis (a payout change
    re-prices in milliseconds); a timed analysis starts without them."""
    from certification.odds.seven_half import dealer_reuse

    dealer_reuse._shared = None


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """Smallest wall time of ``repeat`` calls: the least disturbed by other load. Each call
    starts cold: no dealer an earlier call counted is reused."""
    best = float("inf")
    for _ in range(repeat):
        forget_shared_dealers()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


@pytest.fixture
def record_figure() -> Callable[..., Figure]:
    def record(
        name: str,
        value: float,
        unit: str,
        *,
        baseline_name: str,
        baseline_value: float,
        higher_is_better: bool,
        target: str = "",
    ) -> Figure:
        figure = Figure(name, value, unit, baseline_name, baseline_value, higher_is_better, target)
        _FIGURES.append(figure)
        return figure

    return record


def pytest_terminal_summary(terminalreporter) -> None:
    if not _FIGURES:
        return
    write = terminalreporter.write_line
    write("")
    write("benchmark figures (ratio = how many times better than the baseline in this run)")
    for f in _FIGURES:
        write(
            f"  {f.name}: {f.value:.6g} {f.unit} | baseline {f.baseline_name}: "
            f"{f.baseline_value:.6g} {f.unit} | ratio {f.ratio:.2f}x"
            + (f" | target {f.target}" if f.target else "")
        )
