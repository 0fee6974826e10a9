import json
from fractions import Fraction

import pytest

from casino.rules import (
    PRESETS,
    NineTenElevenRules,
    SevenHalfRules,
    preset,
    rules_from_dict,
    rules_from_json,
    rules_to_dict,
    rules_to_json,
    validate,
)
from casino.rules.cards import deck_for_size, new_deck, parse_card

EXPECTED_PRESETS = {"seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media",
                    "sette-e-mezzo-online", "nine-ten-eleven"}


def test_the_presets_exist():
    assert set(PRESETS) == EXPECTED_PRESETS


@pytest.mark.parametrize("name", sorted(EXPECTED_PRESETS))
def test_every_preset_validates_and_round_trips_through_json(name):
    rules = preset(name)
    validate(rules)
    assert rules_from_json(rules_to_json(rules)) == rules
    assert rules_from_dict(json.loads(json.dumps(rules_to_dict(rules)))) == rules


def test_casino_preset_reads_the_patent_as_rules_md_does():
    rules = preset("seven-half-casino")
    assert isinstance(rules, SevenHalfRules)
    assert rules.special_card == "kd_first_card"
    assert rules.payouts.kd_first_card == 3
    assert (rules.final_bet_min, rules.final_bet_max) == (1, 2)
    assert rules.player_max_cards == rules.dealer_max_cards == 2
    assert rules.dealer_upcard_visible and rules.fold_allowed and rules.ties == "push"


def test_italian_and_spanish_presets():
    sette = preset("sette-e-mezzo")
    assert sette.special_card == "wild" and not sette.dealer_upcard_visible
    assert (sette.payouts.natural, sette.payouts.triple) == (2, 3)
    assert sette.payouts.dealer_natural_amount == 2 and sette.four_exchange_max == 1
    siete = preset("siete-y-media")
    assert siete.ties == "dealer" and siete.dealer_must_reach_7_5_vs_revealed
    assert siete.payouts.seven_and_half == 2
    assert not (siete.shoot_seven or siete.split_figures or siete.four_exchange_max)


def test_nine_ten_eleven_preset():
    rules = preset("nine-ten-eleven")
    assert isinstance(rules, NineTenElevenRules)
    assert rules.payouts.main_win == Fraction(3, 2)
    assert rules.die_faces == ("9", "9", "9", "10", "11", "WIN")
    assert rules.deck_size == 36


def test_payout_fallback_chain():
    payouts = preset("sette-e-mezzo").payouts
    assert payouts.winning(total_is_7_5=False, two_cards=False, is_triple=False) == 1
    assert payouts.winning(total_is_7_5=True, two_cards=False, is_triple=False) == 1
    assert payouts.winning(total_is_7_5=True, two_cards=True, is_triple=False) == 2
    assert payouts.winning(total_is_7_5=True, two_cards=True, is_triple=True) == 3
    spanish = preset("siete-y-media").payouts
    assert spanish.winning(total_is_7_5=True, two_cards=True, is_triple=False) == 2


def test_decks_have_the_right_cards():
    assert len(new_deck("A234567JQK")) == 40
    assert len(new_deck("A23456789")) == 36
    assert len(deck_for_size(80)) == 80
    assert parse_card("kd").is_king_of_diamonds
