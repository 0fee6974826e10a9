"""Variants whose dealer plays the same game share one dealer counter, so its cached
outcome distributions are counted once: the variants of a search, and the same variant
re-priced with another payout as a user types (``analyze_seven_half`` builds its games here).

What the dealer does depends on the deck, the matta, its card limit, its standing total and
the outcome slots the settlement distinguishes; it never depends on payouts, ties, the
player's options or whether the upcard is shown. Those are exactly what a designer varies,
and the dealer's distributions are most of an analysis's time. Nothing is computed here:
the engine's own game and forward pass run unchanged, with a dealer counter taken from an
earlier variant whose dealer is identical. ``tests/odds/test_dealer_reuse.py`` checks the
figures equal ``analyze_seven_half``'s, outcome by outcome.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from casino.rules.model import SevenHalfRules
from certification.odds.results import BetFigures

from .game import SevenHalfGame
from .walk import Walk

DEFAULT_DEALERS = 16
"""Dealer counters kept per process; each holds its cached distributions (up to ~8 MB)."""


def dealer_signature(game: SevenHalfGame) -> Hashable:
    """Everything the dealer's distributions depend on, read from the built game."""
    settlement = game.settlement
    return (tuple(game.full), game.wild, game.rules.dealer_max_cards,
            tuple(settlement.slots), settlement.threshold, settlement.natural_collects)


class DealerPool:
    def __init__(self, size: int = DEFAULT_DEALERS):
        self.size = size
        self._dealers: OrderedDict[Hashable, object] = OrderedDict()
        self.reused = 0

    def game(self, rules: SevenHalfRules) -> SevenHalfGame:
        game = SevenHalfGame(rules)
        key = dealer_signature(game)
        dealer = self._dealers.get(key)
        if dealer is None:
            self._dealers[key] = game.dealer
            if len(self._dealers) > self.size:
                self._dealers.popitem(last=False)
        else:
            self._dealers.move_to_end(key)
            game.dealer = game.play.dealer = dealer
            self.reused += 1
        return game


_shared: DealerPool | None = None


def shared_pool() -> DealerPool:
    """The process's pool: the engine's front door and the tuner both build games from it, so
    a variant re-priced with another payout (the live preview, a search) counts no dealer twice."""
    global _shared
    if _shared is None:
        _shared = DealerPool()
    return _shared


def main_bet_figures(rules: SevenHalfRules, pool: DealerPool) -> BetFigures:
    """The main bet's exact figures, as ``analyze_seven_half`` gives them, sharing dealers."""
    game = pool.game(rules)
    game.ev_units()
    outcomes, _, wager = Walk(game).run()
    return BetFigures(outcomes=outcomes, average_wager=wager)
