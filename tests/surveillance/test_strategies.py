"""Each decision is judged by the existing exact engines, and the exposures are the audit's."""

from __future__ import annotations

import dataclasses

import pytest

from casino.rules.presets import preset
from certification.odds.results import PlayerView
from certification.odds.seven_half import analyze_seven_half
from certification.protection.dealer_card import dealer_card_exposure
from certification.protection.exact_part import baseline_ev, deck_values
from certification.surveillance.strategies import DecisionPoint, Strategist, UnsupportedGame


@pytest.fixture(scope="module")
def sette():
    return Strategist(preset("sette-e-mezzo"))


def point(cards, hole=None, partners=()):
    return DecisionPoint("R1", "T1", "D1", "P1", tuple(cards), "stand", 0, hole, tuple(partners))


def test_public_and_hole_card_actions_are_the_engines(sette):
    rules = preset("sette-e-mezzo")
    seen = analyze_seven_half(dataclasses.replace(rules, dealer_upcard_visible=True)).policy
    public = analyze_seven_half(rules).policy
    for cards in (("5C",), ("6H",), ("AS",), ("3C", "2C")):
        for hole in ("AS", "6S", "7H", "JS", "KD"):
            p = point(cards, hole)
            assert sette.public(p) == public.decide(PlayerView(None, cards)).action
            assert sette.hole_card(p) == seen.decide(PlayerView(hole, cards)).action


def test_the_hole_card_parts_from_the_public_strategy_on_a_five(sette):
    # A five stands by the public strategy; a player who sees a six or seven under the
    # dealer's card hits it (the dealer stands at 6 and wins ties): a key decision.
    assert sette.public(point(["5C"], "6S")) == "stand"
    assert sette.hole_card(point(["5C"], "6S")) == "hit"
    assert sette.hole_card(point(["5C"], "3S")) == "stand"


def test_partner_action_is_the_reduced_decks_optimum(sette):
    values = deck_values(preset("sette-e-mezzo"))
    removed = tuple(1 if k == 0 else 0 for k in range(len(values.full)))
    policy = values.result(values.minus(removed))
    for cards in (("5C",), ("6H",), ("AH",)):
        assert sette.partner(point(cards), ("AS",)) == policy.decide(PlayerView(None, cards)).action


def test_gains_are_the_protection_audits(sette):
    rules = preset("sette-e-mezzo")
    assert sette.exposure_gain("hole_card") == dealer_card_exposure(rules, baseline_ev(rules)).gain_fraction
    assert sette.best_value() > baseline_ev(rules)


def test_a_face_up_game_has_no_hole_card_strategy_and_nine_ten_eleven_none():
    assert Strategist(preset("siete-y-media")).kinds == ("partner",)
    with pytest.raises(UnsupportedGame, match="nine_ten_eleven"):
        Strategist(preset("nine-ten-eleven"))
