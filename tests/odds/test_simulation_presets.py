"""Simulated house edges agree with the exact analysis, for every preset and rule option."""

import pytest

from casino.rules import PRESETS, with_overrides
from certification.odds.simulation import SimulationSpec, run_local

# Each option of RULES.md, switched on (or changed) one at a time on the preset that
# carries it. Opening (split_figures) has its own file (test_seven_half_opening.py).
OPTIONS = [
    ("seven-half-casino", ["decks=2"]),
    ("seven-half-casino", ["ties=dealer", "final_bet_max=3/2"]),
    ("seven-half-casino", ["special_card=none"]),
    ("seven-half-casino", ["special_card=wild"]),
    ("seven-half-casino", ["dealer_upcard_visible=false"]),
    ("seven-half-home", ["player_max_cards=3", "dealer_max_cards=3"]),
    ("seven-half-home", ["fold_allowed=true", "final_bet=true"]),
    ("seven-half-home", ["special_card=wild"]),
    ("sette-e-mezzo", ["dealer_upcard_visible=true"]),
    ("sette-e-mezzo", ["four_exchange_max=0", "dealer_stands_at=5"]),
    ("siete-y-media", ["four_exchange_max=4"]),
    ("siete-y-media", ["shoot_seven=true"]),
    ("siete-y-media", ["dealer_must_reach_7_5_vs_revealed=false", "ties=push"]),
    ("siete-y-media", ["payouts.win=3/2", "decks=2"]),
    ("nine-ten-eleven", ["decks=2"]),
    ("nine-ten-eleven", ["switch_allowed=false"]),
    ("nine-ten-eleven", ["buy_allowed=false"]),
    ("nine-ten-eleven", ["die_faces=[9, 10, 10, 11, 11, \"WIN\"]", "payouts.dice_match=4"]),
]


def _check(rules, rounds, seed, workers=1):
    summary = run_local(SimulationSpec(rules, rounds=rounds, seed=seed), workers=workers)
    for name, bet in summary.bets.items():
        assert bet.z_vs_exact is not None
        assert abs(bet.z_vs_exact) < 4, (name, bet.house_edge, float(-bet.exact_ev), bet.z_vs_exact)
        low, high = bet.ci(0.9999)
        assert low < float(-bet.exact_ev) < high
    return summary


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_matches_its_exact_edge(name):
    _check(PRESETS[name], 1_000_000, seed=20240601)


@pytest.mark.parametrize(("name", "overrides"), OPTIONS, ids=[" ".join(o) for _, o in OPTIONS])
def test_each_rule_option_matches_its_exact_edge(name, overrides):
    _check(with_overrides(PRESETS[name], overrides), 1_000_000, seed=20240602)


@pytest.mark.slow
def test_the_bonus_on_final_hands_reading_matches():
    rules = with_overrides(PRESETS["nine-ten-eleven"], ["bonus_on=final_hands"])
    _check(rules, 300_000, seed=20240603)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_matches_over_ten_million_rounds(name):
    _check(PRESETS[name], 10_000_000, seed=20240604, workers=None)
