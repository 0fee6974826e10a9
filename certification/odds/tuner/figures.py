"""The figures a designer trades, per bet, kept exact so a suggestion can be re-checked.

Only these few numbers travel between processes and workers (the engine's full result also
holds strategy charts and a policy); they round-trip through JSON as exact fractions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from certification.odds.results import BetFigures, ExactResult


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class BetTrade:
    house_edge: Fraction
    element_of_risk: Fraction
    variance: Fraction
    p_win: Fraction
    average_wager: Fraction

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @classmethod
    def of(cls, bet: BetFigures) -> BetTrade:
        return cls(bet.house_edge, bet.element_of_risk, bet.variance, bet.p_win, bet.average_wager)

    def to_json(self) -> dict[str, Any]:
        """The figures a designer compares (floats) beside the exact fractions they come from."""
        return {
            "house_edge_fraction": fraction_text(self.house_edge),
            "house_edge": float(self.house_edge),
            "element_of_risk": float(self.element_of_risk),
            "sd": self.sd,
            "p_win": float(self.p_win),
            "average_wager": float(self.average_wager),
            "element_of_risk_fraction": fraction_text(self.element_of_risk),
            "variance_fraction": fraction_text(self.variance),
            "p_win_fraction": fraction_text(self.p_win),
            "average_wager_fraction": fraction_text(self.average_wager),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BetTrade:
        return cls(
            Fraction(data["house_edge_fraction"]),
            Fraction(data["element_of_risk_fraction"]),
            Fraction(data["variance_fraction"]),
            Fraction(data["p_win_fraction"]),
            Fraction(data["average_wager_fraction"]),
        )


@dataclass(frozen=True)
class VariantFigures:
    bets: dict[str, BetTrade]
    seconds: float = 0.0
    """How long the exact analysis took."""

    @classmethod
    def of(cls, result: ExactResult) -> VariantFigures:
        return cls({name: BetTrade.of(b) for name, b in result.bets.items()}, result.seconds)

    def to_json(self) -> dict[str, Any]:
        return {name: bet.to_json() for name, bet in self.bets.items()}

    @classmethod
    def from_json(cls, data: dict[str, Any], seconds: float = 0.0) -> VariantFigures:
        return cls({name: BetTrade.from_json(bet) for name, bet in data.items()}, seconds)
