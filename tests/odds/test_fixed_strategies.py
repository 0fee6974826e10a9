"""Exact figures under the simulator's fixed strategies (dealer, house, charts), three ways.

The exact count of a fixed strategy (certification/odds/*/fixed.py) is checked against an
independent brute force on reduced decks, against the simulator playing the same strategy
(within 4 standard errors), and, for the optimal policy replayed as a fixed one, against
the optimal analysis itself.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from casino.rules import preset
from certification.odds.analysis import analyze, dealer_joint
from certification.odds.nine_ten_eleven import Deck, analyze_nine_ten_eleven
from certification.odds.nine_ten_eleven.fixed import StrategyDefinitionError as NteDefinitionError
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.fixed import (
    StrategyDefinitionError,
    analyze_seven_half_policy,
)
from certification.odds.simulation import SimulationSpec, StrategyError, run_local
from certification.odds.simulation.strategies import ChartStrategy, DealerMimic, HouseWay
from tests.odds.bruteforce_seven_half import solve_opening
from tests.odds.nine_ten_eleven_reference import settle, value

SEVEN_HALF = ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media")
SMALL = ["AD", "2D", "4S", "4D", "5S", "7D", "JD", "QS", "KD"]

# The exact house edge of the dealer-mimicking player, per initial wager (stated in the README).
DEALER_EDGES = {
    "seven-half-casino": Fraction(-1699, 182780),
    "seven-half-home": Fraction(293071532123681, 1938623455314000),
    "sette-e-mezzo": Fraction(452905133285833, 1811950668047520),
    "siete-y-media": Fraction(5698947347477519, 25323268885039125),
    "nine-ten-eleven": Fraction(223, 340),
}


@pytest.mark.parametrize("name", sorted(DEALER_EDGES))
def test_dealer_strategy_house_edge_of_every_preset(name):
    assert analyze(preset(name), strategy="dealer").bets["main"].house_edge == DEALER_EDGES[name]


@pytest.mark.parametrize("name", SEVEN_HALF)
def test_the_optimal_policy_replayed_as_a_fixed_strategy_gives_the_optimal_figures(name):
    rules = preset(name)
    optimal = analyze_seven_half(rules)
    replayed = analyze_seven_half_policy(rules, optimal.policy)
    assert replayed.bets["main"].outcomes == optimal.bets["main"].outcomes
    assert replayed.bets["main"].average_wager == optimal.bets["main"].average_wager


def _brute(name: str, strategy: str) -> None:
    rules = preset(name)
    if name == "siete-y-media":
        rules = replace(rules, four_exchange_max=1)  # so the house way's exchange is counted too
    policy = DealerMimic(rules) if strategy == "dealer" else HouseWay(rules)
    exact = analyze_seven_half_policy(rules, policy, deck=SMALL).bets["main"].outcomes
    assert exact == solve_opening(rules, SMALL, policy)


@pytest.mark.parametrize("name", ("seven-half-casino", "sette-e-mezzo"))
def test_dealer_strategy_equals_brute_force_on_a_reduced_deck(name):
    _brute(name, "dealer")


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ("dealer", "house"))
@pytest.mark.parametrize("name", SEVEN_HALF)
def test_every_preset_and_strategy_equals_brute_force_on_a_reduced_deck(name, strategy):
    _brute(name, strategy)


def _nte_dealer_brute(rules, cards):
    """Every three-card deal: a qualifying hand stands against the die, any other folds."""
    out = defaultdict(Fraction)
    hands = list(combinations(cards, 3))
    for hand in hands:
        v = value(hand, rules.qualifying_totals)
        if v is None:
            out[Fraction(-1)] += Fraction(1, len(hands))
            continue
        for main, _dice, p in settle((v,), rules):
            out[main] += p / len(hands)
    return dict(out)


def test_nine_ten_eleven_dealer_strategy_equals_brute_force_on_a_reduced_deck():
    rules = preset("nine-ten-eleven")
    deck = Deck(ranks="A23459", suits="SH")
    cards = [r + s for s in deck.suits for r in deck.ranks]
    exact = analyze_nine_ten_eleven(rules, deck=deck, policy=DealerMimic(rules))
    assert exact.bets["main"].outcomes == {k: v for k, v in sorted(_nte_dealer_brute(rules, cards).items()) if v}


@pytest.mark.parametrize("strategy", ("dealer", "house"))
@pytest.mark.parametrize("name", (*SEVEN_HALF, "nine-ten-eleven"))
def test_exact_fixed_strategy_agrees_with_the_simulator_within_4_se(name, strategy):
    rules = preset(name)
    exact = analyze(rules, strategy=strategy)
    rounds, seed = 400_000, 2024
    summary = run_local(SimulationSpec(rules, rounds=rounds, seed=seed, strategy=strategy,
                                       chunk_rounds=1 << 18), workers=1)
    for bet, figures in exact.bets.items():
        se = math.sqrt(figures.variance) / math.sqrt(rounds)
        z = (summary.bets[bet].mean - float(figures.ev)) / se if se else 0.0
        assert abs(z) < 4, (name, strategy, bet, summary.bets[bet].house_edge, float(figures.house_edge), z)


CHART = {"family": "seven_and_half", "default": "S",
         "first_card": {"4": {"*": "X"}},
         "totals": {"0.5": "H", "1": "H", "2": "H", "3": "H", "4": "H", "4.5": "H", "5": {"*": "S", "7": "H"}}}


def test_a_chart_supplied_as_data_agrees_with_the_simulator():
    rules = preset("sette-e-mezzo")
    exact = analyze(rules, strategy="my-chart", chart=CHART).bets["main"]
    summary = run_local(SimulationSpec(rules, rounds=400_000, seed=5, strategy="my-chart",
                                       chart=CHART, chunk_rounds=1 << 18), workers=1)
    z = (summary.bets["main"].mean - float(exact.ev)) / (exact.sd / math.sqrt(400_000))
    assert abs(z) < 4
    assert exact.house_edge != analyze(rules, strategy="house").bets["main"].house_edge


def test_a_final_bet_outside_the_rules_is_refused_with_its_value():
    rules = preset("seven-half-casino")
    with pytest.raises(StrategyDefinitionError, match="final bet 3 is outside"):
        analyze(rules, strategy="big", chart={"family": "seven_and_half", "default": "S3"})


def test_unknown_strategy_names_are_refused():
    with pytest.raises(StrategyError, match="unknown strategy 'timid'"):
        analyze(preset("siete-y-media"), strategy="timid")


class _SuitReader:
    """A 9-10-11 policy that buys only suited hands: not a function of the ranks."""

    name = "suits"

    def first_hand(self, cards):
        return "buy" if len({c[1] for c in cards}) == 1 else "fold"

    def switch(self, first, second):
        return None


def test_a_nine_ten_eleven_policy_reading_suits_is_refused():
    with pytest.raises(NteDefinitionError, match="depending on its suits"):
        analyze(preset("nine-ten-eleven"), strategy=_SuitReader())


@pytest.mark.parametrize("name", (*SEVEN_HALF, "nine-ten-eleven"))
@pytest.mark.parametrize("strategy", ("optimal", "dealer"))
def test_joint_law_with_the_dealer_sums_to_the_round_distribution(name, strategy):
    rules = preset(name)
    joint = dealer_joint(rules, strategy=strategy)
    marginal = defaultdict(Fraction)
    for row in joint.values():
        for net, p in row.items():
            marginal[net] += p
    assert dict(marginal) == analyze(rules, strategy=strategy).bets["main"].outcomes


def test_house_way_chart_of_the_simulator_is_its_house_strategy():
    rules = preset("siete-y-media")
    house = analyze(rules, strategy="house").bets["main"]
    assert house.house_edge == analyze(rules, strategy=HouseWay(rules)).bets["main"].house_edge
    chart = ChartStrategy(rules, {"family": "seven_and_half", "default": "S",
                                  "totals": {str(t / 2): "H" for t in range(1, 10)}})
    assert analyze(rules, strategy=chart).bets["main"].house_edge == house.house_edge
