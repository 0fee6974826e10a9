"""Optimal play of the 9-10-11 main bet from a deck known only by its counts per rank.

A game-protection audit asks what optimal play returns once some cards are known to be
out (a burnt 7, another seat's hand): the deck is then no longer whole suits. The count is
the engine's (engine.count_rounds) on a CountDeck; suits matter only to the bonus, so the
main bet is exact and the bonus is not evaluated (see CountDeck).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from casino.rules.cards import NINE_TEN_ELEVEN_RANKS
from casino.rules.model import NineTenElevenRules

from .engine import CountedRounds, count_rounds
from .hands import NO_VALUE, Composition, CountDeck, label

Hand = Sequence[int] | Sequence[str]
"""Three cards as rank indices (0 = ace), rank letters ("7") or card codes ("7H")."""


@dataclass(frozen=True)
class MainBetPlay:
    """The main-bet-optimal strategy for one deck composition, and what it is worth.

    Figures are per initial main bet, on the scale of
    ``analyze_nine_ten_eleven(rules).bets["main"]``. A round uses three cards, or six when
    the player buys (``decide_buy``); a switch only moves cards between the two hands.
    """

    rules: NineTenElevenRules
    deck: CountDeck
    ev: Fraction
    """Expected net of the main bet(s) per initial main bet."""
    average_wager: Fraction
    """Average main wagers per round (a bought hand is a second wager)."""
    counted: CountedRounds = field(repr=False, compare=False)

    def decide_buy(self, first: Hand) -> str:
        """The first decision on a hand from this deck: "stand" (it qualifies), "fold" or "buy"."""
        comp = self._dealable(first)
        if self.counted.switcher.value(comp) != NO_VALUE:
            return "stand"
        return self.counted.choices[comp].action

    def switch(self, first: Hand, second: Hand) -> tuple[int, int] | None:
        """Positions (i in ``first``, j in ``second``) of the two cards to exchange, or None.

        A switch is only allowed while neither hand qualifies. Among switches equal on the
        main bet the better dice match is taken, then the higher hand values.
        """
        a, b = self._dealable(first), self._dealable(second)
        if self.deck.ways(a + b) == 0:
            raise ValueError(f"the deck cannot deal {label(a)} and {label(b)} together")
        value = self.counted.switcher.value
        if not self.rules.switch_allowed or value(a) != NO_VALUE or value(b) != NO_VALUE:
            return None
        _config, ranks = self.counted.switcher.choice(a, b)
        if ranks is None:
            return None
        out, into = ranks
        return _ranks(first).index(out), _ranks(second).index(into)

    def _dealable(self, hand: Hand) -> Composition:
        comp = tuple(sorted(_ranks(hand)))
        if len(comp) != 3:
            raise ValueError(f"a hand has three cards, not {len(comp)}")
        if self.deck.ways(comp) == 0:
            raise ValueError(f"the deck {self.deck.per_rank} cannot deal {label(comp)}")
        return comp


def main_bet_play(rules: NineTenElevenRules, deck: CountDeck | Sequence[int]) -> MainBetPlay:
    """Exact main-bet value and optimal decisions on ``deck`` (counts of A..9).

    ``rules.decks`` is not used: the counts are the deck. The player maximises the main
    bet; ties go to the dice match, then to the smaller wager (the bonus, which needs
    suits, breaks no tie; it cannot change the main bet's value).
    """
    if not isinstance(deck, CountDeck):
        deck = CountDeck(tuple(deck))
    counted = count_rounds(rules, deck)
    return MainBetPlay(rules, deck, counted.main_ev(), counted.average_wager(), counted)


def main_bet_ev(rules: NineTenElevenRules, counts: CountDeck | Sequence[int]) -> Fraction:
    """Expected net of the main bet per initial wager under optimal play from ``counts``."""
    return main_bet_play(rules, counts).ev


def _ranks(hand: Hand) -> list[int]:
    out = [NINE_TEN_ELEVEN_RANKS.find(c[:1].upper()) if isinstance(c, str) else c for c in hand]
    if any(not 0 <= r < len(NINE_TEN_ELEVEN_RANKS) for r in out):
        raise ValueError(f"{list(hand)!r} is not a hand of ranks {NINE_TEN_ELEVEN_RANKS}")
    return out
