"""Many decks drawn from one: the exact main-bet value and optimal player of each.

A game-protection audit values hundreds of decks that are one deck less a few known cards
(a partner's card, the cards a dealt-through shoe has used). A player's hand is worth what
the cards left make it worth, whichever deck they were left from, so every such deck is
analysed as a sub-deck of the full one (``SevenHalfGame.sub_deck``) sharing the values of
the player's hands and first decisions and the dealer's distributions: every cache is keyed
by the cards left, which decks a few cards apart reach alike (250 decks of Sette e Mezzo
less three cards took 15.0 s counting each dealer afresh, 6.8 s sharing it). The figures
are the engine's own, identical to ``analyze_seven_half`` on that deck
(``tests/odds/test_seven_half_family.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from casino.rules.cards import Card
from casino.rules.model import SevenHalfRules
from certification.odds.results import BetFigures

from .analyze import analyze_seven_half
from .game import SevenHalfGame
from .policy import OptimalPolicy
from .walk import Walk

SHARED_VALUES = 400_000
"""Shared hand values kept before the family starts afresh (about 100 MB)."""
SHARED_DEALER_STATES = 1_500_000
"""Shared dealer distributions kept before the dealer is counted afresh (about 260 MB)."""


class DeckFamily:
    def __init__(self, rules: SevenHalfRules, deck: Sequence[Card | str]):
        """``deck``: the full deck every deck of the family is drawn from, card by card."""
        self.rules = rules
        self.deck = list(deck)
        self._frame = SevenHalfGame(rules, self.deck)

    @property
    def full(self) -> tuple[int, ...]:
        return tuple(self._frame.full)

    def analyse(self, counts: Sequence[int], cards: Sequence[Card | str]
                ) -> tuple[Fraction, OptimalPolicy]:
        """(expected net per initial wager, the optimal policy) of the deck with ``counts``
        per kind; ``cards`` lists that deck, for one too small to share the family's values."""
        if len(self._frame.play.memo) > SHARED_VALUES:
            self._frame = SevenHalfGame(self.rules, self.deck)
        if self._frame.dealer.states() > SHARED_DEALER_STATES:
            self._frame.forget_dealer()
        if not self._frame.shares_with(counts):
            result = analyze_seven_half(self.rules, deck=cards)
            return result.bets["main"].ev, result.policy
        game = self._frame.sub_deck(counts)
        game.ev_units()
        outcomes, _decisions, wager = Walk(game).run()
        return BetFigures(outcomes=outcomes, average_wager=wager).ev, OptimalPolicy(game)
