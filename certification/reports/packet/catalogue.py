"""The documents a submission packet can hold, and the checks a profile can require.

A jurisdiction profile lists document codes in the order its packet presents them; the
codes, titles and file names are fixed here so a packet is the same however it was built.
"""

from __future__ import annotations

from casino.rules.phrases import N_

DOCUMENTS: dict[str, str] = {
    "cover-letter": N_("Summary and cover letter"),
    "rules-of-play": N_("Rules of play with worked examples"),
    "rules-of-play-docx": N_("Rules of play with worked examples (Word)"),
    "dealing-procedures": N_("Dealing procedures"),
    "payout-schedule": N_("Payout schedule: true odds, payout odds and house edge"),
    "rack-card": N_("Rack card"),
    "layout": N_("Table layout"),
    "statistical-evaluation": N_("Statistical evaluation (certificate)"),
    "test-summary": N_("Tests run and checksums"),
}

RANDOMNESS_CHECKS: dict[str, str] = {
    "procedure": N_("the table's hand-shuffle procedure assessed"),
    "shuffle_battery": N_("a shuffle log tested by the shuffle battery"),
    "nist": N_("RNG output tested with NIST SP 800-22"),
}

MEDIA_TYPES = {"rules-of-play-docx": (
    "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")}
"""Documents that are not PDF: their extension and media type."""

HOUSE_EDGE_TERMS = ("house edge", "house advantage", "theoretical hold")


def profile_errors(*, documents: object, randomness: object) -> dict[str, str]:
    """Field -> message for document lists and randomness checks a packet cannot honour."""
    errors: dict[str, str] = {}
    if not isinstance(documents, list) or not all(isinstance(d, str) for d in documents):
        errors["packet_documents"] = "a list of document codes, e.g. [\"cover-letter\", \"rules-of-play\"]"
    else:
        unknown = [d for d in documents if d not in DOCUMENTS]
        if unknown:
            errors["packet_documents"] = (f"unknown document {', '.join(unknown)} "
                                          f"(documents: {', '.join(DOCUMENTS)})")
        elif len(set(documents)) != len(documents):
            errors["packet_documents"] = "each document appears once"
    if not isinstance(randomness, list) or not all(isinstance(r, str) for r in randomness):
        errors["randomness_required"] = "a list of checks, e.g. [\"procedure\"]"
    else:
        unknown = [r for r in randomness if r not in RANDOMNESS_CHECKS]
        if unknown:
            errors["randomness_required"] = (f"unknown check {', '.join(unknown)} "
                                             f"(checks: {', '.join(RANDOMNESS_CHECKS)})")
    return errors
