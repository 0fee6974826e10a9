"""The variants within k changes of a base, grouped into lines along a monotone knob.

A variant is the base with some knobs moved off their current value; its "changes" are
those knobs and values, and applying them goes through ``with_overrides``, exactly as
``--set`` does, so a rejected combination is the rule model's own verdict.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from math import prod

from casino.rules.model import Rules
from casino.rules.schema import RuleValidationError, with_overrides

from .knobs import Knob
from .structure import direction, inert, rank


@dataclass(frozen=True)
class Candidate:
    changes: tuple[tuple[str, str], ...]
    """(key, value) pairs in knob order; empty for the base itself."""
    rules: Rules

    @property
    def key(self) -> str:
        return key_of(self.changes)

    @property
    def size(self) -> int:
        return len(self.changes)

    def changes_dict(self) -> dict[str, str]:
        return dict(self.changes)


def key_of(changes: Sequence[tuple[str, str]]) -> str:
    """A variant's stable name: ``dealer_stands_at=9/2;ties=push`` (empty for the base)."""
    return ";".join(f"{k}={v}" for k, v in changes)


def changes_from_key(key: str) -> tuple[tuple[str, str], ...]:
    if not key:
        return ()
    return tuple(tuple(part.split("=", 1)) for part in key.split(";"))  # type: ignore[misc]


def apply_changes(base: Rules, changes: Sequence[tuple[str, str]]) -> Rules:
    """The base with ``changes``; raises RuleValidationError as ``--set`` would."""
    if not changes:
        return base
    return with_overrides(base, [f"{k}={v}" for k, v in changes])


@dataclass
class Line:
    """Points that differ only in ``axis`` (or one lone point when ``axis`` is None).

    With ``sign`` set, the bet's house edge never rises along ``points`` (sorted so).
    """

    points: list[Candidate]
    axis: str | None = None
    sign: int = 0


@dataclass
class LevelCount:
    points: int = 0
    rejected: int = 0
    dominated: int = 0


def level_size(knobs: Sequence[Knob], k: int) -> int:
    """How many variants have exactly k changes (rejected ones included)."""
    moves = [len(knob.values) - 1 for knob in knobs]
    return sum(prod(moves[i] for i in subset) for subset in combinations(range(len(knobs)), k))


def _ordered(values: Sequence[str]) -> bool:
    return all(rank(v) is not None for v in values)


def _axis(base: Rules, knobs: Sequence[Knob], subset: tuple[int, ...], bet: str) -> int | None:
    best, best_len = None, 1
    for i in subset:
        knob = knobs[i]
        moves = len(knob.values) - 1
        # A line holds the values a change sets, never the base's own (which may be unset).
        if moves > best_len and direction(base, knob.key, bet) and _ordered(knob.values[1:]):
            best, best_len = i, moves
    return best


def level_lines(base: Rules, knobs: Sequence[Knob], k: int, bet: str,
                count: LevelCount) -> Iterator[Line]:
    """Every valid, non-dominated variant with exactly ``k`` changes, in lines.

    ``knobs`` hold the base's own value first. Rejected and dominated variants are
    counted in ``count`` and left out.
    """
    for subset in combinations(range(len(knobs)), k):
        axis = _axis(base, knobs, subset, bet)
        others = [i for i in subset if i != axis]
        for values in product(*(knobs[i].values[1:] for i in others)):
            fixed = dict(zip(others, values, strict=True))
            if axis is None:
                point = _candidate(base, knobs, subset, fixed, count)
                if point is not None:
                    yield Line([point])
                continue
            ordered = sorted(knobs[axis].values[1:], key=rank)
            points = [
                p for p in (_candidate(base, knobs, subset, {**fixed, axis: v}, count)
                            for v in ordered)
                if p is not None
            ]
            if not points:
                continue
            sign = direction(points[0].rules, knobs[axis].key, bet)
            if sign == -1:
                points.reverse()
            yield Line(points, knobs[axis].key if sign else None, abs(sign))


def _candidate(base: Rules, knobs: Sequence[Knob], subset: tuple[int, ...],
               chosen: dict[int, str], count: LevelCount) -> Candidate | None:
    count.points += 1
    changes = tuple((knobs[i].key, chosen[i]) for i in subset)
    try:
        rules = apply_changes(base, changes)
    except RuleValidationError:
        count.rejected += 1
        return None
    if any(inert(rules, key) for key, _ in changes):
        count.dominated += 1
        return None
    return Candidate(changes, rules)
