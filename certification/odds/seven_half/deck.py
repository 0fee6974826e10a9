"""Card kinds and deck counts for the exact Seven-and-a-Half analysis.

Suits matter only through the king of diamonds, so a deck is a vector of counts over
nine kinds: A..7, the ordinary figures, and the king of diamonds. Totals are counted in
half points (7 1/2 is 15) so that every total is a small integer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from casino.rules.cards import SEVEN_HALF_RANKS, Card, new_deck, parse_card
from casino.rules.model import SevenHalfRules

FIGURE = 7
KD = 8
FOUR = 3
SEVEN = 6
KINDS = 9
VALUE = (2, 4, 6, 8, 10, 12, 14, 1, 1)
"""Value of each kind in half points; the king of diamonds' specials are the rules' business."""
LABEL = ("A", "2", "3", "4", "5", "6", "7", "½", "KD")
TARGET = 15
"""7 1/2 in half points."""
MOST_HALF_POINTS = 29
"""A hand or the dealer takes at most 7 1/2 and then one card of at most 7 (in half points)."""


def kind_of(rank: str, suit: str, special: str) -> int:
    if rank in "JQK":
        # Without a special card the king of diamonds is an ordinary figure; merging it
        # keeps the state space (and the caches) as small as the rules allow.
        if rank == "K" and suit == "D" and special != "none":
            return KD
        return FIGURE
    if rank == "A":
        return 0
    return int(rank) - 1


@lru_cache(maxsize=4096)
def card_kind(code: str, special: str) -> int:
    # Cached: a dealt round asks it of every card many times (a floor deals millions).
    card = parse_card(code)
    return kind_of(card.rank, card.suit, special)


@dataclass(frozen=True)
class DeckCounts:
    counts: tuple[int, ...]
    """Cards of each kind in the full deck."""

    @property
    def size(self) -> int:
        return sum(self.counts)


def deck_counts(rules: SevenHalfRules, deck: Sequence[Card | str] | None = None) -> DeckCounts:
    """Counts per kind of ``deck`` (default: the rules' full deck of 40 x ``decks`` cards)."""
    cards: Iterable[Card | str] = deck if deck is not None else new_deck(SEVEN_HALF_RANKS, rules.decks)
    counts = [0] * KINDS
    for card in cards:
        c = parse_card(card) if isinstance(card, str) else card
        if c.rank not in SEVEN_HALF_RANKS:
            raise ValueError(f"{c.code} is not in a Seven-and-a-Half deck")
        counts[kind_of(c.rank, c.suit, rules.special_card)] += 1
    if sum(counts) < 4:
        raise ValueError("a deck needs at least four cards to deal a round")
    return DeckCounts(tuple(counts))


def radices(counts: Sequence[int]) -> tuple[int, ...]:
    """Mixed-radix place values: a multiset of removed cards packs into one int key."""
    out, place = [], 1
    for c in counts:
        out.append(place)
        place *= c + 1
    return tuple(out)


def best_total(others: int, matta: bool) -> int:
    """Best total (half points) of a hand, or -1 for a bust.

    ``others`` is the sum of the non-wild cards; the matta takes 1/2 or a whole 1..7.
    """
    if not matta:
        return others if others <= TARGET else -1
    if others > TARGET - 1:
        return -1
    room = TARGET - others
    # A half-point gap (others hold a figure) is filled exactly by a whole value; a whole
    # gap is filled by the 1/2 only when it is 1/2 wide, otherwise the best is 7.
    return TARGET if room % 2 == 0 or room == 1 else TARGET - 1


MATTA_WILD, MATTA_HALF, MATTA_HALF_UNTIL_NEXT = 1, 2, 3
"""A player's hand holding the matta (its ``m``): wild, a first-card matta that counts 1/2 for
the whole hand, one that counts 1/2 until the next card (then wild). A hand without it is 0."""
FIRST_MATTA_M = {"wild": MATTA_WILD, "half": MATTA_HALF, "half_until_next": MATTA_HALF_UNTIL_NEXT}


def player_best_totals(rows: int = TARGET + 16) -> list[list[int]]:
    """best[m][s]: the best total (half points; -1 a bust) of a player's hand whose other cards
    sum to s, holding no matta (m=0) or the matta as ``m`` says (MATTA_*)."""
    return [[best_total(s, False) for s in range(rows)],
            [best_total(s, True) for s in range(rows)],
            [best_total(s + 1, False) for s in range(rows)],
            # The matta counts 1/2 while it is alone; with any other card it is wild (m=1).
            [1 if s == 0 else best_total(s, True) for s in range(rows)]]


def stand_minimums(rules: SevenHalfRules) -> tuple[int, ...] | None:
    """Per kind of dealer's upcard, the least total (half points) the player may stand on;
    None when the player may stand on any total."""
    if rules.stand_minimum != "upcard":
        return None
    matta = 14 if rules.stand_minimum_matta == "seven" and rules.special_card == "wild" else 1
    return tuple(matta if kind == KD else VALUE[kind] for kind in range(KINDS))


def hand_total(kinds: Sequence[int], rules: SevenHalfRules, *, dealer: bool = False) -> int:
    """Best total (half points; -1 a bust) of a hand of these kinds in the order dealt,
    the first-card rules of the king of diamonds and of the matta included: the engine's
    reading of a hand, for the code that deals real cards (examples, simulations)."""
    special = rules.special_card
    if special == "kd_first_card" and list(kinds) == [KD]:
        return TARGET  # a first-card king alone is 7 1/2; later it is worth 1/2
    matta = special == "wild" and KD in kinds
    others = sum(VALUE[k] for k in kinds if not (matta and k == KD))
    if matta and kinds[0] == KD:
        mode = rules.dealer_first_matta if dealer else rules.player_first_matta
        if mode == "half" or (mode == "half_until_next" and len(kinds) == 1):
            return best_total(others + 1, False)
    return best_total(others, matta)


def most_cards_taken(counts: Sequence[int], *, hands: int, wild: bool) -> int:
    """The most cards ``hands`` hands and the dealer can take from ``counts`` between them.

    Each takes cards worth at most MOST_HALF_POINTS; the most cards that can be worth that
    little are the cheapest ones (the matta adds nothing to a plain total).
    """
    def worth(kind: int) -> int:
        return 0 if wild and kind == KD else VALUE[kind]

    budget = MOST_HALF_POINTS * (hands + 1)
    taken = 0
    for c in sorted(range(KINDS), key=worth):
        take = counts[c] if not worth(c) else min(counts[c], budget // worth(c))
        taken += take
        budget -= take * worth(c)
    return taken
