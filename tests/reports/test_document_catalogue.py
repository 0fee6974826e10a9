"""The documents' catalogue is complete: every sentence our documents print has an Italian and a
Spanish translation, none fuzzy, with the same placeholders, using the glossary's words, and
the compiled catalogues say what the .po files say."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from casino.models.jurisdiction import DOCUMENT_LANGUAGES
from certification.glossary import CHECKED, TERMS, term
from certification.reports.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["casino/rules", "certification/economics", "certification/odds", "certification/protection",
           "certification/randomness/procedures", "certification/reports", "certification/services"]
KEYWORDS = {"_": None, "N_": None, "Phrase": None}
TRANSLATED = ("it", "es")


def _code_messages() -> set[str]:
    found = set()
    for source in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
                ROOT / source, method_map=[("**.py", "python")], keywords=KEYWORDS):
            if isinstance(message, str) and message:
                found.add(message)
    return found


@pytest.fixture(scope="module")
def code_messages() -> set[str]:
    return _code_messages()


def _catalogue(language: str):
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as handle:
        return read_po(handle)


def _names(text: str) -> list[str]:
    return sorted({field for _, field, _, _ in string.Formatter().parse(text) if field is not None})


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_document_sentence_has_a_translation_that_is_not_fuzzy(code_messages, language):
    catalogue = _catalogue(language)
    untranslated = sorted(m for m in code_messages
                          if catalogue.get(m) is None or not catalogue.get(m).string)
    fuzzy = sorted(m.id for m in catalogue if m.id and m.fuzzy)
    assert not catalogue.fuzzy, f"{language}: the whole catalogue is marked fuzzy (it would not compile)"
    assert not untranslated, f"{language}: no translation for {untranslated[:5]}"
    assert not fuzzy, f"{language}: fuzzy translations {fuzzy[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_every_placeholder_of_the_english(language):
    wrong = [(m.id, m.string) for m in _catalogue(language)
             if m.id and _names(m.id) != _names(m.string)]
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_says_what_the_po_file_says(language):
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as handle:
        compiled = {m.id: m.string for m in read_mo(handle) if m.id}
    written = {m.id: m.string for m in _catalogue(language) if m.id and not m.fuzzy}
    assert compiled == written, "run: pybabel compile -d certification/locale -D reports"


def _words(text: str) -> str:
    """The sentence without its placeholders, lower case: "{deck}" is not the word deck."""
    return re.sub(r"\{[^}]*\}", " ", text).lower()


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_uses_the_glossarys_words(language):
    misses = []
    for message in _catalogue(language):
        if not message.id:
            continue
        for key in CHECKED:
            entry = TERMS[key]
            if (re.search(rf"\b{re.escape(entry.english.lower())}", _words(message.id))
                    and entry.stem(language).lower() not in message.string.lower()):
                misses.append((key, message.id[:60], message.string[:60]))
    assert not misses, misses[:5]


def test_the_glossary_holds_the_games_own_words():
    assert term("matta", "it") == "matta" and term("triple", "it") == "triplé"
    assert term("bust", "it") == "sballare" and term("dealer", "it") == "mazziere"
    assert term("reale", "it") == "sette e mezzo reale" and term("game", "es") == "Siete y media"
    assert term("bust", "es") == "pasarse" and term("stand", "es") == "plantarse"
    assert term("bank", "es") == "banca" and term("matta", "en") == "matta"


def test_a_jurisdiction_offers_exactly_the_catalogues_languages():
    assert dict(DOCUMENT_LANGUAGES) == LANGUAGES


def test_a_page_can_say_an_engines_sentence_in_a_language_without_building_a_document():
    from casino.rules import PRESETS
    from casino.rules.describe import describe_rules
    from certification.reports.i18n import current_language, say_in

    clause = next(c for c in describe_rules(PRESETS["sette-e-mezzo"]) if c.title == "The matta")
    assert say_in(clause.title, "it") == "La matta"
    assert say_in(clause.text, "es").startswith("El rey de diamantes es la matta (comodín)")
    assert say_in(clause.text, "en") == clause.text and current_language() == "en"
