"""Reading typed values from JSON-like data, with one clear message per bad field."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


class FieldError(ValueError):
    """A single field's value is unusable; the message is for a person."""


def as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise FieldError(f"must be true or false, not {value!r}")


def as_int(value: Any, *, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise FieldError(f"must be a whole number, not {value!r}")
    try:
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise FieldError(f"must be a whole number, not {value!r}") from None
    if number.denominator != 1:
        raise FieldError(f"must be a whole number, not {value!r}")
    if not low <= number <= high:
        raise FieldError(f"must be between {low} and {high}, not {number}")
    return int(number)


def as_optional_int(value: Any, *, low: int, high: int) -> int | None:
    if value == "unlimited" or is_unset(value):
        return None
    return as_int(value, low=low, high=high)


def as_fraction(value: Any) -> Fraction:
    """An exact amount from an int, a decimal (read from its text, so 0.1 is 1/10) or 'p/q'."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise FieldError(f"must be a number such as 2, 1.5 or 3/2, not {value!r}")
    try:
        number = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise FieldError(f"must be a number such as 2, 1.5 or 3/2, not {value!r}") from None
    if number.denominator > 10**6 or abs(number) > 10**6:
        raise FieldError(f"{value!r} is out of range for an amount")
    return number


def as_payout(value: Any) -> Fraction:
    number = as_fraction(value)
    if number < 0:
        raise FieldError(f"a payout cannot be negative ({value!r}); a losing line is a loss, not a payout")
    return number


UNSET_WORDS = ("none", "null", "")
"""What unsets an optional payout line: ``--set payouts.natural=none``, a JSON null, or an empty
form field."""


def is_unset(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in UNSET_WORDS)


def as_optional_payout(value: Any) -> Fraction | None:
    """An optional line's payout, or None (unset: the line pays as the line it falls back to)."""
    if is_unset(value):
        return None
    try:
        return as_payout(value)
    except FieldError as exc:
        raise FieldError(f"{exc}; to unset this optional line write none (or leave it empty)") from None


def as_choice(value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise FieldError(f"must be one of {', '.join(choices)}, not {value!r}")
    return value


def fraction_to_json(value: Fraction | None) -> int | str | None:
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    return f"{value.numerator}/{value.denominator}"


def parse_override_value(text: str) -> Any:
    """A ``--set key=value`` value: true/false/null, a number, a fraction, a list or a word."""
    import json

    stripped = text.strip()
    lowered = stripped.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("null", "none", "unlimited"):
        return None if lowered != "none" else "none"
    if stripped.startswith("["):
        try:
            return json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise FieldError(f"is not a valid list: {exc.msg}") from None
    try:
        Fraction(stripped)
        return stripped
    except (ValueError, ZeroDivisionError):
        return stripped
