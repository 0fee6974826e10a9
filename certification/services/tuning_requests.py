"""What a tuning job asks: the variant's rules, the knobs, the band and the other bets'
bounds, stored as plain JSON on the job so the search can be replayed exactly."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError

from casino.models import GameVariant, Jurisdiction, PaytableVersion
from casino.rules import Rules, rules_from_dict, rules_to_dict
from certification.models import TuningJob
from certification.odds.tuner import Knob, TuningRequest, parse_vary, suggested_knobs
from certification.odds.tuner.figures import fraction_text
from certification.odds.tuner.knobs import FAMILY_BETS


def _text(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def _fraction(value: str | None) -> Fraction | None:
    return None if value is None else Fraction(value)


def jurisdiction_bounds(jurisdiction: Jurisdiction, family: str) -> dict[str, tuple]:
    """Each bet's approvable range: the jurisdiction's bounds, and never below zero (a
    player advantage is refused whatever the bounds say)."""
    out = {}
    for bet in FAMILY_BETS[family]:
        low, high = jurisdiction.bounds_for(bet)
        low_f = max(Fraction(str(low)), Fraction(0)) if low is not None else Fraction(0)
        out[bet] = (low_f, Fraction(str(high)) if high is not None else None)
    return out


def default_band(jurisdiction: Jurisdiction, family: str, bet: str) -> tuple[Fraction, Fraction]:
    low, high = jurisdiction_bounds(jurisdiction, family).get(bet, (Fraction(0), None))
    return low, high if high is not None else Fraction(1, 20)


def request_data(request: TuningRequest) -> dict[str, Any]:
    return {
        "rules": rules_to_dict(request.base),
        "knobs": [k.to_json() for k in request.knobs],
        "band": [fraction_text(request.band[0]), fraction_text(request.band[1])],
        "bet": request.bet,
        "bounds": {b: [_text(lo), _text(hi)] for b, (lo, hi) in request.bounds.items()},
        "max_changes": request.max_changes,
        "limit": request.limit,
        "variant": request.variant,
    }


def tuning_request_of(job: TuningJob) -> TuningRequest:
    data = job.request
    return TuningRequest(
        base=rules_from_dict(data["rules"]),
        knobs=tuple(Knob(k["key"], tuple(k["values"])) for k in data["knobs"]),
        band=(Fraction(data["band"][0]), Fraction(data["band"][1])),
        bet=data["bet"],
        bounds={b: (_fraction(lo), _fraction(hi)) for b, (lo, hi) in data["bounds"].items()},
        max_changes=data["max_changes"],
        limit=data["limit"],
        variant=data["variant"],
    )


def variant_base(variant: GameVariant) -> tuple[PaytableVersion, Rules]:
    version = variant.paytable.latest_version
    try:
        return version, rules_from_dict(variant.rules_dict(version.payouts if version else {}))
    except ValueError as exc:
        raise ValidationError({"variant": f"the variant's rules do not validate: {exc}"}) from None


def search_span(request: TuningRequest) -> int:
    """Variants within the request's number of changes, rejected ones included."""
    from certification.odds.tuner.knobs import with_current
    from certification.odds.tuner.space import level_size

    knobs = with_current(request.base, request.knobs)
    return sum(level_size(knobs, k) for k in range(request.deepest + 1))


def knobs_for(rules: Rules, vary: Sequence[str] | None) -> list[Knob]:
    return suggested_knobs(rules) if vary is None else parse_vary(rules.family, vary)


# -- the job --------------------------------------------------------------------------------
