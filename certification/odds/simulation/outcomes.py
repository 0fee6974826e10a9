"""Net results as exact integers: every amount times one common denominator."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

MAX_WIDTH = 1 << 22


@dataclass(frozen=True)
class Outcomes:
    """How a variant's bets map net results (fractions of the initial wager) to integers."""

    bets: tuple[str, ...]
    denominator: int
    lo: tuple[int, ...]
    width: tuple[int, ...]

    @classmethod
    def for_values(cls, values: dict[str, list[Fraction]], hands: dict[str, int]) -> Outcomes:
        denominator = 1
        for vs in values.values():
            for v in vs:
                denominator = math.lcm(denominator, Fraction(v).denominator)
        los, widths = [], []
        for bet, vs in values.items():
            scaled = [int(Fraction(v) * denominator) for v in vs]
            lo = hands[bet] * min(min(scaled), 0)
            hi = hands[bet] * max(max(scaled), 0)
            if hi - lo + 1 > MAX_WIDTH:
                raise ValueError(
                    f"the {bet} payouts need a denominator of {denominator}: too fine to count "
                    "exactly (use payouts with smaller denominators)"
                )
            los.append(lo)
            widths.append(hi - lo + 1)
        return cls(tuple(values), denominator, tuple(los), tuple(widths))

    def scale(self, value: Fraction) -> int:
        scaled = Fraction(value) * self.denominator
        if scaled.denominator != 1:
            raise ValueError(f"{value} is not a multiple of 1/{self.denominator}")
        return int(scaled)

    def scale_table(self, table) -> np.ndarray:
        return np.array([[self.scale(v) for v in row] for row in table], dtype=np.int64)

    def histogram_array(self) -> np.ndarray:
        return np.zeros((len(self.bets), max(self.width)), dtype=np.int64)

    def lo_array(self) -> np.ndarray:
        return np.array(self.lo, dtype=np.int64)
