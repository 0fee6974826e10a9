"""The exact exposures of an audit: cheap, run first (also by the certification pipeline).

The result is plain JSON so that a worker can hand it to the chunks and to the final merge:
fractions travel as "p/q" strings.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from casino.rules.model import Rules

from . import one_card
from .collusion import RemovalModel, collusion_exact_gain, collusion_method, shared_cards
from .compositions import DeckValues, deck_values_for, single_removals
from .dealer_card import dealer_card_exposure
from .dealt_through import count_tags
from .next_card import next_card_exposure
from .result import fraction_text
from .spec import AuditSpec


@lru_cache(maxsize=4)
def deck_values(rules: Rules) -> DeckValues:
    """One cache of exact deck values per variant and process (workers reuse it)."""
    return deck_values_for(rules)


def baseline_ev(rules: Rules) -> Fraction:
    return deck_values(rules).baseline


def exact_part(spec: AuditSpec) -> dict[str, Any]:
    rules = spec.rules
    base = baseline_ev(rules)
    out: dict[str, Any] = {"baseline_ev": fraction_text(base), "collusion_exact": {}}
    dealer = dealer_card_exposure(rules, base)
    out["dealer_card"] = dealer.to_json()
    out["dealer_gain"] = fraction_text(dealer.gain_fraction) if dealer.gain_fraction is not None else None
    values = deck_values(rules)
    one = one_card.one_card_exposure(values)
    out["one_card"] = one.to_json()
    out["next_card"] = next_card_exposure(rules, base).to_json()
    effects = {kind: ev - base for kind, ev in _single_values(values).items()}
    tags, unit = count_tags(effects)
    out["tags"] = {values.label(k): t for k, t in tags.items()}
    out["tag_unit"] = unit
    simulated, counted = [], []
    for k in range(2, spec.seats + 1):
        method = collusion_method(values, k, spec.counted_limit)
        if method == "exact":
            out["collusion_exact"][str(k)] = fraction_text(collusion_exact_gain(values, k))
        else:
            (counted if method == "counted" else simulated).append(k)
    if simulated:
        model = RemovalModel.of(values)
        out["collusion_control"] = model.to_json()
        out["collusion_control_mean"] = {str(k): fraction_text(model.mean(values, shared_cards(rules, k)))
                                         for k in simulated}
    out["collusion_simulated"] = simulated
    out["collusion_counted"] = counted
    return out


def _single_values(values: DeckValues) -> dict[int, Fraction]:
    return {kind: ev for kind, _p, ev in single_removals(values)}


def tags_by_kind(spec: AuditSpec, exact: dict[str, Any]) -> dict[int, int]:
    values = deck_values(spec.rules)
    labels = {values.label(k): k for k in range(len(values.full))}
    return {labels[label]: tag for label, tag in exact["tags"].items()}
