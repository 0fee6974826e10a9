"""Every figure of the exact Seven-and-a-Half analysis, pinned as fractions, opening included.

The reference (data/seven_half_exact.json, written by exact_reference.py) holds, per variant,
the EV, the whole outcome table, the probability of every decision, the average wager and
the strategy charts. It was written before the opening count was restructured, so equality
here means the faster engine counts exactly the rounds the plain recursion counted.
"""

from __future__ import annotations

import pytest

from certification.odds.seven_half import analyze_seven_half
from tests.odds.exact_reference import VARIANTS, figures_of, load, rules_of

REFERENCE = load()
SLOW = {"siete opening 3", "sette (matta, hidden) opening 3", "siete hidden opening 3"}


def _check(name: str) -> None:
    result = analyze_seven_half(rules_of(name), name)
    expected = {k: v for k, v in REFERENCE[name].items() if k != "seconds_when_pinned"}
    got = figures_of(result)
    for field in ("ev", "average_wager", "decisions", "outcomes", "strategy"):
        assert got[field] == expected[field], (name, field)


def test_every_variant_is_pinned() -> None:
    assert set(REFERENCE) == set(VARIANTS)


@pytest.mark.parametrize("name", [n for n in VARIANTS if n not in SLOW])
def test_exact_figures_are_unchanged(name: str) -> None:
    _check(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW))
def test_exact_figures_are_unchanged_with_more_openings(name: str) -> None:
    _check(name)
