"""How figures are written on a certificate: fixed precision, signs shown, no float noise.

Every figure is written the way the document's language writes numbers (Babel's locale
data: "4,3348 %" in Italian and Spanish, "4.3348%" in English); exact fractions ("-1234/5678")
and card totals are the same in every language.
"""

from __future__ import annotations

import datetime as dt
import math
from fractions import Fraction

from babel.dates import format_date
from babel.numbers import format_decimal

from casino.rules.phrases import N_

from .i18n import DEFAULT_LANGUAGE, _, current_language

BET_NAMES = {"main": N_("Main bet"), "bonus": N_("Bonus bet"), "dice_match": N_("Dice-match bet")}
PERCENT_SIGN = "\u00a0%"
"""Italian and Spanish put a (non-breaking) space before the percent sign."""


def _english() -> bool:
    return current_language() == DEFAULT_LANGUAGE


def _fixed(value: float, digits: int, sign: bool = False) -> str:
    """``value`` to ``digits`` places in the document's language."""
    if _english():
        return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    text = format_decimal(value, format=pattern, locale=current_language())
    return ("+" + text) if sign and value >= 0 else text


def bet_name(key: str) -> str:
    return _(BET_NAMES[key]) if key in BET_NAMES else key.replace("_", " ").capitalize()


def pct(value: float | None, digits: int = 4) -> str:
    """A fraction of a wager as a percentage: -0.054 -> "-5.4000%" ("-5,4000 %")."""
    if value is None:
        return "–"
    if _english():
        return f"{value * 100:.{digits}f}%"
    return _fixed(value * 100, digits) + PERCENT_SIGN


def signed(value: float | None, digits: int = 6) -> str:
    if value is None:
        return "–"
    return f"{value:+.{digits}f}" if _english() else _fixed(value, digits, sign=True)


def decimal(value: float | None, digits: int = 6) -> str:
    if value is None:
        return "–"
    return _fixed(value, digits)


def _scientific(value: float, spec: str) -> str:
    text = format(value, spec)
    return text if _english() else text.replace(".", ",")


def prob(value: float | None) -> str:
    """A probability to eight places, small ones in scientific form so no digit is lost."""
    if value is None:
        return "–"
    if 0 < value < 1e-4:
        return _scientific(value, ".4e")
    return _fixed(value, 8)


def pvalue(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if value < 1e-6:
        return _scientific(value, ".2e")
    return _fixed(value, 6)


def count(value: int | float | None) -> str:
    if value is None:
        return "–"
    if _english():
        return f"{int(value):,}"
    return format_decimal(int(value), locale=current_language())


def net(key: str) -> str:
    """An outcome key ("-2", "3/2") as a signed amount: "-2", "+1.5" ("+1,5")."""
    value = Fraction(key)
    text = str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    if not _english():
        text = text.replace(".", ",")
    return ("+" + text) if value > 0 else text


def fraction(text: str) -> str:
    """An exact EV "p/q" reduced and written "-p/q", an integer without a denominator."""
    value = Fraction(text)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def one_in(p: float | None) -> str:
    if not p:
        return "–"
    if _english():
        return f"1 in {1 / p:,.1f}"
    return _("1 in {n}").format(n=_fixed(1 / p, 1))


def date(value: dt.date | None) -> str:
    """A date: ISO in English documents (as they always were), "27 nov 2026" by locale otherwise."""
    if value is None:
        return "–"
    return value.isoformat() if _english() else format_date(value, "medium", locale=current_language())
