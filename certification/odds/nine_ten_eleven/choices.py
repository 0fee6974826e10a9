"""The first-hand decision of 9-10-11 and what its alternatives are worth."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass
class FirstHandChoice:
    """What a non-qualifying first hand is worth folded and bought (per initial main bet)."""

    action: str
    buy_main: Fraction | None = None
    buy_dice: Fraction | None = None
    buy_bonus: Fraction | None = None
