"""The first-hand decision of 9-10-11 and what its alternatives are worth."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass
class FirstHandChoice:
    """What a non-qualifying first hand is worth folded and bought (per initial main bet)."""

    action: str
    buy_main: Fraction | None = None
    buy_dice: Fraction | None = None
    buy_bonus: Fraction | None = None


def expected_value(dist: Mapping[Hashable, Fraction | int], ev: Callable) -> Fraction:
    """The mean of ``ev`` over a distribution given as weights (counts or probabilities)."""
    total = sum(dist.values())
    return sum((w * ev(c) for c, w in dist.items()), Fraction(0)) / total
