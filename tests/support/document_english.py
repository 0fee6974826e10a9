"""The documents' English, found in a text that should be Italian or Spanish.

Every msgid of the documents' catalogue (``certification/locale``, domain ``reports``) is cut
at its placeholders into stretches of plain English; a stretch of at least ``min_words`` words
that its translation does not itself contain (a quoted source, a proper name) must not appear
in a document written in that language. The catalogue holds every sentence a document builder,
an engine phrase or a rule-model label can print, so the check follows the catalogue as it
grows instead of a hand list of a few words.
"""

from __future__ import annotations

import functools
import re

from babel.messages.pofile import read_po

from certification.reports.i18n import DOMAIN, LOCALE_DIR

PLACEHOLDER = re.compile(r"\{[^}]*\}|<[^>]+>|%\(\w+\)s")
EDGES = " .,:;·—()\"'«»[]!?•*"


@functools.cache
def english_stretches(language: str, min_words: int = 3) -> tuple[str, ...]:
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as handle:
        catalogue = read_po(handle)
    found = set()
    for message in catalogue:
        if not message.id or not message.string or message.id == message.string:
            continue
        for stretch in PLACEHOLDER.split(message.id):
            stretch = " ".join(stretch.split()).strip(EDGES)
            if len(stretch.split()) >= min_words and stretch not in message.string:
                found.add(stretch)
    return tuple(sorted(found))


def flat(text: str) -> str:
    """Text with every run of whitespace (a PDF's line ends included) as one space."""
    return " ".join(text.split())


def english_left(text: str, language: str, min_words: int = 3) -> list[str]:
    """The catalogue's English stretches ``text`` contains."""
    text = flat(text)
    return [s for s in english_stretches(language, min_words) if s in text]


ENGLISH_DECIMAL = re.compile(r"(?<![\d.,])[+\-−]?\d+\.\d+\s?%")
"""A percentage written the English way ("4.3348%", "-7.9267 %")."""
LOCALE_PERCENT = re.compile(r"(?<![\d.,])[+\-−]?\d{1,3}(?:\.\d{3})*,\d+\s%")
"""A percentage with a decimal comma and a space before the sign ("4,3348 %", "-7,9267 %")."""
