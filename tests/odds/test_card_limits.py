"""A card limit no hand can reach plays the game without it: the engine's figures say so on
both sides of the bound, which is tight where a hand can get there."""

from __future__ import annotations

import pytest

from casino.rules import preset, with_overrides
from certification.odds.analysis import analyze
from certification.odds.seven_half.limits import dealer_card_reach, same_game


def _outcomes(rules):
    return analyze(rules).bets["main"].outcomes


@pytest.mark.parametrize("name", ["seven-half-home", "sette-e-mezzo"])
@pytest.mark.parametrize("stands", ["2", "6"])
def test_a_dealer_limit_at_its_target_s_half_points_plays_as_none(name, stands):
    base = with_overrides(preset(name), [f"dealer_stands_at={stands}"])
    reach = dealer_card_reach(base)
    assert reach == 2 * int(stands)
    unlimited = _outcomes(with_overrides(base, ["dealer_max_cards=unlimited"]))
    for limit in (reach, reach + 1):
        rules = with_overrides(base, [f"dealer_max_cards={limit}"])
        assert same_game(rules).dealer_max_cards is None
        assert _outcomes(rules) == unlimited
    # One card short of it, a dealer of figures alone is stopped below its total.
    short = with_overrides(base, [f"dealer_max_cards={reach - 1}"])
    assert same_game(short) == short
    assert _outcomes(short) != unlimited


def test_a_dealer_that_must_reach_a_revealed_7_5_may_hold_fifteen_cards():
    siete = preset("siete-y-media")
    assert siete.dealer_must_reach_7_5_vs_revealed
    assert dealer_card_reach(with_overrides(siete, ["dealer_stands_at=2"])) == 15
    fourteen = with_overrides(siete, ["dealer_stands_at=2", "dealer_max_cards=14"])
    assert same_game(fourteen) == fourteen


def test_a_player_limit_of_fifteen_cards_plays_as_none():
    for name in ("seven-half-home", "sette-e-mezzo"):
        rules = with_overrides(preset(name), ["player_max_cards=15"])
        assert same_game(rules).player_max_cards is None
        assert _outcomes(rules) == _outcomes(with_overrides(rules, ["player_max_cards=unlimited"]))
    casino = preset("seven-half-casino")
    assert same_game(casino) is casino
