"""Variants where no hand takes a third card (the casino version): a round is four cards.

With at most two cards a side and no exchange, shot or opening, a round is decided by
the player's card, the dealer's card, the player's draw and the dealer's draw (positions
are exchangeable, so which of the two draws goes to whom does not change the law). The
kernel reads one word per round and takes two mixed-radix digits from it:

    r12 = floor(n (n-1) u)        the first two cards, an ordered pair of distinct places
    r34 = floor((n-2) (n-3) u')   the next two among the n-2 places left (u' = frac(...))

which are exactly the digits (d1, d2) and (d3, d4) of dealing the d-th card still in the
stock four times. The deck is sorted by card class, so the class of the d-th card left
depends only on the classes already dealt, not on which copies: ``pair_base[r12]``
names the first two classes and ``outcome[pair_base[r12] + r34]`` is the round's result.
That second table is where the strategy lives: it is the optimal (or chosen) play for
every (player's card, dealer's upcard, next two cards), read from the plan's dense action
table indexed by hand state, upcard and exchanges; the kernel itself makes no decision.

Each ordered 4-tuple of places covers 2**64 / P words give or take one (P = n (n-1) (n-2)
(n-3) <= ``BUDGET``), as in ``stream.py``: no deal is off by more than 2**-38 of its
probability.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from casino.rules.model import SevenHalfRules

from . import seven_half
from .stream import BUDGET

CLASSES = 9


@dataclass
class TwoCardTables:
    m12: int
    """n (n-1): the range of the first digit."""
    m34: int
    """(n-2) (n-3): the range of the second digit."""
    pair_base: np.ndarray
    """Per first digit: (class of card 1 x 9 + class of card 2) x m34."""
    outcome: np.ndarray
    """Per pair base + second digit: the round's outcome code (uint8)."""
    code_bins: np.ndarray
    """Per outcome code: its index in the bet's histogram."""


def eligible(rules: SevenHalfRules) -> bool:
    n = rules.deck_size
    return (rules.player_max_cards is not None and rules.player_max_cards <= 2
            and rules.dealer_max_cards is not None and rules.dealer_max_cards <= 2
            and not (rules.four_exchange_max or rules.shoot_seven or rules.split_figures)
            and n >= 4 and n * (n - 1) * (n - 2) * (n - 3) <= BUDGET)


def two_card_tables(rules: SevenHalfRules, plan: seven_half.SevenHalfPlan) -> TwoCardTables | None:
    """The kernel's tables for a variant that qualifies, else None (the general kernel)."""
    if not eligible(rules):
        return None
    bins = seven_half.two_card_bins(rules, plan).reshape((CLASSES,) * 4)
    codes, code_of = np.unique(bins, return_inverse=True)
    if len(codes) > 255:
        return None
    code_of = code_of.reshape(bins.shape)
    deck = np.sort(seven_half.card_classes(rules).astype(np.int64))
    n = deck.size
    m12, m34 = n * (n - 1), (n - 2) * (n - 3)
    d1, d2 = np.divmod(np.arange(m12), n - 1)
    pair = deck[d1] * CLASSES + deck[d2 + (d2 >= d1)]
    d3, d4 = np.divmod(np.arange(m34), n - 3)
    outcome = np.zeros(CLASSES * CLASSES * m34, dtype=np.uint8)
    for key in np.unique(pair):
        t1, t2 = divmod(int(key), CLASSES)
        left = _without(_without(deck, t1), t2)
        t3 = left[d3]
        # Taking out the first copy of t3 leaves the same sorted stock as any other copy.
        first3 = np.searchsorted(left, t3)
        t4 = left[d4 + (d4 >= first3)]
        outcome[key * m34:(key + 1) * m34] = code_of[t1, t2, t3, t4]
    return TwoCardTables(m12, m34, (pair * m34).astype(np.uint64), outcome,
                         codes.astype(np.int64))


def _without(deck: np.ndarray, cls: int) -> np.ndarray:
    return np.delete(deck, np.searchsorted(deck, cls))
