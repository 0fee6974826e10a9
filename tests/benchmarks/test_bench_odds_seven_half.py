"""Speed of the exact Seven-and-a-Half analysis, as ratios against a baseline of this run.

Baseline: the independent brute force (plain Fractions, every card tried in turn) on the
casino preset with a 10-card deck; it is the obvious way to write the analysis.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from casino.rules import preset
from certification.odds.seven_half import analyze_seven_half
from tests.odds.bruteforce_seven_half import solve

ONE_SUIT = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD"]
SIETE = preset("siete-y-media")
CASES = {
    "seven-half-casino": (preset("seven-half-casino"), 0.010),
    "seven-half-home": (preset("seven-half-home"), 0.300),
    "sette-e-mezzo": (preset("sette-e-mezzo"), 0.300),
    "siete-y-media": (SIETE, 0.300),
    **{f"siete-y-media exchange {k}": (replace(SIETE, four_exchange_max=k), 0.300) for k in (1, 2, 3, 4)},
    "siete-y-media shoot": (replace(SIETE, shoot_seven=True), 0.300),
    # Opening is counted jointly over every hand of the round (exact); two and three
    # openings are in test_bench_opening.py, against the plain analysis.
    "siete-y-media opening 1": (replace(SIETE, split_figures=True, max_splits=1), 1.000),
}


@pytest.fixture(scope="module")
def baseline(request):
    from tests.benchmarks.conftest import best_of

    casino = preset("seven-half-casino")
    return best_of(lambda: solve(casino, ONE_SUIT), repeat=3)


@pytest.mark.parametrize("name", list(CASES))
def test_exact_analysis_speed(name, baseline, record_figure) -> None:
    from tests.benchmarks.conftest import best_of

    rules, target = CASES[name]
    seconds = best_of(lambda: analyze_seven_half(rules), repeat=3 if target < 5 else 1)
    record_figure(f"exact {name}", seconds, "s", baseline_name="brute force casino, 10 cards",
                  baseline_value=baseline, higher_is_better=False, target=f"< {target * 1000:g} ms")
    assert seconds < target * 3  # shared machines: fail only far off the target
