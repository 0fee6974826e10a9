"""A variant's exact figures under a player mix: per strategy, mixed, and jointly with the dealer.

Strategies are the simulator's (certification/odds/simulation/strategies.py): ``optimal``,
``dealer`` (mimics the dealer) and ``house_way`` (the table's house way as a chart, by default
the simulator's ``house``). Each is counted exactly by the engine (analysis.analyze with a
strategy), so the mixed figures are exact fractions too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from casino.rules.model import Rules
from casino.rules.phrases import N_
from certification.odds.analysis import analyze, dealer_joint
from certification.odds.results import BetFigures

from .mix import PlayerMix, mix_average, mix_joints, mix_laws
from .rounds import SeatLaw

ENGINE_NAMES = {"optimal": "optimal", "dealer": "dealer", "house_way": "house"}


@dataclass(frozen=True)
class StrategyFigures:
    name: str
    bets: dict[str, BetFigures]
    joint: dict[str, dict[Fraction, Fraction]]

    @property
    def seat_edge(self) -> Fraction:
        """The main bet's house edge per initial wager."""
        return self.bets["main"].house_edge


@lru_cache(maxsize=128)
def _figures(rules: Rules, name: str, chart_json: str | None) -> StrategyFigures:
    chart = json.loads(chart_json) if chart_json else None
    strategy = "house_way" if chart is not None else ENGINE_NAMES[name]
    result = analyze(rules, strategy=strategy, chart=chart)
    bets = {bet: BetFigures(f.outcomes, f.average_wager) for bet, f in result.bets.items()}
    return StrategyFigures(name, bets, dealer_joint(rules, strategy=strategy, chart=chart))


def strategy_figures(rules: Rules, name: str, house_way: dict[str, Any] | None = None) -> StrategyFigures:
    """Exact figures of one strategy (``house_way`` uses the chart when one is given)."""
    if name not in ENGINE_NAMES:
        raise ValueError(f"unknown strategy {name!r} (strategies: {', '.join(ENGINE_NAMES)})")
    chart = json.dumps(house_way, sort_keys=True) if name == "house_way" and house_way else None
    return _figures(rules, name, chart)


@dataclass(frozen=True)
class MixedFigures:
    mix: PlayerMix
    per_strategy: dict[str, StrategyFigures]
    bets: dict[str, BetFigures]
    """Every bet under the mix: outcomes and average wager mixed with the mix's shares."""
    seat: SeatLaw
    """The main bet of a seat taken by a player drawn from the mix, with the dealer."""
    notes: tuple[str, ...] = ()


def mixed_figures(rules: Rules, mix: PlayerMix, house_way: dict[str, Any] | None = None) -> MixedFigures:
    per = {name: strategy_figures(rules, name, house_way) for name, _ in mix.shares}
    bets = {}
    for bet in next(iter(per.values())).bets:
        outcomes = mix_laws({name: f.bets[bet].outcomes for name, f in per.items()}, mix)
        wager = mix_average({name: f.bets[bet].average_wager for name, f in per.items()}, mix)
        bets[bet] = BetFigures(outcomes, wager)
    joint = mix_joints({name: f.joint for name, f in per.items()}, mix)
    return MixedFigures(mix, per, bets, SeatLaw(joint), seat_notes(rules))


def seat_notes(rules: Rules) -> tuple[str, ...]:
    """What the per-seat figures (heads-up, as certified) leave out at a table of several seats."""
    if getattr(rules, "dealer_must_reach_7_5_vs_revealed", False):
        return (N_("With the Spanish rule the dealer draws to 7 1/2 when any seat shows 7 1/2, so "
                   "seats also interact through the dealer's rule, which the per-seat (heads-up) "
                   "figures and the seat covariance leave out; the README gives the size of the "
                   "effect measured on two dealt seats."),)
    return ()


def bet_json(bet: BetFigures) -> dict[str, Any]:
    edge = bet.house_edge
    return {
        "house_edge_fraction": f"{edge.numerator}/{edge.denominator}",
        "house_edge": float(edge),
        "element_of_risk": float(bet.element_of_risk),
        "sd": bet.sd,
        "average_wager": float(bet.average_wager),
    }
