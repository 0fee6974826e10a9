"""The rule model's words on a web page, in the reader's language.

The rule model (``casino.rules``) is pure and speaks English: its labels (``casino.rules.labels``)
and its sentences (``Phrase``, e.g. the rules of play of ``casino.rules.describe``) are the
msgids of the documents' catalogue (``certification/locale``, domain ``reports``). A page says
them in the request's language with these functions, the same words a certificate prints;
templates use the filters of ``{% load rule_words %}``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

from casino.rules import labels
from certification.reports.i18n import LANGUAGES, say_in


def page_language() -> str:
    """The request's language as the catalogue names it (``es-ar`` -> ``es``; English otherwise)."""
    language = (get_language() or "en").split("-")[0].lower()
    return language if language in LANGUAGES else "en"


def said(value: Any) -> str:
    """An engine's English (a label or a ``Phrase``) in the request's language."""
    if value is None or value == "":
        return "" if value is None else value
    return say_in(value, page_language())


def family(family: str) -> str:
    """``seven_and_half`` -> "Seven and a Half" ("Sette e mezzo", "Siete y media")."""
    return said(labels.family_label(family))


def preset(name: str) -> str:
    """``sette-e-mezzo`` -> "Sette e Mezzo"; the preset's source, too, said in the page's language."""
    return said(labels.preset_label(name)) if name else ""


def parameter(path: str) -> str:
    """``payouts.dealer_natural_collects`` -> "Dealer's reale collects", translated."""
    return said(labels.parameter_label(path))


def value(path: str, raw: Any) -> str:
    """A parameter's value in words: ``("special_card", "kd_first_card")`` -> "king of diamonds
    as first card", ``None`` -> what empty means for it, ``True`` -> "yes"."""
    return said(labels.value_label(path, raw))


def setting(path: str, raw: Any) -> str:
    """``special_card=kd_first_card`` -> "Special card: king of diamonds as first card"; a
    change as the tuner and the readings write it (``"true"``, ``"13/2"``) reads the same."""
    if isinstance(raw, str) and raw.lower() in ("true", "false"):
        raw = raw.lower() == "true"
    return said(labels.setting_label(path, raw))


def help_text(family: str, path: str) -> str:
    """A parameter's help as a form shows it, in words, translated."""
    return said(labels.help_text(family, path))


def bet(key: str) -> str:
    return said(labels.bet_label(key))


def strategy(key: str) -> str:
    """``house_way`` -> "the house way", translated."""
    return said(labels.strategy_label(key))


def decision(key: str) -> str:
    return said(labels.decision_label(key))


def reading(key: str) -> str:
    """The sentence of a reading (``labels.READINGS``), translated."""
    return said(labels.reading(key))
