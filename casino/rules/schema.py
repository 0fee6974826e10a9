"""Rule variants to and from JSON-like dicts, with validation that names every bad field."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any

from .model import (
    FAMILIES,
    NINE_TEN_ELEVEN,
    SEVEN_AND_A_HALF,
    SEVEN_AND_HALF,
    NineTenElevenPayouts,
    NineTenElevenRules,
    Rules,
    SevenHalfPayouts,
    SevenHalfRules,
)
from .values import (
    FieldError,
    as_bool,
    as_choice,
    as_int,
    as_optional_int,
    as_optional_payout,
    as_payout,
    fraction_to_json,
    parse_override_value,
)


class RuleValidationError(ValueError):
    """A variant that cannot be played; ``errors`` maps each field to what is wrong with it."""

    def __init__(self, errors: Mapping[str, str]):
        self.errors = dict(errors)
        super().__init__("; ".join(f"{key}: {msg}" for key, msg in self.errors.items()))


def _stands_at(value: Any) -> Fraction:
    number = as_payout(value)
    if number > SEVEN_AND_A_HALF:
        raise FieldError(
            f"{value} is over 7 1/2: the dealer would have to draw on every total it can hold"
        )
    if number <= 0:
        raise FieldError("must be more than 0")
    if (number * 2).denominator != 1:
        raise FieldError(f"totals are multiples of 1/2, so {value} cannot be a threshold")
    return number


def _final_bet(value: Any) -> Fraction:
    number = as_payout(value)
    if number > 100:
        raise FieldError(f"{value} antes is beyond any table limit (at most 100)")
    return number


def _qualifying(value: Any) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or not value:
        raise FieldError("must be a non-empty list of totals, e.g. [9, 10, 11]")
    totals = tuple(sorted({as_int(v, low=0, high=27) for v in value}))
    return totals


def _die(value: Any) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not 2 <= len(value) <= 20:
        raise FieldError("must be a list of 2 to 20 faces, e.g. [9, 9, 9, 10, 11, \"WIN\"]")
    faces = []
    for face in value:
        text = str(face).strip().upper()
        if text != "WIN":
            as_int(text, low=0, high=27)
        faces.append(text)
    return tuple(faces)


Reader = Callable[[Any], Any]
FIRST_MATTA = ("wild", "half", "half_until_next")

SEVEN_HALF_READERS: dict[str, Reader] = {
    "decks": lambda v: as_int(v, low=1, high=8),
    "special_card": lambda v: as_choice(v, ("none", "kd_first_card", "wild")),
    "player_first_matta": lambda v: as_choice(v, FIRST_MATTA),
    "dealer_first_matta": lambda v: as_choice(v, FIRST_MATTA),
    "dealer_upcard_visible": as_bool,
    "player_max_cards": lambda v: as_optional_int(v, low=1, high=40),
    "stand_minimum": lambda v: as_choice(v, ("none", "upcard")),
    "stand_minimum_matta": lambda v: as_choice(v, ("half", "seven")),
    "fold_allowed": as_bool,
    "final_bet": as_bool,
    "final_bet_min": _final_bet,
    "final_bet_max": _final_bet,
    "dealer_stands_at": _stands_at,
    "dealer_max_cards": lambda v: as_optional_int(v, low=1, high=40),
    "dealer_must_reach_7_5_vs_revealed": as_bool,
    "ties": lambda v: as_choice(v, ("push", "dealer")),
    "four_exchange_max": lambda v: as_int(v, low=0, high=16),
    "shoot_seven": as_bool,
    "split_figures": as_bool,
    "max_splits": lambda v: as_int(v, low=0, high=3),
}
SEVEN_HALF_PAYOUT_READERS: dict[str, Reader] = {
    "win": as_payout,
    "seven_and_half": as_optional_payout,
    "natural": as_optional_payout,
    "triple": as_optional_payout,
    "kd_first_card": as_optional_payout,
    "shoot_seven": as_optional_payout,
    "dealer_natural_collects": as_optional_payout,
}
NINE_TEN_ELEVEN_READERS: dict[str, Reader] = {
    "decks": lambda v: as_int(v, low=1, high=8),
    "qualifying_totals": _qualifying,
    "buy_allowed": as_bool,
    "switch_allowed": as_bool,
    "die_faces": _die,
    "bonus_on": lambda v: as_choice(v, ("first_hand", "final_hands")),
}
NINE_TEN_ELEVEN_PAYOUT_READERS: dict[str, Reader] = {
    name: as_payout for name in (f.name for f in fields(NineTenElevenPayouts))
}

_FAMILY_SPECS = {
    SEVEN_AND_HALF: (SevenHalfRules, SevenHalfPayouts, SEVEN_HALF_READERS, SEVEN_HALF_PAYOUT_READERS),
    NINE_TEN_ELEVEN: (
        NineTenElevenRules,
        NineTenElevenPayouts,
        NINE_TEN_ELEVEN_READERS,
        NINE_TEN_ELEVEN_PAYOUT_READERS,
    ),
}


def _unknown_message(key: str, family: str, known: Iterable[str]) -> str:
    other = NINE_TEN_ELEVEN if family == SEVEN_AND_HALF else SEVEN_AND_HALF
    other_keys = set(_FAMILY_SPECS[other][2]) | {f"payouts.{k}" for k in _FAMILY_SPECS[other][3]}
    if key in other_keys:
        return f"the {family} family has no such rule or payout ({key} belongs to {other})"
    return f"unknown parameter for the {family} family (known: {', '.join(sorted(known))})"


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Build and validate a variant; raises RuleValidationError naming every bad field."""
    if not isinstance(data, Mapping):
        raise RuleValidationError({"(root)": "a rule variant must be a JSON object"})
    family = data.get("family")
    if family not in FAMILIES:
        raise RuleValidationError({"family": f"must be one of {', '.join(FAMILIES)}, not {family!r}"})
    rules_cls, payouts_cls, readers, payout_readers = _FAMILY_SPECS[family]
    errors: dict[str, str] = {}
    values: dict[str, Any] = {}
    known = [*readers, *(f"payouts.{k}" for k in payout_readers)]
    for key, raw in data.items():
        if key in ("family", "payouts"):
            continue
        if key not in readers:
            errors[key] = _unknown_message(key, family, known)
            continue
        try:
            values[key] = readers[key](raw)
        except FieldError as exc:
            errors[key] = str(exc)
    payout_values: dict[str, Any] = {}
    raw_payouts = data.get("payouts", {})
    if not isinstance(raw_payouts, Mapping):
        errors["payouts"] = "must be an object of payout lines"
        raw_payouts = {}
    for key, raw in raw_payouts.items():
        path = f"payouts.{key}"
        if key not in payout_readers:
            errors[path] = _unknown_message(path, family, known)
            continue
        try:
            payout_values[key] = payout_readers[key](raw)
        except FieldError as exc:
            errors[path] = str(exc)
    if errors:
        raise RuleValidationError(errors)
    rules = rules_cls(**values, payouts=payouts_cls(**payout_values))
    validate(rules)
    return rules


def validate(rules: Rules) -> None:
    """Cross-field checks: combinations that cannot be dealt or settled."""
    errors: dict[str, str] = {}
    if isinstance(rules, SevenHalfRules):
        if rules.final_bet and rules.final_bet_min > rules.final_bet_max:
            errors["final_bet_min"] = (
                f"the smallest final bet ({rules.final_bet_min}) is above the largest ({rules.final_bet_max})"
            )
        if rules.special_card == "kd_first_card" and rules.payouts.kd_first_card is None:
            errors["payouts.kd_first_card"] = "special_card=kd_first_card needs this payout"
        if rules.shoot_seven and rules.payouts.shoot_seven is None:
            errors["payouts.shoot_seven"] = "shoot_seven=true needs this payout"
        if rules.split_figures and rules.max_splits < 1:
            errors["max_splits"] = "split_figures=true needs max_splits of at least 1"
        if rules.payouts.win == 0:
            errors["payouts.win"] = "a winning hand must be paid something"
        if rules.special_card == "wild" and rules.decks > 1:
            errors["decks"] = "the matta is one card: a wild king of diamonds needs a single deck"
        for side in ("player", "dealer"):
            key = f"{side}_first_matta"
            if getattr(rules, key) != "wild" and rules.special_card != "wild":
                errors[key] = (f"{key}={getattr(rules, key)} is a rule for the matta: it needs "
                               "special_card=wild")
        if rules.player_first_matta != "wild" and rules.player_max_cards == 1:
            errors["player_first_matta"] = (
                "a first-card matta at 1/2 must draw another card, so player_max_cards must be "
                "at least 2")
        if rules.stand_minimum == "upcard" and not rules.dealer_upcard_visible:
            errors["stand_minimum"] = (
                "stand_minimum=upcard compares the player's total with the dealer's face-up "
                "card: it needs dealer_upcard_visible=true")
    else:
        faces = [f for f in rules.die_faces if f != "WIN"]
        if not faces and "WIN" not in rules.die_faces:
            errors["die_faces"] = "the die needs at least one face"
        if rules.payouts.main_win == 0:
            errors["payouts.main_win"] = "a winning hand must be paid something"
    if errors:
        raise RuleValidationError(errors)


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        if f.name == "payouts":
            out["payouts"] = {
                p.name: fraction_to_json(getattr(value, p.name)) for p in fields(value)
            }
        elif isinstance(value, Fraction):
            out[f.name] = fraction_to_json(value)
        elif isinstance(value, tuple):
            out[f.name] = [int(v) if isinstance(v, str) and v.isdigit() else v for v in value]
        else:
            out[f.name] = value
    return out


def rules_from_json(text: str | bytes) -> Rules:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        where = f" (line {line})" if line else ""
        raise RuleValidationError({"(json)": f"not valid JSON{where}: {exc}"}) from None
    except RecursionError:
        # The stdlib parser recurses per nesting level; no rule file nests more than twice.
        raise RuleValidationError({"(json)": "not valid JSON: nested too deeply"}) from None
    return rules_from_dict(data)


def rules_to_json(rules: Rules) -> str:
    return json.dumps(rules_to_dict(rules), indent=2, sort_keys=False)


def with_overrides(rules: Rules, assignments: Iterable[str]) -> Rules:
    """Apply ``key=value`` assignments (``payouts.X=...`` for payouts) and re-validate.

    Each assigned value is read as ``rules_from_dict`` reads it; the other fields are the
    variant's own, already read (``rules_from_dict(rules_to_dict(r)) == r``).
    """
    _, _, readers, payout_readers = _FAMILY_SPECS[rules.family]
    known = [*readers, *(f"payouts.{k}" for k in payout_readers)]
    errors: dict[str, str] = {}
    changes: dict[str, Any] = {}
    payout_changes: dict[str, Any] = {}
    for assignment in assignments:
        key, sep, raw = assignment.partition("=")
        key = key.strip()
        if not sep or not key:
            errors[assignment] = "an override is written key=value, e.g. payouts.kd_first_card=2"
            continue
        try:
            value = parse_override_value(raw)
        except FieldError as exc:
            errors[key] = str(exc)
            continue
        name = key.removeprefix("payouts.")
        if key == "family":
            errors[key] = "the family of a variant cannot be overridden"
            continue
        if key == "payouts":
            errors[key] = "set each payout line on its own, e.g. payouts.win=1"
            continue
        target, read = ((payout_changes, payout_readers) if key.startswith("payouts.")
                        else (changes, readers))
        if name not in read:
            errors[key] = _unknown_message(key, rules.family, known)
            continue
        try:
            target[name] = read[name](value)
        except FieldError as exc:
            errors[key] = str(exc)
    if errors:
        raise RuleValidationError(errors)
    if payout_changes:
        changes["payouts"] = replace(rules.payouts, **payout_changes)
    changed = replace(rules, **changes)
    validate(changed)
    return changed


def evolve(rules: Rules, **changes: Any) -> Rules:
    """A validated copy with some fields changed (payouts via ``payouts=``)."""
    changed = replace(rules, **changes)
    validate(changed)
    return changed
