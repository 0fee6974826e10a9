"""Numbers written the reader's way: ``4.3348 %`` in English, ``4,3348 %`` in Italian and Spanish.

Babel knows each locale's decimal sign; the language is the request's (LocaleMiddleware).
Exact fractions (``253/5832``) are not numbers to localise and never pass through here.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from babel.dates import format_date
from babel.numbers import format_decimal
from django import template
from django.utils import timezone, translation
from django.utils.html import format_html

register = template.Library()

PERCENT_PATTERN = "0.0000"
NO_VALUE = "—"


def babel_locale(language: str | None = None) -> str:
    """The Babel locale of a Django language code (``es-ar`` → ``es_AR``; none → the active one)."""
    return translation.to_locale(language or translation.get_language() or "en")


def percent_text(value: float | Fraction | None, language: str | None = None) -> str:
    """A share (0.043348) as a percentage with four decimals in the active language."""
    if value is None:
        return NO_VALUE
    number = format_decimal(float(value) * 100, format=PERCENT_PATTERN, locale=babel_locale(language))
    return f"{number}\u00a0%"


def decimal_text(value, places: int = 2, language: str | None = None) -> str:
    """A plain decimal with ``places`` decimals in the active language (no thousands grouping)."""
    if value is None or value == "":
        return NO_VALUE
    pattern = "0." + "0" * places if places else "0"
    return format_decimal(float(value), format=pattern, locale=babel_locale(language))


@register.filter
def percent(value) -> str:
    """``{{ 0.043348|percent }}`` → ``4.3348 %`` (en), ``4,3348 %`` (it, es)."""
    return percent_text(None if value in (None, "") else float(value))


@register.filter
def decimal(value, places: int = 2) -> str:
    """``{{ 1.5|decimal:2 }}`` → ``1.50`` (en), ``1,50`` (it, es)."""
    return decimal_text(value, int(places))


def day_text(value: dt.date | dt.datetime, language: str | None = None) -> str:
    """A day as running text says it: "Nov 28, 2026", "28 nov 2026" (it), "28 nov 2026" (es)."""
    if isinstance(value, dt.datetime):
        value = timezone.localtime(value).date() if timezone.is_aware(value) else value.date()
    return format_date(value, format="medium", locale=babel_locale(language))


@register.filter
def day(value) -> str:
    """``{{ decision.expires|day }}`` → ``<time datetime="2026-12-28">28 dic 2026</time>`` in
    Italian: the day in the reader's words, the ISO date kept for machines."""
    if value in (None, ""):
        return ""
    shown = day_text(value)
    iso = (timezone.localtime(value).date() if isinstance(value, dt.datetime) and timezone.is_aware(value)
           else value).isoformat()[:10]
    return format_html('<time datetime="{}">{}</time>', iso, shown)
