"""A seeded month of a floor, dealt round by round by the product's own table, with faults
planted where asked.

The floor: ``tables`` tables of one variant in pits of ten, each pit at one stake and each
table on one channel; a day is three shifts of ``rounds_per_shift`` rounds; each shift a
pit's dealer is drawn for each table, the dealer ``leaking`` (if any) working every shift of
the day at some table of its pit. Every round is dealt from a freshly shuffled deck to one
seat playing the variant's optimal strategy. Faults:

* ``ShortDeck``: the table deals from a deck missing one card from a day on;
* ``WrongPayout``: the table pays a two-card 7½ (the reale) 1 to 1 instead of the rules'
  rate from a day on (the cards and decisions stay true, the posted net is wrong);
* ``DealerLeak``: the players at one dealer's tables see the dealer's face-down card (they
  play the exact optimal strategy of the face-up game), so the dealer's tables lose beyond
  theory while every round is dealt and paid correctly.

Rounds are yielded one at a time (a month is never held whole in memory).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction

from casino.rules.cards import new_deck
from casino.rules.model import SevenHalfRules
from certification.odds.analysis import analyze

from .deal import Dealer

SHIFTS = 3
PIT_SIZE = 10
DEALERS_PER_PIT = 12
STAKES = (Fraction(5), Fraction(10), Fraction(25))
CHANNELS = ("table", "studio")


@dataclass(frozen=True)
class Seat:
    player: str
    wager: Fraction
    decisions: tuple[str, ...]
    net: Fraction
    """The player's net in currency (positive: the player won)."""


@dataclass(frozen=True)
class FloorRound:
    table: str
    round_id: int
    day: int
    at: dt.datetime
    dealer: str
    shoe: str
    cards: tuple[str, ...]
    seats: tuple[Seat, ...]

    @property
    def handle(self) -> Fraction:
        return sum((s.wager for s in self.seats), Fraction(0))

    @property
    def house_win(self) -> Fraction:
        return -sum((s.net for s in self.seats), Fraction(0))


@dataclass(frozen=True)
class TableSpec:
    name: str
    version: str
    stake: Fraction
    channel: str
    pit: int

    @property
    def group(self) -> str:
        """The return check's group: table, game version, stake level and channel."""
        return f"{self.name}/{self.version}/{self.stake}/{self.channel}"


@dataclass(frozen=True)
class ShortDeck:
    table: str
    card: str
    from_day: int
    kind = "short deck"


@dataclass(frozen=True)
class WrongPayout:
    table: str
    from_day: int
    kind = "wrong payout"


@dataclass(frozen=True)
class DealerLeak:
    dealer: str
    from_day: int = 1
    kind = "dealer leak"


@dataclass(frozen=True)
class MonthSpec:
    rules: SevenHalfRules
    version: str
    seed: int
    tables: int = 50
    days: int = 30
    rounds_per_shift: int = 40
    start: dt.date = dt.date(2026, 10, 1)
    faults: tuple = ()

    @property
    def table_specs(self) -> list[TableSpec]:
        return [TableSpec(f"T{i + 1:02d}", self.version, STAKES[(i // PIT_SIZE) % len(STAKES)],
                          CHANNELS[i % len(CHANNELS)], i // PIT_SIZE) for i in range(self.tables)]

    @property
    def pits(self) -> int:
        return -(-self.tables // PIT_SIZE)

    def date(self, day: int) -> dt.date:
        return self.start + dt.timedelta(days=day - 1)


def dealer_name(pit: int, k: int) -> str:
    return f"D{pit + 1}{k + 1:02d}"


@dataclass
class _Floor:
    spec: MonthSpec
    fair: Dealer
    leaky: Dealer
    deck: list[str]
    rng: random.Random
    short: dict[str, ShortDeck] = field(default_factory=dict)
    wrong: dict[str, WrongPayout] = field(default_factory=dict)
    leaks: dict[str, DealerLeak] = field(default_factory=dict)


def generate_month(spec: MonthSpec) -> Iterator[FloorRound]:
    """Every round of the month, table by table within each shift, in time order."""
    visible = replace(spec.rules, dealer_upcard_visible=True)
    floor = _Floor(spec, Dealer(spec.rules, analyze(spec.rules)), Dealer(visible, analyze(visible)),
                   [c.code for c in new_deck(_ranks(spec.rules), spec.rules.decks)],
                   random.Random(spec.seed))
    for f in spec.faults:
        {ShortDeck: floor.short, WrongPayout: floor.wrong}.get(type(f), floor.leaks)[
            getattr(f, "table", getattr(f, "dealer", ""))] = f
    tables = spec.table_specs
    next_id = {t.name: 1 for t in tables}
    for day in range(1, spec.days + 1):
        for shift in range(SHIFTS):
            rota = _rota(floor, tables, day)
            for t in tables:
                dealer = rota[t.name]
                for i in range(spec.rounds_per_shift):
                    yield _round(floor, t, day, shift, i, dealer, next_id[t.name])
                    next_id[t.name] += 1


def _ranks(rules: SevenHalfRules):
    from casino.rules.cards import SEVEN_HALF_RANKS

    return SEVEN_HALF_RANKS


def _rota(floor: _Floor, tables: list[TableSpec], day: int) -> dict[str, str]:
    out = {}
    for pit in range(floor.spec.pits):
        names = [dealer_name(pit, k) for k in range(DEALERS_PER_PIT)]
        floor.rng.shuffle(names)
        # A leaking dealer works every shift (its pit's busiest), as the fault asks.
        leaking = [n for n in names if n in floor.leaks and day >= floor.leaks[n].from_day]
        names = leaking + [n for n in names if n not in leaking]
        at_pit = [t for t in tables if t.pit == pit]
        floor.rng.shuffle(at_pit)
        out.update({t.name: names[i] for i, t in enumerate(at_pit)})
    return out


def _round(floor: _Floor, t: TableSpec, day: int, shift: int, i: int, dealer: str,
           round_id: int) -> FloorRound:
    spec = floor.spec
    deck = floor.deck[:]
    short = floor.short.get(t.name)
    if short is not None and day >= short.from_day:
        deck.remove(short.card)
    floor.rng.shuffle(deck)
    deck.reverse()  # the table deals from the front of its list
    leak = floor.leaks.get(dealer)
    table = floor.leaky if leak is not None and day >= leak.from_day else floor.fair
    dealt = table.deal(deck)
    net = dealt.net
    wrong = floor.wrong.get(t.name)
    if wrong is not None and day >= wrong.from_day and "reale" in dealt.features and net > 1:
        net -= spec.rules.payouts.natural - 1
    seconds = shift * 8 * 3600 + i * (8 * 3600 // spec.rounds_per_shift)
    at = dt.datetime.combine(spec.date(day), dt.time(), dt.UTC) + dt.timedelta(seconds=seconds)
    seat = Seat(f"P{floor.rng.randrange(10**6):06d}", t.stake, dealt.decisions, net * t.stake)
    return FloorRound(t.name, round_id, day, at, dealer, f"{t.name}-{day}-{shift}", dealt.cards, (seat,))
