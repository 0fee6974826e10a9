"""The search's fast path (the player's hands on a graph, hand_graph.py) changes no figure:
outcome by outcome, each variant's main bet equals what the engine's front door computes."""

from __future__ import annotations

import pytest

from casino.rules import preset, with_overrides
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.dealer_reuse import DealerPool, main_bet_figures
from certification.odds.seven_half.game import SevenHalfGame
from certification.odds.seven_half.hand_graph import GraphWalk, HandGraph, StandTable, value_hands
from certification.odds.seven_half.play import HIT, NO_LIMIT, STAND
from certification.odds.seven_half.walk import Walk

# Every side of the rules the graph reads or leaves to the engine: hidden and shown upcards,
# the king of diamonds and the matta, card limits on both sides, exchanged fours, shooting,
# folding and the final bet, the dealer drawing to 7 1/2, a dealer's two-card 7 1/2, two decks.
VARIANTS = [
    ("siete-y-media", []),
    ("siete-y-media", ["dealer_upcard_visible=false", "payouts.seven_and_half=1"]),
    ("siete-y-media", ["dealer_stands_at=5", "dealer_max_cards=3"]),
    ("siete-y-media", ["player_max_cards=2", "shoot_seven=true"]),
    ("siete-y-media", ["special_card=wild", "ties=push"]),
    ("siete-y-media", ["decks=2"]),
    ("seven-half-home", []),
    ("seven-half-home", ["dealer_upcard_visible=false", "payouts.kd_first_card=3"]),
    ("seven-half-home", ["dealer_stands_at=11/2", "dealer_max_cards=4"]),
    ("seven-half-casino", []),
    ("seven-half-casino", ["final_bet_max=3", "fold_allowed=false"]),
    ("sette-e-mezzo", []),
    ("sette-e-mezzo", ["dealer_upcard_visible=true", "payouts.dealer_natural_collects=1"]),
    ("sette-e-mezzo", ["four_exchange_max=2", "player_max_cards=3"]),
]


def _rules(name, changes):
    return with_overrides(preset(name), changes) if changes else preset(name)


@pytest.mark.parametrize(("name", "changes"), VARIANTS)
def test_the_graph_gives_the_engine_s_figures(name, changes):
    rules = _rules(name, changes)
    pool = DealerPool()
    fast = main_bet_figures(rules, pool)
    assert pool.hands_on_graph(pool.game(rules)) is not None  # the fast path was taken
    plain = analyze_seven_half(rules).bets["main"]
    assert fast.outcomes == plain.outcomes
    assert fast.average_wager == plain.average_wager


@pytest.mark.parametrize(("name", "changes"), VARIANTS[::3])
def test_values_decisions_and_walk_match_the_recursion(name, changes):
    rules = _rules(name, changes)
    plain = SevenHalfGame(rules)
    plain.ev_units()
    plain_walk = Walk(plain).run()

    game = SevenHalfGame(rules)
    graph = HandGraph(game)
    table = StandTable(graph, game.play)
    value_hands(game.play, graph, table)
    values, hits = game.play.on_graph[graph]
    compared = 0
    for key, value, hit in zip(graph.keys, values, hits, strict=True):
        if key in plain.play.memo:
            assert value == plain.play.memo[key]
            assert (HIT if hit else STAND) == plain.play.action[key]
            compared += 1
    assert compared > len(graph) // 2
    assert game.ev_units() == plain.ev_units()
    outcomes, decisions, wager = GraphWalk(game, graph, table).run()
    assert (outcomes, decisions, wager) == plain_walk


def test_variants_sharing_a_dealer_share_its_stand_table():
    pool = DealerPool()
    siete = preset("siete-y-media")
    for change in ("payouts.seven_and_half=1", "payouts.seven_and_half=3", "ties=push"):
        rules = with_overrides(siete, [change])
        assert main_bet_figures(rules, pool).outcomes == analyze_seven_half(rules).bets["main"].outcomes
    dealer = pool.game(siete).dealer
    assert len(dealer.tables) == 1


def test_a_game_that_may_open_is_left_to_the_engine():
    rules = with_overrides(preset("siete-y-media"), ["split_figures=true", "max_splits=1"])
    pool = DealerPool()
    assert pool.hands_on_graph(pool.game(rules)) is None
    assert main_bet_figures(rules, pool).outcomes == analyze_seven_half(rules).bets["main"].outcomes


def _nodes(graph: HandGraph) -> dict:
    # Every hand's cards drawn lead to hands valued before it (fewer unseen cards first).
    assert all(j < i for i, kids in enumerate(graph.kids) for _, j in kids)
    return {key: (graph.n[i], graph.counts[i], graph.drawable[i],
                  sorted((r, graph.hands[j]) for r, j in graph.kids[i]), graph.bust[i],
                  graph.mass[i], graph.keys[i], graph.totals[i], graph.classes[graph.class_of[i]],
                  i in graph.firsts) for i, key in enumerate(graph.hands)}


@pytest.mark.parametrize(("name", "limit"), [("siete-y-media", 2), ("seven-half-home", 3),
                                             ("sette-e-mezzo", 4), ("siete-y-media", 15)])
def test_a_limited_player_s_graph_taken_from_the_unlimited_one_is_the_one_the_deals_build(
        name, limit):
    unlimited = HandGraph(SevenHalfGame(preset(name)))
    rules = with_overrides(preset(name), [f"player_max_cards={limit}"])
    built, taken = HandGraph(SevenHalfGame(rules)), HandGraph(SevenHalfGame(rules), unlimited)
    assert _nodes(taken) == _nodes(built)
    assert len(taken) < len(unlimited) or limit == 15


def test_a_search_s_pool_takes_a_limited_player_s_hands_from_the_unlimited_graph():
    pool = DealerPool()
    home = preset("seven-half-home")
    main_bet_figures(home, pool)
    for limit in (2, 5):
        rules = with_overrides(home, [f"player_max_cards={limit}"])
        assert main_bet_figures(rules, pool).outcomes == analyze_seven_half(rules).bets["main"].outcomes


def test_from_a_second_card_limit_on_the_pool_builds_the_unlimited_graph_to_take_hands_from(
        monkeypatch):
    built, reached = [], HandGraph._reached

    def counted(graph, game):
        built.append(game.play.max_cards)
        return reached(graph, game)

    monkeypatch.setattr(HandGraph, "_reached", counted)
    pool = DealerPool()
    casino = preset("seven-half-casino")  # the player takes two cards at most
    for limit in (2, 3, 4, 15):
        rules = with_overrides(casino, [f"player_max_cards={limit}"])
        assert main_bet_figures(rules, pool).outcomes == analyze_seven_half(rules).bets["main"].outcomes
    assert built == [2, NO_LIMIT]  # the first limit on its own, then the unlimited graph once
