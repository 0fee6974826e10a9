"""The round from the deal to the first decision: specials, exchange, fold, final bet, shoot.

Values at this level are integers in units of 1 / scale**2 (a stake of 1 + f antes is
``stake_units`` / scale), times n! as in the play recursion.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from casino.rules.cards import Card
from casino.rules.model import SevenHalfRules

from .dealer import DealerCounter
from .deck import (
    FIRST_MATTA_M,
    FOUR,
    KD,
    KINDS,
    MATTA_WILD,
    SEVEN,
    VALUE,
    deck_counts,
    most_cards_taken,
    radices,
    stand_minimums,
)
from .play import HIDDEN, PlayValues
from .settle import Settlement

FOLD, EXCHANGE, SHOOT, PLAY = "fold", "exchange", "shoot", "play"


@dataclass(frozen=True)
class FirstChoice:
    action: str
    """fold, exchange, shoot or play (then stand/hit/split per the play table)."""
    final_bet: Fraction | None
    value: int


class SevenHalfGame:
    def __init__(self, rules: SevenHalfRules, deck: Sequence[Card | str] | None = None):
        self.rules = rules
        self.full = list(deck_counts(rules, deck).counts)
        self.size = sum(self.full)
        self.radix = radices(self.full)
        self.caps = [c + 1 for c in self.full]
        """Each kind's count in a stock's code runs below its cap (a sub-deck keeps its frame's)."""
        self.full_code = sum(c * r for c, r in zip(self.full, self.radix, strict=False))
        self.fact = [math.factorial(i) for i in range(self.size + 1)]
        # Only a deck too small for every hand of a round and the dealer can run out; then
        # the dealer may stop below its standing total and the settlement needs those slots.
        self.settlement = Settlement(rules, short_stock=deck is not None and self.may_run_out())
        self.scale = self.settlement.scale
        self.wild = rules.special_card == "wild"
        self.kd_first = rules.special_card == "kd_first_card"
        self.visible = rules.dealer_upcard_visible
        self.dealer = self.new_dealer()
        # A matta dealt as the player's first card starts the hand as the rules say (deck.py).
        self.first_matta = FIRST_MATTA_M[rules.player_first_matta] if self.wild else MATTA_WILD
        self.play = PlayValues(settlement=self.settlement, dealer=self.dealer, radix=self.radix,
                               factorials=self.fact, wild=self.wild, kd_first=self.kd_first,
                               max_cards=rules.player_max_cards,
                               must_reach=rules.dealer_must_reach_7_5_vs_revealed,
                               split_figures=rules.split_figures,
                               minimums=stand_minimums(rules),
                               first_matta_draws=self.first_matta != MATTA_WILD)
        self.splits = rules.max_splits if rules.split_figures else 0
        self.choices: dict[tuple, FirstChoice] = {}
        if rules.final_bet:
            self.stakes = sorted({1 + rules.final_bet_min, 1 + rules.final_bet_max})
        else:
            self.stakes = [Fraction(1)]
        # The first decision of every deal takes one of these ends (and the walk reads its
        # units back): worked out once, not in Fractions per deal.
        self.final_bets = [stake - 1 if rules.final_bet else None for stake in self.stakes]
        self.end_units = [self.stake_units(stake) for stake in self.stakes]
        self._bet_units = dict(zip(self.final_bets, self.end_units, strict=True))

    def sub_deck(self, counts: Sequence[int]) -> SevenHalfGame:
        """This game dealt from fewer cards (at most this deck's of each kind).

        A value of the player's hand or first decision, and the dealer's distribution from
        a stock, depend only on the cards left, so the sub-deck shares those caches with
        this game (its dealer is this game's): a stock keeps this deck's code, whichever
        deck it was left from. Decks a few cards apart reach many of the same stocks. A
        sub-deck that could run out needs a settlement of its own: analyse it as its own
        deck instead.
        """
        sub = copy.copy(self)
        sub.full = list(counts)
        if any(not 0 <= c < cap for c, cap in zip(sub.full, self.caps, strict=True)):
            raise ValueError(f"{sub.full} is not part of the deck {self.full}")
        sub.size = sum(sub.full)
        sub.full_code = sum(c * r for c, r in zip(sub.full, self.radix, strict=True))
        if not self.shares_with(sub.full):
            raise ValueError("a sub-deck that can run out needs a settlement of its own")
        return sub

    def new_dealer(self) -> DealerCounter:
        return DealerCounter(settlement=self.settlement, radix=self.radix, wild=self.wild,
                             max_cards=self.rules.dealer_max_cards, factorials=self.fact,
                             holds_kd=self.caps[KD] > 1,
                             first_matta=self.rules.dealer_first_matta)

    def forget_dealer(self) -> None:
        """Count the dealer afresh from here on (its cache holds every stock it has seen)."""
        self.dealer = self.play.dealer = self.new_dealer()

    def may_run_out(self, counts: Sequence[int] | None = None) -> bool:
        """Whether some deal could leave a hand or the dealer facing an empty stock, dealing
        from this deck (or from ``counts``)."""
        counts = self.full if counts is None else counts
        hands = 1 + (self.rules.max_splits if self.rules.split_figures else 0)
        # Every exchanged four leaves play besides the cards the hands keep; one card more
        # for a dealer's card still among the unseen ones.
        spent = self.rules.four_exchange_max + 1
        wild = self.rules.special_card == "wild"
        return most_cards_taken(counts, hands=hands, wild=wild) + spent + 1 >= sum(counts)

    def shares_with(self, counts: Sequence[int]) -> bool:
        """Whether the deck with ``counts`` can be dealt as a sub-deck of this one."""
        return self.settlement.short_stock or not self.may_run_out(counts)

    # -- units -----------------------------------------------------------------------------
    def stake_units(self, stake: Fraction) -> int:
        units = stake * self.scale
        assert units.denominator == 1
        return int(units)

    def bet_units(self, final_bet: Fraction | None) -> int:
        """The stake of a hand with ``final_bet`` (None: the ante alone), in units."""
        units = self._bet_units.get(final_bet)
        if units is None:
            units = self._bet_units[final_bet] = self.stake_units(
                1 + final_bet if final_bet is not None else Fraction(1))
        return units

    def kd_units(self) -> int:
        return self.scale * self.settlement.units(self.rules.payouts.kd_first_card or Fraction(0))

    def hand_start(self, kind: int) -> tuple[int, int]:
        if self.wild and kind == KD:
            return 0, self.first_matta
        return VALUE[kind], 0

    # -- the first decision ----------------------------------------------------------------
    def first(self, upcard: int, counts: list[int], code: int, n: int, kind: int,
              exchanges: int) -> FirstChoice:
        """Best first decision holding first card ``kind`` (already out of ``counts``)."""
        key = (upcard, code, kind, exchanges)
        hit = self.choices.get(key)
        if hit is not None:
            return hit
        s, m = self.hand_start(kind)
        per_unit = self.play.value(upcard, counts, code, n, s, m, 1, self.splits)
        action = PLAY
        if self.rules.shoot_seven and kind == SEVEN and not m:
            shot = self.play.shoot(upcard, counts, code, n)
            if shot > per_unit:
                per_unit, action = shot, SHOOT
        # The expectation is linear in the final bet, so an end of the range is optimal;
        # at exactly zero the smaller wager is taken (RULES.md, "Equal choices").
        end = -1 if per_unit > 0 else 0
        best = FirstChoice(action, self.final_bets[end], self.end_units[end] * per_unit)
        if self.rules.fold_allowed:
            folded = self.play.fixed(upcard, counts, n, -self.scale * self.scale)
            if folded >= best.value:
                best = FirstChoice(FOLD, None, folded)
        if kind == FOUR and exchanges < self.rules.four_exchange_max and n > (1 if upcard == HIDDEN else 0):
            swapped = self.exchange(upcard, counts, code, n, exchanges)
            if swapped > best.value:
                best = FirstChoice(EXCHANGE, None, swapped)
        self.choices[key] = best
        return best

    def exchange(self, upcard: int, counts: list[int], code: int, n: int, exchanges: int) -> int:
        """The four leaves play; the replacement is a new first card."""
        total = 0
        for c in range(KINDS):
            r = counts[c]
            if not r:
                continue
            counts[c] = r - 1
            total += r * self.new_first(upcard, counts, code - self.radix[c], n - 1, c, exchanges + 1)
            counts[c] = r
        return total

    def new_first(self, upcard: int, counts: list[int], code: int, n: int, kind: int,
                  exchanges: int) -> int:
        if self.kd_first and kind == KD:
            return self.play.fixed(upcard, counts, n, self.kd_units())
        return self.first(upcard, counts, code, n, kind, exchanges).value

    # -- the deal ----------------------------------------------------------------------------
    def deals(self):
        """(weight, upcard, counts, code, n, first card) for every opening deal.

        The player's card is dealt first, then the dealer's. With a hidden upcard the
        dealer's card stays among the unseen cards (upcard = HIDDEN).
        """
        counts = list(self.full)
        for p in range(KINDS):
            rp = counts[p]
            if not rp:
                continue
            counts[p] = rp - 1
            code = self.full_code - self.radix[p]
            if not self.visible:
                yield rp, HIDDEN, counts, code, self.size - 1, p
            else:
                for u in range(KINDS):
                    ru = counts[u]
                    if not ru:
                        continue
                    counts[u] = ru - 1
                    yield rp * ru, u, counts, code - self.radix[u], self.size - 2, p
                    counts[u] = ru
            counts[p] = rp

    def deal_value(self, upcard: int, counts: list[int], code: int, n: int, kind: int) -> int:
        """Value (1/scale**2 units, times n!) of one opening deal, specials included."""
        sq = self.scale * self.scale
        if self.kd_first and kind == KD:
            # Shown at once and paid on the ante (checked before the dealer's card).
            return self.kd_units() * self.fact[n]
        if self.kd_first and upcard == KD:
            return -sq * self.fact[n]
        value = self.new_first(upcard, counts, code, n, kind, 0)
        if upcard == HIDDEN and self.kd_first and counts[KD]:
            value += counts[KD] * -sq * self.fact[n - 1]
        return value

    def ev_units(self) -> int:
        """Expected net of the round times size! * scale**2."""
        return sum(w * self.deal_value(u, counts, code, n, p) for w, u, counts, code, n, p in self.deals())
