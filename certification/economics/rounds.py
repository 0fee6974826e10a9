"""One round at a table: several seats against one dealer hand, in units of a seat's bet.

Each seat's net is exact from the engine jointly with what the seats share (the dealer's
upcard when seen and where the dealer ends; in 9-10-11 the die). The seats are modelled as
conditionally independent given that shared outcome: what ties them is the dealer, and
card removal between seats is left out, as in the heads-up figures (RULES.md). Then

    Cov(seat i, seat j) = Var(E[X | dealer])   (exact from the joint law),
    Var(table round)    = S Var(X) + S (S - 1) Cov,

and the table's result law per round is the mixture over the dealer's outcomes of the
S-fold convolution of a seat's conditional law.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from .lattice import LatticeLaw, common_denominator


def _moments(law: dict[Fraction, Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    mass = sum(law.values(), Fraction(0))
    first = sum((x * p for x, p in law.items()), Fraction(0))
    second = sum((x * x * p for x, p in law.items()), Fraction(0))
    return mass, first, second


@dataclass(frozen=True)
class SeatLaw:
    """A seat's net per initial wager, jointly with the dealer's outcome (exact)."""

    joint: dict[str, dict[Fraction, Fraction]]

    def __post_init__(self) -> None:
        total = sum((p for row in self.joint.values() for p in row.values()), Fraction(0))
        if total != 1:
            raise ValueError(f"the joint law sums to {total}, not 1")

    @cached_property
    def marginal(self) -> dict[Fraction, Fraction]:
        out: dict[Fraction, Fraction] = {}
        for row in self.joint.values():
            for x, p in row.items():
                out[x] = out.get(x, Fraction(0)) + p
        return dict(sorted(out.items()))

    @cached_property
    def house_edge(self) -> Fraction:
        return -sum((x * p for x, p in self.marginal.items()), Fraction(0))

    @cached_property
    def variance(self) -> Fraction:
        _, first, second = _moments(self.marginal)
        return second - first * first

    @cached_property
    def covariance(self) -> Fraction:
        """Between two seats facing the same dealer hand: Var(E[X | dealer])."""
        mean = -self.house_edge
        out = Fraction(0)
        for row in self.joint.values():
            mass, first, _ = _moments(row)
            out += mass * (first / mass - mean) ** 2
        return out

    @property
    def correlation(self) -> float:
        return float(self.covariance / self.variance) if self.variance else 0.0

    @cached_property
    def lowest(self) -> Fraction:
        return min(self.marginal)

    @cached_property
    def highest(self) -> Fraction:
        return max(self.marginal)

    def table_variance(self, seats: int) -> Fraction:
        """Variance of the house's result of one round with ``seats`` seats (unit bets)."""
        return seats * self.variance + seats * (seats - 1) * self.covariance

    def table_law(self, seats: int) -> LatticeLaw:
        """The house's result of one round over ``seats`` seats of one unit each."""
        if seats < 1:
            raise ValueError("a round needs at least one seat")
        d = common_denominator(self.marginal)
        total: LatticeLaw | None = None
        for row in self.joint.values():
            mass = sum(row.values(), Fraction(0))
            one = LatticeLaw.of({-x: p / mass for x, p in row.items()}, d)
            law = one
            for _ in range(seats - 1):
                law = law.convolve(one)
            weighted = LatticeLaw(law.probs * float(mass), law.low, d)
            total = weighted if total is None else _add(total, weighted)
        return total


def _add(a: LatticeLaw, b: LatticeLaw) -> LatticeLaw:
    low = min(a.low, b.low)
    high = max(a.low + a.probs.size, b.low + b.probs.size)
    probs = np.zeros(high - low)
    probs[a.low - low:a.low - low + a.probs.size] += a.probs
    probs[b.low - low:b.low - low + b.probs.size] += b.probs
    return LatticeLaw(probs, low, a.denominator)
