"""Deck compositions and their exact values, computed once each by the exact engine.

A deck is, for the engines, a vector of counts over kinds: for Seven-and-a-Half the nine
kinds A..7, the ordinary figures and the king of diamonds when it is special; for 9-10-11
the nine ranks A..9 (suits matter to its bonus only, never to the main bet). Every exposure
here asks the same question many times: "what does optimal play return from this
composition?", so the answers are cached by composition and the engine is called once per
distinct deck. ``result`` also gives the optimal player for that composition, which deals a
round in the dealt-through simulation (rounds.py).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb, prod

from casino.rules.cards import NINE_TEN_ELEVEN_RANKS, SEVEN_HALF_RANKS, new_deck, parse_card
from casino.rules.model import NineTenElevenRules, Rules, SevenHalfRules
from certification.odds.nine_ten_eleven.main_bet import MainBetPlay, main_bet_play
from certification.odds.seven_half.deck import LABEL, kind_of
from certification.odds.seven_half.family import DeckFamily

Composition = tuple[int, ...]


class DeckValues:
    """Exact expectation of optimal play, per deck composition, for one rule variant.

    ``DeckValues(rules)`` is the Seven-and-a-Half engine's; ``deck_values_for`` picks the
    family's.
    """

    labels: Sequence[str] = LABEL

    def __init__(self, rules: Rules, deck: Sequence[str] | None = None, *,
                 policies_kept: int = 8):
        """``deck`` replaces the rules' full deck (a small deck for brute-force checks)."""
        self.rules = rules
        self.codes: list[list[str]] = [[] for _ in self.labels]
        cards = [parse_card(c) for c in deck] if deck is not None else self.standard_deck()
        for card in cards:
            self.codes[self.kind(card)].append(card.code)
        self.full: Composition = tuple(len(c) for c in self.codes)
        self.size = sum(self.full)
        self._ev: dict[Composition, Fraction] = {}
        self._results: OrderedDict[Composition, object] = OrderedDict()
        self._kept = policies_kept
        self._family: DeckFamily | None = None
        self.analyses = 0

    def deck(self, counts: Composition) -> list[str]:
        return [code for kind, n in enumerate(counts) for code in self.codes[kind][:n]]

    def standard_deck(self):
        return new_deck(SEVEN_HALF_RANKS, self.rules.decks)

    def kind(self, card) -> int:
        return kind_of(card.rank, card.suit, self.rules.special_card)

    def analyse(self, counts: Composition) -> tuple[Fraction, object]:
        """(expected net per initial wager, the optimal player's policy) for ``counts``."""
        if self._family is None:
            self._family = DeckFamily(self.rules, self.deck(self.full))
        return self._family.analyse(counts, self.deck(counts))

    def result(self, counts: Composition):
        """The optimal player for ``counts`` (what ``analyse`` gives with the value)."""
        hit = self._results.get(counts)
        if hit is not None:
            self._results.move_to_end(counts)
            return hit
        value, player = self.analyse(counts)
        self.analyses += 1
        self._ev[counts] = value
        self._results[counts] = player
        # The players hold the engine's caches; a dealt-through shoe needs only the latest.
        while len(self._results) > self._kept:
            self._results.popitem(last=False)
        return player

    def ev(self, counts: Composition) -> Fraction:
        value = self._ev.get(counts)
        if value is None:
            self.result(counts)
            value = self._ev[counts]
        return value

    @property
    def baseline(self) -> Fraction:
        return self.ev(self.full)

    def removals(self, cards: int) -> Iterator[tuple[Composition, Fraction]]:
        """Every multiset of ``cards`` cards drawn from the full deck, with its probability.

        Drawing without replacement, the chance of removing r_i cards of each kind is the
        multivariate hypergeometric prod C(c_i, r_i) / C(N, cards).
        """
        total = comb(self.size, cards)
        for removed in _bounded_vectors(self.full, cards):
            ways = prod(comb(c, r) for c, r in zip(self.full, removed, strict=True))
            yield removed, Fraction(ways, total)

    def minus(self, removed: Composition) -> Composition:
        """The full deck less ``removed`` (cards per kind); a deck without enough cards of a
        kind is refused, since a negative count would read as some other deck's stock."""
        left = tuple(c - r for c, r in zip(self.full, removed, strict=True))
        for kind, count in enumerate(left):
            if count < 0:
                raise ValueError(f"the deck holds {self.full[kind]} {self.label(kind)}, "
                                 f"not the {removed[kind]} to remove")
        return left

    def removal_count(self, cards: int) -> int:
        return sum(1 for _ in _bounded_vectors(self.full, cards))

    def label(self, kind: int) -> str:
        return self.labels[kind]


class NineTenElevenValues(DeckValues):
    """The 9-10-11 engine's: kinds are ranks, the value is the main bet's per initial wager."""

    labels = tuple(NINE_TEN_ELEVEN_RANKS)

    def standard_deck(self):
        return new_deck(NINE_TEN_ELEVEN_RANKS, self.rules.decks)

    def kind(self, card) -> int:
        return NINE_TEN_ELEVEN_RANKS.index(card.rank)

    def analyse(self, counts: Composition) -> tuple[Fraction, MainBetPlay]:
        play = main_bet_play(self.rules, counts)
        return play.ev, play


def deck_values_for(rules: Rules) -> DeckValues:
    if isinstance(rules, NineTenElevenRules):
        return NineTenElevenValues(rules)
    assert isinstance(rules, SevenHalfRules)
    return DeckValues(rules)


def _bounded_vectors(caps: Composition, total: int) -> Iterator[Composition]:
    """Vectors r with 0 <= r_i <= caps_i summing to ``total``."""
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    rest_cap = sum(caps[1:])
    for first in range(max(0, total - rest_cap), min(caps[0], total) + 1):
        for tail in _bounded_vectors(caps[1:], total - first):
            yield (first, *tail)


def single_removals(values: DeckValues) -> list[tuple[int, Fraction, Fraction]]:
    """(kind, probability, exact value of the deck without one card of that kind)."""
    out = []
    kinds = len(values.full)
    for kind in range(kinds):
        if values.full[kind]:
            removed = tuple(1 if k == kind else 0 for k in range(kinds))
            out.append((kind, Fraction(values.full[kind], values.size), values.ev(values.minus(removed))))
    return out
