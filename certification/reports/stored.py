"""Sentences the engines stored in English, said in the document's language.

A run keeps its exact figures (the notes under them, the strategy charts) and the game
protection report as JSON, so a certificate can be rendered again years later without
running anything; JSON keeps only a phrase's English. Every template an engine writes into
those reports is listed here: a stored sentence is matched back to its template
(``casino.rules.phrases.recognised``) and said with its arguments; a sentence no template
matches stays as it was stored.
"""

from __future__ import annotations

import functools

from casino.rules.phrases import recognised

from .i18n import DEFAULT_LANGUAGE, current_language, say


@functools.cache
def stored_templates() -> tuple[str, ...]:
    from certification.odds.nine_ten_eleven import charts as nine_ten_eleven_charts
    from certification.odds.nine_ten_eleven import fixed as nine_ten_eleven_fixed
    from certification.odds.seven_half import analyze as seven_half_notes
    from certification.protection import phrases as protection
    from certification.randomness.procedures import assess as procedures

    return (*seven_half_notes.NOTE_TEMPLATES, *nine_ten_eleven_charts.NOTE_TEMPLATES,
            nine_ten_eleven_fixed.FIXED, nine_ten_eleven_fixed.FIXED_FINAL_HANDS,
            *protection.TEMPLATES, *procedures.REASON_TEMPLATES)


def say_stored(text: object) -> str:
    """A stored engine sentence (or a short label: "hit", "not run") in the current language."""
    if current_language() == DEFAULT_LANGUAGE or type(text) is not str:
        return say(text)  # English, or a phrase made now rather than read back
    return say(recognised(text, stored_templates()))


def say_row(text: str) -> str:
    """A chart's row or column label: its parts ("matta + ½", "none + 9") said one by one."""
    return " + ".join(say(part) for part in text.split(" + "))
