"""Cards, card codes and decks.

A card code is rank + suit (``KD`` is the king of diamonds). Ranks are written
``A 2 3 4 5 6 7 8 9 T J Q K`` and suits ``S H D C``; new-deck order is suit by
suit in that order, ranks in that order within a suit (RULES.md, "Deck orders").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

RANKS = "A23456789TJQK"
SUITS = "SHDC"
FIGURES = frozenset("JQK")

SEVEN_HALF_RANKS = "A234567JQK"
NINE_TEN_ELEVEN_RANKS = "A23456789"
STANDARD_RANKS = RANKS

KING_OF_DIAMONDS = "KD"


class CardError(ValueError):
    """A card code or deck order that cannot be read."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise CardError(f"unknown rank {self.rank!r} (expected one of {' '.join(RANKS)})")
        if self.suit not in SUITS:
            raise CardError(f"unknown suit {self.suit!r} (expected one of {' '.join(SUITS)})")

    @property
    def code(self) -> str:
        return self.rank + self.suit

    @property
    def is_figure(self) -> bool:
        return self.rank in FIGURES

    @property
    def is_king_of_diamonds(self) -> bool:
        return self.code == KING_OF_DIAMONDS

    def __str__(self) -> str:
        return self.code


def parse_card(code: str) -> Card:
    code = code.strip()
    if len(code) != 2:
        raise CardError(f"card code {code!r} must be two characters, rank then suit (e.g. KD)")
    return Card(code[0].upper(), code[1].upper())


def deck_ranks(family: str) -> str:
    if family == "seven_and_half":
        return SEVEN_HALF_RANKS
    if family == "nine_ten_eleven":
        return NINE_TEN_ELEVEN_RANKS
    if family == "standard":
        return STANDARD_RANKS
    raise CardError(f"unknown deck family {family!r}")


def new_deck(ranks: str = STANDARD_RANKS, decks: int = 1) -> list[Card]:
    """New-deck order, repeated ``decks`` times (a shoe of identical decks)."""
    one = [Card(rank, suit) for suit in SUITS for rank in ranks]
    return one * decks


def deck_for_size(size: int) -> list[Card]:
    """The single deck (or shoe of identical decks) a log with ``size`` cards uses."""
    for ranks in (NINE_TEN_ELEVEN_RANKS, SEVEN_HALF_RANKS, STANDARD_RANKS):
        per_deck = len(ranks) * len(SUITS)
        if size % per_deck == 0 and size // per_deck >= 1:
            # 36-card decks come first so 72 reads as two 36-card decks, not an error;
            # sizes that several deck kinds divide prefer the smallest kind.
            return new_deck(ranks, size // per_deck)
    raise CardError(
        f"deck size {size} is not a whole number of 36-, 40- or 52-card decks"
    )


def seven_half_value(card: Card) -> Fraction:
    """Face value in the Seven-and-a-Half family (the king of diamonds' specials aside)."""
    if card.rank in FIGURES:
        return Fraction(1, 2)
    if card.rank == "A":
        return Fraction(1)
    if card.rank in "234567":
        return Fraction(int(card.rank))
    raise CardError(f"{card.code} is not in a Seven-and-a-Half deck")


def nine_ten_eleven_value(card: Card) -> int:
    """Face value in 9-10-11 (an ace's 0-or-1 choice is the hand's, not the card's)."""
    if card.rank == "A":
        return 1
    if card.rank in "23456789":
        return int(card.rank)
    raise CardError(f"{card.code} is not in a 9-10-11 deck")


def check_order(order: Sequence[Card], expected: Iterable[Card]) -> list[str]:
    """Problems that keep ``order`` from being a permutation of ``expected``."""
    want = Counter(expected)
    have = Counter(order)
    problems: list[str] = []
    for card, count in sorted(have.items()):
        if card not in want:
            problems.append(f"unknown card {card.code} for this deck")
        elif count > want[card]:
            problems.append(f"duplicate card {card.code} ({count} times, expected {want[card]})")
    for card, count in sorted(want.items()):
        if have[card] < count:
            problems.append(f"missing card {card.code}")
    return problems
