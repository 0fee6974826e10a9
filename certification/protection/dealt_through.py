"""Exposure 4: the deck is dealt through (not reshuffled every round).

Penetration P is the share of the deck dealt before the shuffle. The dealer deals a fixed
number of rounds per shoe, R = max(1, floor(P x N / c)) -- the rounds that fit in P x N
cards when every round takes its fewest cards c: two per hand and the dealer's in
Seven-and-a-Half, three per seat in 9-10-11 -- and then shuffles (a round is dealt only while
the most a round can take is left: 3 (seats + 1) cards, or 6 per seat). A fixed number, not a cut card: with a cut card the
number of rounds depends on the cards dealt (the cut-card effect), which biases even a
player who ignores the cards and would mix that bias into the value of the information.
With R fixed, the full-deck strategy's value is a martingale under card removal, so every
round of a player who ignores the cards is worth exactly the certified figure, and the
perfect-information player's gain is never negative in expectation. P = 0 (or R = 1) is a
shuffle before every round.

Two players watch every card dealt:
* the perfect-information player knows the remaining composition and plays it optimally;
  its value in a round is the exact engine's value of that composition (a conditional
  expectation: the simulation draws the shoes, the engine values each round);
* the count bettor keeps a point count whose tags are derived, as blackjack counts are,
  from the exact effect of removing one card of each kind (exposure 2's numbers), rounded
  to small integers, and raises its bet with the true count (its betting ramp). Its play is
  credited as the composition's optimal play, because the engine values decks, not a fixed
  strategy on a reduced deck: the figure is therefore what the count's betting adds on top
  of perfect play, an upper bound on a counter who plays the full-deck strategy.
Shoes are the independent units of the interval (rounds of one shoe share its deck).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from casino.rules.model import Rules

from .compositions import DeckValues
from .rounds import deal_nine_ten_eleven_round, deal_round

TAG_RANGE = 3
"""Tags are whole numbers in -3..3, as in level-3 blackjack counts."""
RAMP_SPREAD = 4
"""The bettor's largest bet in units of its smallest (a 1-4 ramp)."""
CURVE = (0.25, 0.5, 0.75)


def count_tags(effects: dict[int, Fraction]) -> tuple[dict[int, int], float]:
    """Tags per kind (a positive tag: seeing that card helps the player) and the unit.

    The unit is the largest absolute effect over TAG_RANGE, so the tags span -3..3; the
    linear estimate of the deck's value is then baseline + unit x true count.
    """
    largest = max(abs(e) for e in effects.values())
    if largest == 0:
        return {kind: 0 for kind in effects}, 0.0
    unit = largest / TAG_RANGE
    return {kind: int(round(e / unit)) for kind, e in effects.items()}, float(unit)


def fewest_cards_per_round(rules: Rules, seats: int) -> int:
    return 2 * (seats + 1) if rules.family == "seven_and_half" else 3 * seats


def reserve_cards(rules: Rules, seats: int) -> int:
    """Cards that must be left to deal one more round."""
    return max(4, 3 * (seats + 1)) if rules.family == "seven_and_half" else 6 * seats


def rounds_per_shoe(penetration: float, rules: Rules, seats: int) -> int:
    return max(1, math.floor(penetration * rules.deck_size / fewest_cards_per_round(rules, seats)))


def ramp_bet(true_count: float, pivot: float) -> int:
    """1 unit up to the pivot (where the linear estimate crosses zero), then one more per count."""
    return int(min(RAMP_SPREAD, max(1, 1 + math.floor(true_count - pivot))))


class ShoeDealer:
    def __init__(self, rules: Rules, values: DeckValues, *, seats: int,
                 penetration: float, tags: dict[int, int], unit: float):
        self.rules, self.values, self.seats = rules, values, seats
        self.rounds_per_shoe = rounds_per_shoe(penetration, rules, seats)
        self.reserve = reserve_cards(rules, seats)
        self.deal = deal_round if rules.family == "seven_and_half" else deal_nine_ten_eleven_round
        self.tags = [tags.get(k, 0) for k in range(len(values.full))]
        base = float(values.baseline)
        self.pivot = -base / unit if unit else math.inf
        self.kind_of = {code: k for k, codes in enumerate(values.codes) for code in codes}

    def shoe(self, rng: np.random.Generator) -> tuple[int, float, float, float]:
        """(rounds, sum of round values, sum of bets, sum of bet x value) of one shoe."""
        stock = [code for codes in self.values.codes for code in codes]
        stock = [stock[i] for i in rng.permutation(len(stock))]
        counts = list(self.values.full)
        running, rounds, total, bets, weighted = 0, 0, 0.0, 0.0, 0.0
        while rounds == 0 or (rounds < self.rounds_per_shoe and len(stock) >= self.reserve):
            composition = tuple(counts)
            value = float(self.values.ev(composition))
            bet = ramp_bet(running * self.values.size / len(stock), self.pivot)
            rounds += 1
            total += value
            bets += bet
            weighted += bet * value
            player = self.values.result(composition)
            for code in self.deal(stock, self.seats, player, self.rules):
                kind = self.kind_of[code]
                counts[kind] -= 1
                running += self.tags[kind]
        return rounds, total, bets, weighted


def dealt_through_sums(dealer: ShoeDealer, rng: np.random.Generator, rounds: int) -> dict[str, float]:
    """Cluster sums of whole shoes until at least ``rounds`` rounds are dealt."""
    keys = ("m", "x", "y", "xx", "yy", "xy", "bx", "by", "bxx", "byy", "bxy")
    s = dict.fromkeys(keys, 0.0)
    while s["x"] < rounds:
        n, v, b, bv = dealer.shoe(rng)
        s["m"] += 1
        s["x"] += n
        s["y"] += v
        s["xx"] += n * n
        s["yy"] += v * v
        s["xy"] += n * v
        s["bx"] += b
        s["by"] += bv
        s["bxx"] += b * b
        s["byy"] += bv * bv
        s["bxy"] += b * bv
    return s
