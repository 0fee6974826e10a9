"""The rules in words come from the rule model: every parameter, every reading that applies."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

import pytest

from casino.rules import PRESETS, evolve
from casino.rules.describe import describe_paytable, describe_rules


def _text(rules) -> str:
    return " ".join(c.full_text for c in describe_rules(rules))


def test_casino_dealer_rule_and_final_bet_reading():
    text = _text(PRESETS["seven-half-casino"])
    assert ("The dealer draws while its total is below 6 and stands at 6 or more; the dealer "
            "never takes a third card.") in text
    assert "Reading: the minimum final bet is one ante." in text
    assert "paid 3 to 1 on the ante" in text


def test_home_version_reading_of_the_dealer_rule():
    text = _text(PRESETS["seven-half-home"])
    assert "there is no limit on the number of cards it takes" in text
    assert "means the dealer stands at 6" in text
    assert "The ante is the only wager" in text


def test_sette_e_mezzo_matta_and_exchange():
    text = _text(PRESETS["sette-e-mezzo"])
    assert "matta" in text and "face down: the player acts without seeing it" in text
    assert "exchanged once" in text and "out of play for the round" in text
    assert "pays 2 to 1" in text and "(triplé) pays 3 to 1" in text
    assert "The bank wins equal totals" in text


def test_siete_y_media_optional_rules_follow_their_parameters():
    base = PRESETS["siete-y-media"]
    assert "Not part of this variant: exchanging a first-card 4, shooting a seven and opening" \
        in _text(base)
    full = evolve(base, four_exchange_max=4, shoot_seven=True, split_figures=True, max_splits=2)
    text = _text(full)
    assert "exchanged up to 4 times" in text
    assert "pays 4 to 1" in text and "up to 2 times" in text
    assert "Not part of this variant" not in text


def test_nine_ten_eleven_readings_and_alternatives():
    rules = PRESETS["nine-ten-eleven"]
    text = _text(rules)
    assert "faces 9, 9, 9, 10, 11 and WIN" in text
    assert "Reading: a switch is allowed only when neither hand qualifies" in text
    assert "first hand as dealt" in text and "3 to 2" in text
    other = _text(evolve(rules, bonus_on="final_hands", switch_allowed=False))
    assert "final hands" in other and "Switch" not in [c.title for c in describe_rules(
        evolve(rules, switch_allowed=False))]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_payout_reaches_the_paytable_or_the_rules(name):
    rules = PRESETS[name]
    text = _text(rules) + " ".join(line.pays for line in describe_paytable(rules))
    for f in fields(rules.payouts):
        value = getattr(rules.payouts, f.name)
        if value is None or f.name == "shoot_seven" and not getattr(rules, "shoot_seven", True):
            continue
        shown = f"{value.numerator} to {value.denominator}" if isinstance(value, Fraction) else ""
        assert shown in text or str(value) in text, f.name


def test_every_clause_has_a_title_and_a_sentence():
    for rules in PRESETS.values():
        for clause in describe_rules(rules):
            assert clause.title and clause.text.endswith((".", ")"))
            assert all(r.startswith("Reading: ") for r in clause.readings)
