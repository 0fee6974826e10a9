"""Result objects shared by the exact analysers, the simulator and the reports.

Exact figures are fractions; floats appear only in ``to_json`` and when formatting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from casino.rules.values import fraction_to_json


@dataclass(frozen=True)
class BetFigures:
    """Every figure RULES.md asks for, for one bet, per initial wager."""

    outcomes: dict[Fraction, Fraction]
    """Net result per initial wager -> exact probability (sums to exactly 1)."""
    average_wager: Fraction = Fraction(1)
    """Average total amount wagered per initial wager (final bets, bought hands included)."""

    @property
    def ev(self) -> Fraction:
        return sum((net * p for net, p in self.outcomes.items()), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return -self.ev

    @property
    def element_of_risk(self) -> Fraction:
        return -self.ev / self.average_wager

    @property
    def variance(self) -> Fraction:
        mean = self.ev
        return sum((p * (net - mean) ** 2 for net, p in self.outcomes.items()), Fraction(0))

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def p_win(self) -> Fraction:
        return sum((p for net, p in self.outcomes.items() if net > 0), Fraction(0))

    @property
    def p_push(self) -> Fraction:
        return sum((p for net, p in self.outcomes.items() if net == 0), Fraction(0))

    @property
    def p_loss(self) -> Fraction:
        return sum((p for net, p in self.outcomes.items() if net < 0), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {
            "ev_fraction": f"{self.ev.numerator}/{self.ev.denominator}",
            "ev": float(self.ev),
            "house_edge": float(self.house_edge),
            "element_of_risk": float(self.element_of_risk),
            "sd": self.sd,
            "p_win": float(self.p_win),
            "p_push": float(self.p_push),
            "p_loss": float(self.p_loss),
            "average_wager": float(self.average_wager),
            "outcomes": {
                str(fraction_to_json(net)): float(p) for net, p in sorted(self.outcomes.items())
            },
        }


@dataclass(frozen=True)
class StrategyChart:
    """The player's strategy as a printable grid: rows x columns -> short action text."""

    title: str
    row_label: str
    column_label: str
    rows: list[str]
    columns: list[str]
    cells: list[list[str]]
    legend: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "row_label": self.row_label,
            "column_label": self.column_label,
            "rows": self.rows,
            "columns": self.columns,
            "cells": self.cells,
            "legend": self.legend,
            "notes": self.notes,
        }


@dataclass(frozen=True)
class PlayerView:
    """What a Seven-and-a-Half player knows when deciding."""

    upcard: str | None
    """The dealer's first card code when visible, else None."""
    cards: tuple[str, ...]
    """The player's cards, in the order received (codes such as 'KD', '7S')."""
    exchanges: int = 0
    """First-card fours exchanged so far this round."""
    splits_left: int | None = None
    """Openings the round still allows (None: all of them, as on the round's first hand)."""


@dataclass(frozen=True)
class Decision:
    action: str
    """'fold', 'stand', 'hit', 'exchange', 'shoot' or 'split'."""
    final_bet: Fraction | None = None
    """With a final-bet rule, the final bet placed together with this action (in antes)."""


class SevenHalfPolicy(Protocol):
    def decide(self, view: PlayerView) -> Decision: ...


class NineTenElevenPolicy(Protocol):
    def first_hand(self, cards: tuple[str, str, str]) -> str:
        """'stand' for a qualifying hand, else 'fold' or 'buy'."""
        ...

    def switch(
        self, first: tuple[str, str, str], second: tuple[str, str, str]
    ) -> tuple[int, int] | None:
        """With two non-qualifying hands: (index in first, index in second) to swap, or None."""
        ...


@dataclass(frozen=True)
class ExactResult:
    variant: str
    bets: dict[str, BetFigures]
    """'main', and for 9-10-11 also 'bonus' and 'dice_match'."""
    decisions: dict[str, Fraction]
    """Probability of each player decision (e.g. fold, stand, hit, buy, switch)."""
    strategy: list[StrategyChart]
    policy: Any
    """A SevenHalfPolicy or NineTenElevenPolicy: the optimal strategy, for the simulator."""
    seconds: float
    notes: list[str] = field(default_factory=list)
    """Readings and assumptions that apply to this variant's figures."""

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "bets": {name: figures.to_json() for name, figures in self.bets.items()},
            "decisions": {name: float(p) for name, p in self.decisions.items()},
            "strategy": [chart.to_json() for chart in self.strategy],
            "notes": self.notes,
            "seconds": self.seconds,
        }
