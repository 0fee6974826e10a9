"""A stand-in for the exact engine: figures that follow the payouts simply and predictably.

Seven and a Half: main wins ``win`` with probability 45/100, so the house edge is
55/100 - 45/100 * win (10% at even money, negative from 11/9 up).
9-10-11: main 38/100 at main_win (5% at 3/2), bonus 12/100 at bonus_flush, dice match 20/100.
"""

from __future__ import annotations

from fractions import Fraction as F

from certification.odds.results import BetFigures, ExactResult


def _bet(pay: F, p: F) -> BetFigures:
    return BetFigures(outcomes={pay: p, F(-1): 1 - p})


def fake_analyze(rules, *, variant: str = "") -> ExactResult:
    if rules.family == "seven_and_half":
        bets = {"main": _bet(rules.payouts.win, F(45, 100))}
    else:
        p = rules.payouts
        bets = {
            "main": _bet(p.main_win, F(38, 100)),
            "bonus": _bet(p.bonus_flush, F(12, 100)),
            "dice_match": _bet(p.dice_match, F(20, 100)),
        }
    return ExactResult(
        variant=variant, bets=bets, decisions={}, strategy=[], policy=None, seconds=0.0
    )
