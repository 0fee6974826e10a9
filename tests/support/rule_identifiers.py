"""The rule model's names as code writes them, to find on a page or in a document."""

from __future__ import annotations

import re

from casino.rules import labels
from casino.rules.parameters import parameter_specs


def identifier_words() -> set[str]:
    """Every parameter, every named choice and the families (those written with an
    underscore, as code writes them), and the presets' keys (sette-e-mezzo)."""
    names = set(labels.FAMILIES)
    for family in labels.FAMILIES:
        for spec in parameter_specs(family):
            names.add(spec.path.removeprefix("payouts."))
            names.update(spec.choices)
    # The presets' keys stay in links and commands; a reader is given the preset's name.
    return {name for name in names if "_" in name} | set(labels.PRESETS) - {"nine-ten-eleven"}


IDENTIFIER = re.compile(r"\b(" + "|".join(sorted(identifier_words(), key=len, reverse=True)) + r")\b")


def identifiers_in(text: str) -> list[str]:
    """Each identifier found, with a few words around it."""
    return sorted({f"{m.group(1)} in \"{text[max(0, m.start() - 40):m.end() + 20]}\""
                   for m in IDENTIFIER.finditer(text)})
