"""Deck compositions and their exact values, computed once each by the exact engine.

A Seven-and-a-Half deck is, for the engine, a vector of counts over nine kinds (A..7, the
ordinary figures, the king of diamonds when it is special). Every exposure here asks the
same question many times: "what does optimal play return from this composition?", so the
answers are cached by composition and the engine is called once per distinct deck.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb, prod

from casino.rules.cards import SEVEN_HALF_RANKS, new_deck, parse_card
from casino.rules.model import SevenHalfRules
from certification.odds.results import ExactResult
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.deck import KINDS, LABEL, kind_of

Composition = tuple[int, ...]


class DeckValues:
    """Exact expectation of optimal play, per deck composition, for one rule variant."""

    def __init__(self, rules: SevenHalfRules, deck: Sequence[str] | None = None, *,
                 policies_kept: int = 8):
        """``deck`` replaces the rules' full deck (a small deck for brute-force checks)."""
        self.rules = rules
        self.codes: list[list[str]] = [[] for _ in range(KINDS)]
        cards = [parse_card(c) for c in deck] if deck is not None else new_deck(SEVEN_HALF_RANKS, rules.decks)
        self.restricted = deck is not None
        for card in cards:
            self.codes[kind_of(card.rank, card.suit, rules.special_card)].append(card.code)
        self.full: Composition = tuple(len(c) for c in self.codes)
        self.size = sum(self.full)
        self._ev: dict[Composition, Fraction] = {}
        self._results: OrderedDict[Composition, ExactResult] = OrderedDict()
        self._kept = policies_kept
        self.analyses = 0

    def deck(self, counts: Composition) -> list[str]:
        return [code for kind, n in enumerate(counts) for code in self.codes[kind][:n]]

    def result(self, counts: Composition) -> ExactResult:
        hit = self._results.get(counts)
        if hit is not None:
            self._results.move_to_end(counts)
            return hit
        deck = None if counts == self.full and not self.restricted else self.deck(counts)
        result = analyze_seven_half(self.rules, deck=deck)
        self.analyses += 1
        self._ev[counts] = result.bets["main"].ev
        self._results[counts] = result
        # The policies hold the engine's caches; a dealt-through shoe needs only the latest.
        while len(self._results) > self._kept:
            self._results.popitem(last=False)
        return result

    def ev(self, counts: Composition) -> Fraction:
        value = self._ev.get(counts)
        if value is None:
            value = self.result(counts).bets["main"].ev
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
        return tuple(c - r for c, r in zip(self.full, removed, strict=True))

    def removal_count(self, cards: int) -> int:
        return sum(1 for _ in _bounded_vectors(self.full, cards))

    @staticmethod
    def label(kind: int) -> str:
        return LABEL[kind]


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
    for kind in range(KINDS):
        if values.full[kind]:
            removed = tuple(1 if k == kind else 0 for k in range(KINDS))
            out.append((kind, Fraction(values.full[kind], values.size), values.ev(values.minus(removed))))
    return out
