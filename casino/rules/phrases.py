"""English text that remembers how it was made, so a document can say it in another language.

A ``Phrase`` is a ``str`` (its English wording, unchanged for every English reader) that also
keeps its template and arguments: a document builder looks the template up in its catalogue
and fills in the arguments, themselves translated when they are phrases. The engines stay
free of any translation machinery; they only name their sentences.
"""

from __future__ import annotations

import functools
import re
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


class Percent(float):
    """A share of the wager (0.043348) that a phrase says as a percentage in its reader's way:
    "4.3348%" in English, "4,3348 %" in Italian and Spanish."""

    def __format__(self, spec: str) -> str:
        return f"{self * 100:.4f}%" if not spec else super().__format__(spec)

    def __str__(self) -> str:
        return format(self, "")

    def __reduce__(self):
        return (Percent, (float(self),))


def _rebuild(cls, template, args):
    return cls(template, **args)


def N_(text: str) -> str:
    """Marks a literal for the catalogue without translating it here."""
    return text


def recognised(text: str, templates: Iterable[str]) -> str:
    """``text`` as the ``Phrase`` one of ``templates`` made it, or ``text`` itself.

    An engine's report is stored as JSON, where a phrase is only its English; this finds the
    template again, so a document can say a stored sentence in another language. Arguments come
    back as text, except whole numbers (counts: the document groups them its way); an argument
    whose name mentions a seed stays text, every digit as it was.
    """
    for template, pattern in _patterns(tuple(templates)):
        match = pattern.fullmatch(text)
        if match is not None:
            return Phrase(template, **{name: _typed(name, value)
                                       for name, value in match.groupdict().items()})
    return text


_FIELD = re.compile(r"\{(\w+)\}")


@functools.cache
def _patterns(templates: tuple[str, ...]) -> list[tuple[str, re.Pattern]]:
    out = []
    # The longest literal text first: a template that says more is the better match.
    for template in sorted(templates, key=lambda t: -len(_FIELD.sub("", t))):
        parts, seen, position = [], set(), 0
        for field in _FIELD.finditer(template):
            parts.append(re.escape(template[position:field.start()]))
            name = field.group(1)
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
            position = field.end()
        parts.append(re.escape(template[position:]))
        out.append((template, re.compile("".join(parts), re.S)))
    return out


def _typed(name: str, value: str) -> object:
    if "seed" in name:
        return value
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    return value  # a decimal stays text, every digit as stored (a document gives it its sign)
