"""Knobs: a rule or payout the tuner may change, named exactly as ``--set`` names it, with
the candidate values to try.

Each value is read by the rule model's own reader for that field, so a knob accepts what
``--set`` accepts and refuses what it refuses, with the same message. Cross-field checks
(a minimum final bet above the maximum) wait for the whole combination: a combination the
rule model rejects is counted by the search, never an error here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino.rules.model import Rules
from casino.rules.parameters import ParameterSpec, parameter_specs
from casino.rules.schema import (
    NINE_TEN_ELEVEN_PAYOUT_READERS,
    NINE_TEN_ELEVEN_READERS,
    SEVEN_HALF_PAYOUT_READERS,
    SEVEN_HALF_READERS,
    rules_to_dict,
)
from casino.rules.values import FieldError, parse_override_value

MAX_VALUES_PER_KNOB = 1000
"""More candidates than this on one knob is a typo in a range, not a search."""
FAMILY_BETS = {"seven_and_half": ("main",), "nine_ten_eleven": ("main", "bonus", "dice_match")}
"""The bets the exact engine reports for each family."""


class TunerInputError(ValueError):
    """A knob, a value, a band or a bet the tuner cannot use; the message names which."""


@dataclass(frozen=True)
class Knob:
    key: str
    """``dealer_stands_at``, ``payouts.seven_and_half``...: a ``--set`` key."""
    values: tuple[str, ...]
    """Candidate values as exact text (``9/2``, ``true``, ``dealer``), without repeats."""

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "values": list(self.values)}


def _readers(family: str) -> tuple[dict, dict]:
    if family == "seven_and_half":
        return SEVEN_HALF_READERS, SEVEN_HALF_PAYOUT_READERS
    if family == "nine_ten_eleven":
        return NINE_TEN_ELEVEN_READERS, NINE_TEN_ELEVEN_PAYOUT_READERS
    raise TunerInputError(f"no tuner for the family {family!r}")


def knob_keys(family: str) -> list[str]:
    rules, payouts = _readers(family)
    return [*rules, *(f"payouts.{name}" for name in payouts)]


def spec_for(family: str, key: str) -> ParameterSpec:
    for spec in parameter_specs(family):
        if spec.path == key:
            return spec
    raise TunerInputError(
        f"{key!r} is not a rule or payout of the {family} family "
        f"(known: {', '.join(knob_keys(family))})"
    )


def read_value(family: str, key: str, text: str) -> Any:
    """The typed value of ``key=text`` exactly as ``--set`` reads it; names the knob if bad."""
    spec_for(family, key)
    rules, payouts = _readers(family)
    reader = payouts[key.removeprefix("payouts.")] if key.startswith("payouts.") else rules[key]
    try:
        return reader(parse_override_value(str(text)))
    except FieldError as exc:
        raise TunerInputError(f"{key}={text}: {exc}") from None


def value_text(family: str, key: str, value: Any) -> str:
    """Exact, ``--set``-readable text of a typed value: 9/2, true, dealer, unlimited, null."""
    if value is None:
        return "unlimited" if spec_for(family, key).kind == "optional_int" else "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, (tuple, list)):
        return json.dumps([int(v) if str(v).isdigit() else v for v in value], separators=(",", ":"))
    return str(value)


def current_text(rules: Rules, key: str) -> str:
    """The variant's own value of ``key`` as knob text."""
    data = rules_to_dict(rules)
    raw = data["payouts"][key.removeprefix("payouts.")] if key.startswith("payouts.") else data[key]
    return canonical(rules.family, key, "null" if raw is None else _raw_text(raw))


def _raw_text(raw: Any) -> str:
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, list):
        return json.dumps(raw)
    return str(raw)


def canonical(family: str, key: str, text: str) -> str:
    return value_text(family, key, read_value(family, key, text))


def expand_values(family: str, key: str, text: str) -> tuple[str, ...]:
    """``lo:hi:step`` (exact fractions, both ends included) or ``a,b,c``; JSON lists for lists."""
    text = text.strip()
    if not text:
        raise TunerInputError(f"{key}: no values given (write e.g. {key}=1,3/2,2 or {key}=4:7:1/2)")
    if text.startswith("[["):
        try:
            items = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TunerInputError(f"{key}: not a JSON list of lists: {exc.msg}") from None
        raw = [json.dumps(item) for item in items]
    elif text.count(":") == 2:
        raw = [str(v) for v in _grid(key, text)]
    else:
        raw = [part.strip() for part in text.split(",")]
        if any(not part for part in raw):
            raise TunerInputError(f"{key}: an empty value in {text!r}")
    values: list[str] = []
    for item in raw:
        value = canonical(family, key, item)
        if value not in values:
            values.append(value)
    if len(values) > MAX_VALUES_PER_KNOB:
        raise TunerInputError(f"{key}: {len(values)} values; at most {MAX_VALUES_PER_KNOB} per knob")
    return tuple(values)


def _grid(key: str, text: str) -> list[Fraction]:
    try:
        lo, hi, step = (Fraction(part.strip()) for part in text.split(":"))
    except (ValueError, ZeroDivisionError):
        raise TunerInputError(
            f"{key}: a range is lo:hi:step with numbers or fractions, e.g. 4:7:1/2, not {text!r}"
        ) from None
    if step <= 0:
        raise TunerInputError(f"{key}: the step of {text!r} must be positive")
    if hi < lo:
        raise TunerInputError(f"{key}: the range {text!r} ends below where it starts")
    count = (hi - lo) // step + 1
    if count > MAX_VALUES_PER_KNOB:
        raise TunerInputError(f"{key}: {text!r} has {count} values; at most {MAX_VALUES_PER_KNOB} per knob")
    return [lo + i * step for i in range(int(count))]


def parse_vary(family: str, specs: Iterable[str]) -> list[Knob]:
    """``KEY=VALUES`` arguments as knobs, in the order given; a key may appear once."""
    knobs: list[Knob] = []
    for spec in specs:
        key, sep, text = spec.partition("=")
        key = key.strip()
        if not sep or not key:
            raise TunerInputError(f"--vary {spec!r}: write KEY=VALUES, e.g. ties=push,dealer")
        if key == "family":
            raise TunerInputError("the family of a variant cannot be tuned")
        if any(k.key == key for k in knobs):
            raise TunerInputError(f"{key} is varied twice; give all its values once")
        knobs.append(Knob(key, expand_values(family, key, text)))
    return knobs


def with_current(rules: Rules, knobs: Sequence[Knob]) -> list[Knob]:
    """Each knob's values with the variant's own value first (the 'no change' point)."""
    out = []
    for knob in knobs:
        here = current_text(rules, knob.key)
        out.append(Knob(knob.key, (here, *(v for v in knob.values if v != here))))
    return out
