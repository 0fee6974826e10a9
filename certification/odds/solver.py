"""Paytable solver: the payout on one line that gives a bet a target house edge.

With the strategy fixed, a bet's EV is affine in any one payout; the optimal strategy
switches at finitely many payouts, so the edge is piecewise affine. A secant step through
two exact points lands exactly on the target whenever both lie on the same piece, so the
search runs on exact fractions and usually needs a handful of analyses. A bisection step
follows any secant step that fails to shrink the bracket from both sides.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from math import ceil, floor
from typing import Any

from casino.rules.model import Rules
from casino.rules.values import fraction_to_json
from certification.odds.results import ExactResult

MAX_PAYOUT = Fraction(10**4)
"""No paytable line pays more than this many units; beyond it the search gives up."""
TOLERANCE = Fraction(1, 10**12)
"""Bracket width at which a target that no payout hits exactly (a jump) is reported."""
SLOPE_STEP = Fraction(1, 10**6)
"""How far apart the two points are that measure an affine piece's slope."""
MAX_ANALYSES = 80


class SolverError(ValueError):
    """The request cannot be solved (unknown line or bet, or an unreachable target)."""


@dataclass(frozen=True)
class SolverResult:
    path: str
    bet: str
    target_edge: Fraction
    payout: Fraction
    """The payout that gives the target edge (exact when ``exact``), before rounding."""
    edge: Fraction
    exact: bool
    step: Fraction | None
    dealable: Fraction
    """The grid payout whose edge is closest to the target (the larger edge on a tie)."""
    dealable_edge: Fraction
    neighbours: list[tuple[Fraction, Fraction]] = field(default_factory=list)
    """(payout, edge) for the grid points on either side of ``payout``."""
    analyses: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "bet": self.bet,
            "target_edge": float(self.target_edge),
            "payout": fraction_to_json(self.payout),
            "payout_decimal": float(self.payout),
            "edge": float(self.edge),
            "exact": self.exact,
            "step": fraction_to_json(self.step),
            "dealable": fraction_to_json(self.dealable),
            "dealable_edge": float(self.dealable_edge),
            "neighbours": [
                {"payout": fraction_to_json(p), "edge": float(e)} for p, e in self.neighbours
            ],
            "analyses": self.analyses,
            "seconds": self.seconds,
        }


def _as_fraction(value: Fraction | float | int | str) -> Fraction:
    # A float is read from its shortest text, so 0.02 means 1/50, not its binary neighbour.
    return value if isinstance(value, Fraction) else Fraction(str(value))


def _line(rules: Rules, path: str) -> str:
    name = path.removeprefix("payouts.")
    known = [f.name for f in fields(rules.payouts)]
    if not path.startswith("payouts.") or name not in known:
        raise SolverError(
            f"{path!r} is not a payout line of the {rules.family} family "
            f"(lines: {', '.join('payouts.' + k for k in known)})"
        )
    return name


def solve_payout(
    rules: Rules,
    path: str,
    target_edge: Fraction | float,
    bet: str = "main",
    analyze: Callable[[Rules], ExactResult] | None = None,
    step: Fraction | None = Fraction(1, 2),
) -> SolverResult:
    """The payout of ``path`` (e.g. ``payouts.main_win``) giving ``bet`` the target edge."""
    start = time.perf_counter()
    if analyze is None:
        from certification.odds.analysis import analyze
    name = _line(rules, path)
    target = _as_fraction(target_edge)
    if step is not None and step <= 0:
        raise SolverError("the grid step must be positive")
    cache: dict[Fraction, Fraction] = {}

    def edge(x: Fraction) -> Fraction:
        if x not in cache:
            if len(cache) >= MAX_ANALYSES:
                raise SolverError(f"no answer within {MAX_ANALYSES} analyses")
            # Unvalidated on purpose: the search may pass through lines a table would refuse
            # (a zero win), which are still well-defined mathematically.
            variant = replace(rules, payouts=replace(rules.payouts, **{name: x}))
            bets = analyze(variant).bets
            if bet not in bets:
                raise SolverError(f"unknown bet {bet!r} for this variant (bets: {', '.join(bets)})")
            cache[x] = bets[bet].house_edge
        return cache[x]

    lo, hi = _bracket(edge, target, rules.payouts, name)
    payout, exact = _root(edge, target, lo, hi)
    dealable, dealable_edge, neighbours = payout, edge(payout), []
    if step is not None:
        below = floor(payout / step) * step
        above = ceil(payout / step) * step
        neighbours = [(p, edge(p)) for p in sorted({below, above}) if p >= 0]
        dealable, dealable_edge = min(
            neighbours, key=lambda pe: (abs(pe[1] - target), -pe[1])
        )
    return SolverResult(
        path=path, bet=bet, target_edge=target, payout=payout, edge=edge(payout), exact=exact,
        step=step, dealable=dealable, dealable_edge=dealable_edge, neighbours=neighbours,
        analyses=len(cache), seconds=time.perf_counter() - start,
    )


def _bracket(edge, target: Fraction, payouts, name: str) -> tuple[Fraction, Fraction]:
    """(lo, hi) with edge(lo) >= target >= edge(hi): a larger payout lowers the edge."""
    lo = Fraction(0)
    if edge(lo) < target:
        raise SolverError(
            f"even a payout of 0 gives a house edge of {float(edge(lo)):.6%}, "
            f"below the target {float(target):.6%}"
        )
    current = getattr(payouts, name)
    hi = max(Fraction(1), current or Fraction(1))
    while edge(hi) > target:
        if hi >= MAX_PAYOUT:
            raise SolverError(
                f"no payout up to {MAX_PAYOUT} brings the house edge down to {float(target):.6%}"
                " (this bet may not depend on this line)"
            )
        lo, hi = hi, min(hi * 2, MAX_PAYOUT)
    return lo, hi


def _root(edge, target: Fraction, lo: Fraction, hi: Fraction) -> tuple[Fraction, bool]:
    """Safeguarded Newton: each step follows the affine piece through the last point."""
    for x in (lo, hi):
        if edge(x) == target:
            return x, True
    e_lo, e_hi = edge(lo), edge(hi)
    x = lo + (e_lo - target) * (hi - lo) / (e_lo - e_hi)
    while hi - lo > TOLERANCE:
        if not lo < x < hi:
            x = (lo + hi) / 2
        e = edge(x)
        if e == target:
            return x, True
        lo, hi = (x, hi) if e > target else (lo, x)
        # The piece's slope from a second point a little way towards the target.
        d = min(SLOPE_STEP, (hi - lo) / 4)
        x2 = x + d if e > target else x - d
        e2 = edge(x2)
        if e2 == target:
            return x2, True
        lo, hi = (x2, hi) if e2 > target else (lo, x2)
        x = (lo + hi) / 2 if e2 == e else x2 + (target - e2) * (x2 - x) / (e2 - e)
    # The edge jumps across the target here (a side bet under a strategy that changes).
    best = min((lo, hi), key=lambda x: abs(edge(x) - target))
    return best, False
