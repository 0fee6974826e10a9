"""The language a document is written in, and how its words and numbers are said in it.

A builder takes the language from its data (a jurisdiction's profile) and writes inside
``writing_in(language)``; everything it prints goes through ``_`` (its own sentences),
``say`` (sentences the engines made, as ``Phrase``) and ``certification.reports.fmt``
(numbers). The language is a context variable scoped to the build, so two documents built
at once in two languages do not meet. English is the catalogue's source: it needs none.
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from babel.numbers import format_decimal, get_decimal_symbol
from babel.support import Translations

from casino.rules.phrases import N_, Joined, Percent, Phrase

LANGUAGES = {"en": N_("English"), "it": N_("Italiano"), "es": N_("Español")}
DEFAULT_LANGUAGE = "en"
DOMAIN = "reports"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_DECIMAL = re.compile(r"[+\-−]?\d+\.\d+")
_language: ContextVar[str] = ContextVar("document_language", default=DEFAULT_LANGUAGE)


def checked_language(language: str | None) -> str:
    language = (language or DEFAULT_LANGUAGE).lower()
    if language not in LANGUAGES:
        raise ValueError(f"documents are written in {', '.join(LANGUAGES)}, not {language!r}")
    return language


@contextmanager
def writing_in(language: str | None) -> Iterator[str]:
    token = _language.set(checked_language(language))
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def current_language() -> str:
    return _language.get()


@functools.cache
def catalogue(language: str) -> stdlib_gettext.NullTranslations:
    if language == DEFAULT_LANGUAGE:
        return stdlib_gettext.NullTranslations()
    return Translations.load(str(LOCALE_DIR), [language], DOMAIN)


def _(text: str) -> str:
    """One of our document sentences in the current language (English if not translated)."""
    language = _language.get()
    if language == DEFAULT_LANGUAGE or not text:
        return text
    return catalogue(language).gettext(text)


def say(value: object) -> str:
    """Text made by an engine, in the current language: a phrase's template is translated and
    its arguments said in turn; a plain string is looked up as it stands."""
    if _language.get() == DEFAULT_LANGUAGE:
        return str(value)
    if isinstance(value, Joined):
        return value.separator.join(say(part) for part in value.parts)
    if isinstance(value, Phrase):
        template = _(value.template)
        if not value.args:
            return template
        if template is value.template:
            return str(value)  # not in the catalogue (a test keeps that from happening)
        return template.format(**{k: _argument(v) for k, v in value.args.items()})
    if isinstance(value, str):
        return _(value)
    return _argument(value)


def _argument(value: object) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Percent):
        return format_decimal(float(value) * 100, format="#,##0.0000", locale=_language.get()) + "\u00a0%"
    if isinstance(value, int):
        # A count, grouped the language's way ("20.000"); identifiers are passed as text.
        return format_decimal(value, locale=_language.get())
    if isinstance(value, str):
        if _DECIMAL.fullmatch(value):
            # A figure made into text by an engine ("0.006", "+0.004"): the language's sign.
            return value.replace(".", get_decimal_symbol(_language.get()))
        return say(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Decimal):
        return format_decimal(value, locale=_language.get(), decimal_quantization=False,
                              group_separator=False)
    return str(value)


def say_in(value: object, language: str | None) -> str:
    """``say`` for one value outside a document build (a page showing the rules, a mail)."""
    with writing_in(language):
        return say(value)
