"""Exact Siete y Media with opening, as ratios against the plain Siete y Media analysis.

The plain analysis (no opening) is timed in the same run; each opening figure is how many
times longer the variant takes. The issue's targets are absolute (one core: twice <= 1 s,
three times <= 5 s), so the seconds are printed too; on a shared machine read the ratio.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from casino.rules import preset
from certification.odds.seven_half import analyze_seven_half
from tests.benchmarks.conftest import best_of

SIETE = preset("siete-y-media")
CASES = {
    "Siete y Media opening twice": (replace(SIETE, split_figures=True, max_splits=2), 1.0),
    "Siete y Media opening three times": (replace(SIETE, split_figures=True, max_splits=3), 5.0),
    "Siete y Media opening three times, hidden upcard": (
        replace(SIETE, split_figures=True, max_splits=3, dealer_upcard_visible=False), 5.0),
    "Sette e Mezzo (matta, hidden upcard) opening three times": (
        replace(preset("sette-e-mezzo"), split_figures=True, max_splits=3), 5.0),
}


@pytest.fixture(scope="module")
def plain() -> float:
    return best_of(lambda: analyze_seven_half(SIETE), repeat=5)


@pytest.mark.parametrize("name", list(CASES))
def test_opening_speed(name, plain, record_figure) -> None:
    rules, target = CASES[name]
    seconds = best_of(lambda: analyze_seven_half(rules), repeat=3)
    figure = record_figure(f"exact {name}", seconds, "s",
                           baseline_name="plain Siete y Media", baseline_value=plain,
                           higher_is_better=False, target=f"<= {target:g} s on one core")
    print(f"{name}: {seconds:.3f} s = {seconds / plain:.1f} x the plain analysis (ratio {figure.ratio:.3f})")
    assert seconds < target * 3  # shared machines: fail only far off the target
