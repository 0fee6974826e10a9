"""Each reading of a variant's ambiguous rules, priced exactly: the certificate's and the
variant page's "Readings of the rules" and ``analyze VARIANT --readings``.

The points and their readings are the rule model's (``casino.rules.readings``); every figure
is the exact engine's, one analysis per reading (the certified one is the variant itself).
The result is plain JSON (fractions as "p/q") so a run can store it with its exact figures
and a certificate can print it years later without computing anything.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino.rules.model import Rules
from casino.rules.readings import Alternative, ambiguities
from casino.rules.schema import RuleValidationError, with_overrides
from certification.odds.analysis import analyze, slow_analysis_reason
from certification.odds.results import ExactResult


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _bets(result: ExactResult) -> dict[str, Any]:
    return {name: {"house_edge_fraction": _fraction(bet.house_edge),
                   "house_edge": float(bet.house_edge)}
            for name, bet in result.bets.items()}


def readings_report(rules: Rules, variant: str = "", *,
                    certified: ExactResult | None = None) -> dict[str, Any]:
    """Every ambiguous point of ``rules`` with each reading's exact house edge per bet.

    ``certified``: the variant's own exact result, when the caller has it already.
    """
    own = certified if certified is not None else analyze(rules, variant)
    cache: dict[tuple, dict[str, Any]] = {}

    def priced(alternative: Alternative) -> dict[str, Any]:
        row: dict[str, Any] = {"label": str(alternative.label), "changes": dict(alternative.changes),
                               "certified": not alternative.changes}
        if not alternative.changes:
            row["bets"] = _bets(own)
            return row
        key = tuple(sorted(alternative.changes.items()))
        if key not in cache:
            try:
                changed = with_overrides(rules, [f"{k}={v}" for k, v in key])
            except RuleValidationError as exc:
                cache[key] = {"error": str(exc)}
            else:
                slow = slow_analysis_reason(changed)
                cache[key] = ({"error": slow} if slow else
                              {"bets": _bets(analyze(changed, variant))})
        row.update(cache[key])
        return row

    points = []
    for point in ambiguities(rules):
        points.append({
            "key": point.key,
            "point": str(point.point),
            "sentence": str(point.sentence),
            "reading": str(point.reading),
            "readings": [priced(point.certified), *(priced(a) for a in point.alternatives)],
            "unmodelled": str(point.unmodelled),
        })
    return {"variant": variant, "points": points}


def spread(point: dict[str, Any], bet: str = "main") -> Fraction | None:
    """How far apart the readings of one point put ``bet``'s house edge (None: one priced)."""
    edges = [Fraction(r["bets"][bet]["house_edge_fraction"]) for r in point["readings"]
             if bet in r.get("bets", {})]
    return max(edges) - min(edges) if len(edges) > 1 else None
