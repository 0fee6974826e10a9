"""Rollups of a stream of rounds: per table, day and dealer the rounds, handle and win (what
the return check needs), and per table and day the card statistics (cards.py).

Rounds arrive in any order within a day; a table's cards are kept only for the day being
rolled up, so memory does not grow with the month.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from .cards import CardDay, card_day


@dataclass
class Cell:
    rounds: int = 0
    handle: Fraction = Fraction(0)
    win: Fraction = Fraction(0)

    def add(self, rounds: int, handle: Fraction, win: Fraction) -> None:
        self.rounds += rounds
        self.handle += handle
        self.win += win


@dataclass
class FloorRollup:
    cards: list[str]
    always_dealt: int
    cells: dict[tuple[str, int, str], Cell] = field(default_factory=lambda: defaultdict(Cell))
    """(table, day, dealer) -> rounds, handle, house win."""
    card_days: dict[tuple[str, int], CardDay] = field(default_factory=dict)
    _pending: dict[tuple[str, int], list[list[int]]] = field(default_factory=lambda: defaultdict(list))
    _index: dict[str, int] = field(default_factory=dict)
    _day: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._index = {c: i for i, c in enumerate(self.cards)}

    def add(self, r) -> None:
        self.cells[r.table, r.day, r.dealer].add(1, r.handle, r.house_win)
        if r.cards:
            self._pending[r.table, r.day].append([self._index[c] for c in r.cards])
        # A table's earlier day is complete once its next day starts.
        current = self._day.get(r.table)
        if current is not None and current < r.day and (r.table, current) in self._pending:
            self._flush((r.table, current))
        self._day[r.table] = max(r.day, current or r.day)

    def finish(self) -> FloorRollup:
        for key in list(self._pending):
            self._flush(key)
        return self

    def _flush(self, key) -> None:
        self.card_days[key] = card_day(self._pending.pop(key), len(self.cards), self.always_dealt)


def roll_up(rounds: Iterable, cards: list[str], always_dealt: int) -> FloorRollup:
    rollup = FloorRollup(cards, always_dealt)
    for r in rounds:
        rollup.add(r)
    return rollup.finish()
