"""Every impossible variant is refused with a message that names the field."""

import pytest

from casino.rules import (
    RuleValidationError,
    preset,
    rules_from_dict,
    rules_from_json,
    rules_to_dict,
    with_overrides,
)
from casino.rules.cards import CardError, deck_for_size, parse_card


def errors_of(overrides, base="seven-half-casino"):
    with pytest.raises(RuleValidationError) as caught:
        with_overrides(preset(base), overrides)
    return caught.value.errors


@pytest.mark.parametrize(
    ("override", "field", "words"),
    [
        ("payouts.win=-1", "payouts.win", "negative"),
        ("payouts.kd_first_card=-2", "payouts.kd_first_card", "negative"),
        ("dealer_stands_at=8", "dealer_stands_at", "over 7 1/2"),
        ("dealer_stands_at=0", "dealer_stands_at", "more than 0"),
        ("dealer_stands_at=5.25", "dealer_stands_at", "multiples of 1/2"),
        ("decks=0", "decks", "between 1 and 8"),
        ("decks=2.5", "decks", "whole number"),
        ("ties=player", "ties", "one of push, dealer"),
        ("special_card=joker", "special_card", "one of"),
        ("fold_allowed=maybe", "fold_allowed", "true or false"),
        ("payouts.win=abc", "payouts.win", "number"),
        ("colour=red", "colour", "unknown parameter"),
        ("payouts.bonus_flush=5", "payouts.bonus_flush", "belongs to nine_ten_eleven"),
        ("final_bet_min=3", "final_bet_min", "above the largest"),
        ("payouts.win=0", "payouts.win", "paid something"),
        ("split_figures=true", "max_splits", "at least 1"),
        ("four_exchange_max=17", "four_exchange_max", "between 0 and 16"),
        ("family=nine_ten_eleven", "family", "cannot be overridden"),
    ],
)
def test_bad_seven_half_parameters(override, field, words):
    errors = errors_of([override])
    assert field in errors, errors
    assert words in errors[field]


@pytest.mark.parametrize(
    ("override", "field", "words"),
    [
        ("payouts.dice_match=-3", "payouts.dice_match", "negative"),
        ("payouts.kd_first_card=2", "payouts.kd_first_card", "belongs to seven_and_half"),
        ("qualifying_totals=[]", "qualifying_totals", "non-empty"),
        ("qualifying_totals=[30]", "qualifying_totals", "between 0 and 27"),
        ("die_faces=[9]", "die_faces", "2 to 20 faces"),
        ("die_faces=[9, \"LOSE\"]", "die_faces", "whole number"),
        ("bonus_on=everything", "bonus_on", "first_hand"),
    ],
)
def test_bad_nine_ten_eleven_parameters(override, field, words):
    errors = errors_of([override], base="nine-ten-eleven")
    assert field in errors, errors
    assert words in errors[field]


def test_every_bad_field_is_reported_at_once():
    errors = errors_of(["payouts.win=-1", "dealer_stands_at=9", "colour=red"])
    assert set(errors) == {"payouts.win", "dealer_stands_at", "colour"}


def test_rule_dependencies():
    no_kd_pay = rules_to_dict(preset("seven-half-casino"))
    no_kd_pay["payouts"]["kd_first_card"] = None
    with pytest.raises(RuleValidationError) as caught:
        rules_from_dict(no_kd_pay)
    assert "payouts.kd_first_card" in caught.value.errors
    assert "decks" in errors_of(["decks=2"], base="sette-e-mezzo")
    spanish = rules_to_dict(preset("siete-y-media"))
    spanish["shoot_seven"] = True
    spanish["payouts"]["shoot_seven"] = None
    with pytest.raises(RuleValidationError) as caught:
        rules_from_dict(spanish)
    assert "payouts.shoot_seven" in caught.value.errors


def test_malformed_documents():
    with pytest.raises(RuleValidationError) as caught:
        rules_from_json('{"family": "seven_and_half",\n "decks": }')
    assert "line 2" in str(caught.value)
    for bad in ([], "text", {"family": "poker"}, {"family": "seven_and_half", "payouts": [1]}):
        with pytest.raises(RuleValidationError):
            rules_from_dict(bad)


def test_overrides_accept_fractions_and_words():
    rules = with_overrides(preset("seven-half-casino"), ["payouts.kd_first_card=5/2", "player_max_cards=unlimited"])
    assert str(rules.payouts.kd_first_card) == "5/2"
    assert rules.player_max_cards is None
    assert with_overrides(preset("seven-half-casino"), ["dealer_stands_at=5.5"]).dealer_stands_at * 2 == 11
    with pytest.raises(RuleValidationError) as caught:
        with_overrides(preset("seven-half-casino"), ["nonsense"])
    assert "key=value" in str(caught.value)


def test_bad_cards():
    for code, words in (("ZZ", "rank"), ("KX", "suit"), ("KDD", "two characters")):
        with pytest.raises(CardError, match=words):
            parse_card(code)
    with pytest.raises(CardError, match="not a whole number"):
        deck_for_size(41)


def _through_the_document(rules, assignments):
    """The variant written out, overridden and read back whole: what an override means."""
    from casino.rules.schema import parse_override_value

    data = rules_to_dict(rules)
    for assignment in assignments:
        key, _, raw = assignment.partition("=")
        value = parse_override_value(raw)
        if key.startswith("payouts."):
            data["payouts"][key.removeprefix("payouts.")] = value
        else:
            data[key] = value
    return rules_from_dict(data)


@pytest.mark.parametrize("name", ["seven-half-casino", "seven-half-home", "sette-e-mezzo",
                                  "siete-y-media", "nine-ten-eleven"])
def test_an_override_reads_only_what_it_changes_and_means_the_whole_document_read_again(name):
    from certification.odds.tuner import default_knobs

    base = preset(name)
    assert rules_from_dict(rules_to_dict(base)) == base
    knobs = default_knobs(base)
    tried = 0
    for first in knobs:
        for second in knobs[::3]:
            for a, b in zip(first.values, reversed(second.values), strict=False):
                assignments = [f"{first.key}={a}", f"{second.key}={b}"]
                try:
                    expected = _through_the_document(base, assignments)
                except RuleValidationError as exc:
                    with pytest.raises(RuleValidationError) as raised:
                        with_overrides(base, assignments)
                    assert raised.value.errors == exc.errors, assignments
                else:
                    assert with_overrides(base, assignments) == expected, assignments
                tried += 1
    assert tried > 200
