"""The certified 9-10-11 figures, the strategy they assume, and the generic dispatcher."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.rules import evolve, preset
from certification.odds.analysis import analyze
from certification.odds.nine_ten_eleven import Deck, analyze_nine_ten_eleven

BASE = preset("nine-ten-eleven")


@pytest.fixture(scope="module")
def result():
    return analyze_nine_ten_eleven(BASE, "nine-ten-eleven")


def test_preset_figures_are_pinned(result):
    assert result.bets["main"].ev == Fraction(-121171, 1043460)
    assert result.bets["bonus"].ev == Fraction(-4, 5)
    assert result.bets["dice_match"].ev == Fraction(-1580437, 7304220)
    assert result.bets["main"].average_wager == 1 + result.decisions["buy"]
    assert result.decisions["stand"] == Fraction(94, 510)


def test_two_decks_are_pinned():
    bets = analyze_nine_ten_eleven(evolve(BASE, decks=2)).bets
    assert bets["main"].ev == Fraction(-114228217, 781194540)
    assert bets["bonus"].ev == Fraction(-1944, 2485)
    assert bets["dice_match"].ev == Fraction(-260078219, 1171791810)


def test_the_dice_match_pushes_exactly_on_the_win_face(result):
    assert result.bets["dice_match"].p_push == Fraction(1, 6)


def test_the_bonus_pays_only_qualifying_first_hands(result):
    # 2-3-4 makes 9: every straight qualifies, and one deck holds 64 of them, 4 suited.
    outcomes = result.bets["bonus"].outcomes
    assert outcomes[Fraction(60)] == Fraction(4, 7140)
    assert outcomes[Fraction(10)] == Fraction(60, 7140)
    assert outcomes[Fraction(40)] == Fraction(4, 7140)


def test_strategy_charts_cover_every_non_qualifying_hand(result):
    first, switch = result.strategy
    assert len(first.rows) == sum(1 for _ in first.cells)
    actions = {row: cells[1] for row, cells in zip(first.rows, first.cells, strict=True)}
    assert actions["9-9-9"] == "FOLD" and actions["A-A-A"] == "BUY"
    assert switch.rows[0] == "11 + 11" and switch.rows[-1] == "none + none"


def test_policy_matches_the_chart_and_the_seed_example(result):
    policy = result.policy
    assert policy.first_hand(("9S", "9H", "9D")) == "fold"
    assert policy.first_hand(("2S", "3H", "4D")) == "stand"
    # The seed: 9-A-4 and A-2-3; switching the 4 for an ace gives 9-A-A and 2-3-4.
    assert policy.first_hand(("9S", "AH", "4D")) == "buy"
    i, j = policy.switch(("9S", "AH", "4D"), ("AC", "2S", "3H"))
    assert (("9S", "AH", "4D")[i], ("AC", "2S", "3H")[j]) == ("4D", "AC")
    assert policy.switch(("9S", "AH", "4D"), ("2S", "3H", "4S")) is None


def test_without_buying_every_non_qualifier_folds():
    r = analyze_nine_ten_eleven(evolve(BASE, buy_allowed=False))
    assert r.decisions["buy"] == 0
    assert r.bets["main"].average_wager == 1
    assert any("not allowed" in note for note in r.notes)


def test_a_restricted_deck_must_be_dealable():
    with pytest.raises(ValueError):
        Deck(ranks="A", suits="S")
    with pytest.raises(ValueError):
        Deck(ranks="AT", suits="SH")


def test_the_dispatcher_routes_by_family(result):
    assert analyze(BASE, "x").bets["main"].ev == result.bets["main"].ev
    assert analyze(BASE, "x").variant == "x"
    assert set(result.to_json()["bets"]) == {"main", "bonus", "dice_match"}
