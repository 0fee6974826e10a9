"""Decks, three-card rank compositions, hand values and bonus categories for 9-10-11.

Suits matter only for the flush bonus, so hands are counted as rank compositions
(sorted tuples of rank indices, 0 = ace ... 8 = nine) with their multiplicities; the
chance that a composition is single-suited is a closed-form product.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations_with_replacement
from math import comb, prod

from casino.rules.cards import NINE_TEN_ELEVEN_RANKS, SUITS

Composition = tuple[int, ...]
"""A hand's ranks as sorted indices into ``NINE_TEN_ELEVEN_RANKS``."""

NO_VALUE = -1
"""The value of a hand that does not qualify."""

STRAIGHT = (1, 2, 3)  # 2-3-4
TRIPS = (2, 2, 2)  # 3-3-3


class RankCounts:
    """Dealing by rank composition: all the counting loop (engine.count_rounds) asks of a deck.

    A subclass gives ``per_rank`` (cards of each rank index) and says whether it knows the
    suits (``tracks_suits``); hands are dealt as unordered sets of cards, so a composition
    is dealt in prod C(count, k) ways.
    """

    per_rank: tuple[int, ...]
    tracks_suits = False

    @property
    def size(self) -> int:
        return sum(self.per_rank)

    @cached_property
    def compositions(self) -> tuple[Composition, ...]:
        """Every three-card rank composition this deck can deal."""
        present = [r for r, n in enumerate(self.per_rank) if n]
        return tuple(
            c for c in combinations_with_replacement(present, 3)
            if all(self.per_rank[r] >= k for r, k in Counter(c).items())
        )

    @cached_property
    def _counts(self) -> dict[Composition, tuple[tuple[int, int], ...]]:
        return {c: tuple(Counter(c).items()) for c in self.compositions}

    def ways(self, hand: Composition, removed: Composition = ()) -> int:
        """Unordered ways to deal ``hand`` once the cards of ``removed`` are gone."""
        left = self.per_rank
        if removed:
            left = list(left)
            for r in removed:
                left[r] -= 1
        counts = self._counts.get(hand) or tuple(Counter(hand).items())
        return prod(comb(left[r], k) for r, k in counts)

    def ways_after(self, removed: Composition) -> list[tuple[Composition, int]]:
        """Every composition still dealable once ``removed`` is gone, with its ways."""
        left = list(self.per_rank)
        for r in removed:
            left[r] -= 1
        choose = [_choose_up_to_3(n) for n in left]
        out = []
        for hand, counts in self._counts.items():
            w = 1
            for r, k in counts:
                w *= choose[r][k]
            if w:
                out.append((hand, w))
        return out


@dataclass(frozen=True)
class Deck(RankCounts):
    """The cards in play: every listed rank in every listed suit, ``copies`` times.

    The standard shoe is all nine ranks in four suits; a smaller deck (fewer ranks or
    suits) keeps every rule intact and lets a brute-force check enumerate every deal.
    """

    ranks: str = NINE_TEN_ELEVEN_RANKS
    suits: str = SUITS
    copies: int = 1

    tracks_suits = True

    def __post_init__(self) -> None:
        if not self.ranks or any(r not in NINE_TEN_ELEVEN_RANKS for r in self.ranks):
            raise ValueError(f"ranks must be drawn from {NINE_TEN_ELEVEN_RANKS}, not {self.ranks!r}")
        if len(set(self.ranks)) != len(self.ranks) or len(set(self.suits)) != len(self.suits):
            raise ValueError("ranks and suits must not repeat")
        if not self.suits or any(s not in SUITS for s in self.suits):
            raise ValueError(f"suits must be drawn from {SUITS}, not {self.suits!r}")
        if self.copies < 1:
            raise ValueError("copies must be at least 1")
        if self.size < 6:
            raise ValueError("a round needs at least six cards")

    @classmethod
    def standard(cls, decks: int = 1) -> Deck:
        return cls(copies=decks)

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits) * self.copies

    @cached_property
    def per_rank(self) -> tuple[int, ...]:
        """Cards of each rank index (0 for ranks left out)."""
        n = len(self.suits) * self.copies
        return tuple(n if r in self.ranks else 0 for r in NINE_TEN_ELEVEN_RANKS)

    def suited_ways(self, hand: Composition) -> int:
        """Ways to deal ``hand`` (from a full deck) with all three cards of one suit."""
        return len(self.suits) * prod(comb(self.copies, k) for k in Counter(hand).values())


@dataclass(frozen=True)
class CountDeck(RankCounts):
    """A deck known only by its number of cards of each rank, suits not tracked.

    The standard shoe with some cards known to be out (one 7 burnt, another seat's hand) is
    no longer whole ranks in whole suits. The main bet and the dice match depend on ranks
    alone, so both are exact on such a deck; the bonus (a flush needs suits) is not
    evaluated, and where two choices tie on main and dice match the bonus does not break
    the tie (the smaller wager does), which cannot change either of those two bets.
    """

    per_rank: tuple[int, ...]
    """Cards of each rank, in the order of NINE_TEN_ELEVEN_RANKS (A..9)."""

    def __post_init__(self) -> None:
        counts = tuple(self.per_rank)
        if len(counts) != len(NINE_TEN_ELEVEN_RANKS):
            raise ValueError(f"per_rank needs one count per rank {NINE_TEN_ELEVEN_RANKS}, "
                             f"not {len(counts)}")
        if any(not isinstance(n, int) or n < 0 for n in counts):
            raise ValueError(f"per_rank must be whole numbers of cards, not {counts!r}")
        if sum(counts) < 6:
            raise ValueError("a round needs at least six cards")
        object.__setattr__(self, "per_rank", counts)

    @classmethod
    def standard(cls, decks: int = 1) -> CountDeck:
        return cls((len(SUITS) * decks,) * len(NINE_TEN_ELEVEN_RANKS))

    def without(self, *cards: str) -> CountDeck:
        """This deck less some cards, each given by its code or rank ("7H" or "7")."""
        left = list(self.per_rank)
        for card in cards:
            rank = NINE_TEN_ELEVEN_RANKS.find(card[:1].upper())
            if rank < 0:
                raise ValueError(f"{card!r} is not a card of ranks {NINE_TEN_ELEVEN_RANKS}")
            if not left[rank]:
                raise ValueError(f"no {card!r} is left to remove")
            left[rank] -= 1
        return CountDeck(tuple(left))


def composition_of(codes: tuple[str, ...] | list[str]) -> Composition:
    return tuple(sorted(NINE_TEN_ELEVEN_RANKS.index(code[0].upper()) for code in codes))


def hand_value(hand: Composition, qualifying: tuple[int, ...]) -> int:
    """The highest qualifying total some choice of ace values (0 or 1) gives, else NO_VALUE."""
    high = sum(r + 1 for r in hand)
    low = high - hand.count(0)
    best = NO_VALUE
    for total in qualifying:
        if low <= total <= high and total > best:
            best = total
    return best


@dataclass(frozen=True)
class BonusTable:
    """What the bonus pays a qualifying hand; the best-paying category it makes applies."""

    straight_flush: object
    trips: object
    straight: object
    flush: object

    def payout(self, hand: Composition, suited: bool):
        """Net win per bonus unit, or None when the hand makes no paying category."""
        made = []
        if hand == STRAIGHT:
            made.append(self.straight)
            if suited:
                made.append(self.straight_flush)
        if hand == TRIPS:
            made.append(self.trips)
        if suited:
            made.append(self.flush)
        return max(made) if made else None


def label(hand: Composition) -> str:
    return "-".join(NINE_TEN_ELEVEN_RANKS[r] for r in hand)


@cache
def _choose_up_to_3(n: int) -> tuple[int, int, int, int]:
    """C(n, k) for k = 0..3 (a hand holds at most three cards of a rank)."""
    return tuple(comb(n, k) if n >= 0 else 0 for k in range(4))
