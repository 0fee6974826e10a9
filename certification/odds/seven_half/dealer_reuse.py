"""Variants whose dealer plays the same game share one dealer counter, so its cached
outcome distributions are counted once: the variants of a search, and the same variant
re-priced with another payout as a user types (``analyze_seven_half`` builds its games here).
A search also shares the player's hand values between variants that differ only in what
comes before the hand is played (folding, the final bet, exchanging fours, shooting a seven,
the king of diamonds' first-card payout): those values, and the choices made from them,
depend only on the dealer and on how a standing hand is paid.

What the dealer does depends on the deck, the matta, its card limit, its standing total and
the outcome slots the settlement distinguishes; it never depends on payouts, ties, the
player's options or whether the upcard is shown. Those are exactly what a designer varies,
and the dealer's distributions are most of an analysis's time. Nothing is computed here:
the engine's own game and forward pass run unchanged, with a dealer counter taken from an
earlier variant whose dealer is identical. ``tests/odds/test_dealer_reuse.py`` checks the
figures equal ``analyze_seven_half``'s, outcome by outcome.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Hashable

from casino.rules.model import SevenHalfRules
from certification.odds.results import BetFigures

from .dealer import DealerCounter
from .game import SevenHalfGame
from .hand_graph import GraphWalk, HandGraph, StandTable, graph_key, unlimited_player, value_hands
from .play import PlayValues
from .walk import Walk

DEFAULT_DEALERS = 32
"""Dealer counters kept per process; each holds its cached distributions (up to ~8 MB, and
dealers differing only in their card limit share theirs). A search walks a few hundred
dealers several times over as it bisects; twice the earlier 16 kept a second of counting per
search off at the cost of about 30 MB per process."""
DEFAULT_HANDS = 32
"""Players' hand values kept per process (a few MB each at most)."""
DEFAULT_GRAPHS = 128
"""Graphs of the players' hands kept per process (a MB or two each); a search of every
knob to two changes meets about a hundred."""
TABLES_PER_DEALER = 96
"""Stand tables kept per dealer, one per graph of hands it played against: a table holds
references to distributions the dealer keeps anyway (a few hundred KB at most), and a search
of every knob to two changes plays the preset's dealer against about ninety graphs."""


def dealer_signature(game: SevenHalfGame) -> Hashable:
    """Everything the dealer's distributions depend on, read from the built game."""
    settlement = game.settlement
    return (tuple(game.full), game.wild, game.dealer.first_matta, game.rules.dealer_max_cards,
            tuple(settlement.slots), settlement.threshold, settlement.natural_collects)


def play_signature(game: SevenHalfGame) -> Hashable:
    """Everything the player's hand values depend on besides the dealer, read from the built
    game: how a standing hand is paid against each dealer outcome (the nets, in the units of
    the game's scale, shot sevens included), and the rules of drawing and opening."""
    play = game.play
    return (game.settlement.every_net(), play.scale, play.wild, play.kd_first, play.max_cards,
            play.must_reach, play.split_figures, game.first_matta, play.minimums)


class DealerPool:
    def __init__(self, size: int = DEFAULT_DEALERS, hands: int = DEFAULT_HANDS,
                 graphs: int = DEFAULT_GRAPHS):
        self.size = size
        self.hands = hands
        self.graphs = graphs
        self._dealers: OrderedDict[Hashable, object] = OrderedDict()
        self._plays: OrderedDict[Hashable, PlayValues] = OrderedDict()
        self._graphs: OrderedDict[Hashable, HandGraph] = OrderedDict()
        self._limits_met: OrderedDict[Hashable, bool] = OrderedDict()
        """Unlimited players' graph keys whose game was met with a card limit already."""
        self._families: OrderedDict[Hashable, DealerCounter] = OrderedDict()
        self.reused = 0
        self.reused_hands = 0

    def game(self, rules: SevenHalfRules, *, share_hands: bool = False) -> SevenHalfGame:
        """A game of ``rules`` on a dealer counted before when one plays the same game; with
        ``share_hands`` on hand values computed before too (their tables then hold other
        variants' hands as well, so a strategy chart must not be drawn from them)."""
        game = SevenHalfGame(rules)
        key = dealer_signature(game)
        dealer = self._dealers.get(key)
        if dealer is None:
            self._dealers[key] = game.dealer
            if len(self._dealers) > self.size:
                self._dealers.popitem(last=False)
            self._join_family(game.dealer)
        else:
            self._dealers.move_to_end(key)
            game.dealer = game.play.dealer = dealer
            self.reused += 1
        if share_hands:
            self._share_hands(game, key)
        return game

    def _join_family(self, dealer: DealerCounter) -> None:
        """Let a dealer with a card limit count into the cache of one that differs from it
        only in that limit (dealer.py, ``share_counts``)."""
        if not dealer.by_cards_left:
            return
        settlement = dealer.settlement
        key = (dealer.radix, len(dealer.fact), dealer.wild, dealer.first_matta,
               tuple(settlement.slots))
        first = self._families.get(key)
        if first is None:
            self._families[key] = dealer
            if len(self._families) > self.size:
                self._families.popitem(last=False)
        else:
            self._families.move_to_end(key)
            dealer.share_counts(first)

    def _share_hands(self, game: SevenHalfGame, dealer_key: Hashable) -> None:
        key = (dealer_key, play_signature(game))
        play = self._plays.get(key)
        if play is None or play.dealer is not game.dealer:
            self._plays[key] = game.play
            if len(self._plays) > self.hands:
                self._plays.popitem(last=False)
        else:
            self._plays.move_to_end(key)
            game.play = play
            self.reused_hands += 1


    def hands_on_graph(self, game: SevenHalfGame) -> tuple[HandGraph, StandTable] | None:
        """The graph of ``game``'s hands and its dealer's table against them, built once per
        process (the table once per dealer); None for a game the graph does not serve."""
        key = graph_key(game)
        if key is None:
            return None
        graph = self._graphs.get(key)
        if graph is None:
            graph = self._keep_graph(key, HandGraph(game, self._wider_graph(game, key)))
        else:
            self._graphs.move_to_end(key)
        tables = game.dealer.tables
        table_key = (key, game.play.must_reach)
        table = tables.pop(table_key, None)
        if table is None:
            wide_key = unlimited_player(key) if graph.wider else None
            wider = tables.get((wide_key, game.play.must_reach)) if wide_key else None
            table = StandTable(graph, game.play, wider)
            if len(tables) >= TABLES_PER_DEALER:
                tables.pop(next(iter(tables)))
        tables[table_key] = table
        return graph, table


    def _keep_graph(self, key: Hashable, graph: HandGraph) -> HandGraph:
        self._graphs[key] = graph
        if len(self._graphs) > self.graphs:
            self._graphs.popitem(last=False)
        return graph

    def _wider_graph(self, game: SevenHalfGame, key: Hashable) -> HandGraph | None:
        """The unlimited player's graph to take a limited player's hands from: the one kept,
        or, from a second card limit on of the same game, one built for it (a search walks
        every limit; a single limit is cheaper built on its own)."""
        wide_key = unlimited_player(key)
        if wide_key is None:
            return None
        wider = self._graphs.get(wide_key)
        if wider is not None:
            return wider
        if wide_key not in self._limits_met:
            self._limits_met[wide_key] = True
            if len(self._limits_met) > self.graphs:
                self._limits_met.popitem(last=False)
            return None
        unlimited = SevenHalfGame(dataclasses.replace(game.rules, player_max_cards=None))
        return self._keep_graph(wide_key, HandGraph(unlimited))


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
    game = pool.game(rules, share_hands=True)
    on_graph = pool.hands_on_graph(game)
    if on_graph is None:
        game.ev_units()
        outcomes, _, wager = Walk(game).run()
        return BetFigures(outcomes=outcomes, average_wager=wager)
    graph, table = on_graph
    if graph not in game.play.on_graph:
        # Hand values shared from an earlier variant are kept already.
        value_hands(game.play, graph, table)
    game.ev_units()
    outcomes, _, wager = GraphWalk(game, graph, table).run()
    return BetFigures(outcomes=outcomes, average_wager=wager)
