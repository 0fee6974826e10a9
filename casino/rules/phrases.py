"""English text that remembers how it was made, so a document can say it in another language.

A ``Phrase`` is a ``str`` (its English wording, unchanged for every English reader) that also
keeps its template and arguments: a document builder looks the template up in its catalogue
and fills in the arguments, themselves translated when they are phrases. The engines stay
free of any translation machinery; they only name their sentences.
"""

from __future__ import annotations

from collections.abc import Iterable


class Phrase(str):
    template: str
    args: dict[str, object]

    def __new__(cls, template: str, **args: object) -> Phrase:
        text = template.format(**args) if args else template
        phrase = super().__new__(cls, text)
        phrase.template = template
        phrase.args = args
        return phrase

    def __reduce__(self):
        return (_rebuild, (type(self), self.template, self.args))


class Joined(Phrase):
    """Phrases written one after another (sentences of a clause, items of a list)."""

    parts: tuple[object, ...]
    separator: str

    def __new__(cls, parts: Iterable[object], separator: str = " ") -> Joined:
        items = tuple(parts)
        joined = str.__new__(cls, separator.join(str(p) for p in items))
        joined.template, joined.args = str(joined), {}
        joined.parts, joined.separator = items, separator
        return joined

    def __reduce__(self):
        return (Joined, (self.parts, self.separator))


def _rebuild(cls, template, args):
    return cls(template, **args)


def N_(text: str) -> str:
    """Marks a literal for the catalogue without translating it here."""
    return text
