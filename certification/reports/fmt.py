"""How figures are written on a certificate: fixed precision, signs shown, no float noise."""

from __future__ import annotations

import math
from fractions import Fraction

BET_NAMES = {"main": "Main bet", "bonus": "Bonus bet", "dice_match": "Dice-match bet"}


def bet_name(key: str) -> str:
    return BET_NAMES.get(key, key.replace("_", " ").capitalize())


def pct(value: float | None, digits: int = 4) -> str:
    """A fraction of a wager as a percentage: -0.054 -> "-5.4000%"."""
    if value is None:
        return "–"
    return f"{value * 100:.{digits}f}%"


def signed(value: float | None, digits: int = 6) -> str:
    if value is None:
        return "–"
    return f"{value:+.{digits}f}"


def decimal(value: float | None, digits: int = 6) -> str:
    if value is None:
        return "–"
    return f"{value:.{digits}f}"


def prob(value: float | None) -> str:
    """A probability to eight places, small ones in scientific form so no digit is lost."""
    if value is None:
        return "–"
    if 0 < value < 1e-4:
        return f"{value:.4e}"
    return f"{value:.8f}"


def pvalue(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if value < 1e-6:
        return f"{value:.2e}"
    return f"{value:.6f}"


def count(value: int | float | None) -> str:
    return "–" if value is None else f"{int(value):,}"


def net(key: str) -> str:
    """An outcome key ("-2", "3/2") as a signed amount: "-2", "+1.5"."""
    value = Fraction(key)
    text = str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    return ("+" + text) if value > 0 else text


def fraction(text: str) -> str:
    """An exact EV "p/q" reduced and written "-p/q", an integer without a denominator."""
    value = Fraction(text)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def one_in(p: float | None) -> str:
    if not p:
        return "–"
    return f"1 in {1 / p:,.1f}"
