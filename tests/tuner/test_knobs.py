"""Knobs read values exactly as --set does, and say which knob and value are wrong."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.rules import PRESETS, preset, with_overrides
from casino.rules.parameters import parameter_specs
from certification.odds.tuner import TunerInputError, default_knobs, parse_vary, suggested_knobs
from certification.odds.tuner.defaults import NOT_IN_DEFAULT
from certification.odds.tuner.knobs import current_text, expand_values, with_current
from certification.odds.tuner.structure import inert, rank

SEVEN = "seven_and_half"


def test_a_range_is_exact_and_includes_both_ends():
    assert expand_values(SEVEN, "dealer_stands_at", "4:7:1/2") == (
        "4", "9/2", "5", "11/2", "6", "13/2", "7")
    assert expand_values(SEVEN, "payouts.kd_first_card", "0:3:1/2")[-1] == "3"
    # A grid that does not land on hi stops below it.
    assert expand_values(SEVEN, "payouts.win", "1:2:2/3") == ("1", "5/3")


def test_explicit_values_are_read_by_the_rule_model_and_written_exactly():
    assert expand_values(SEVEN, "payouts.seven_and_half", "1, 1.5, 3/2, 2") == ("1", "3/2", "2")
    assert expand_values(SEVEN, "ties", "push,dealer") == ("push", "dealer")
    assert expand_values(SEVEN, "dealer_upcard_visible", "true,no") == ("true", "false")
    assert expand_values(SEVEN, "player_max_cards", "2,unlimited") == ("2", "unlimited")
    assert expand_values("nine_ten_eleven", "qualifying_totals", "[[9,10,11],[10,11]]") == (
        "[9,10,11]", "[10,11]")


@pytest.mark.parametrize(("spec", "words"), [
    ("dealer_stands_at=4:9:1", ["dealer_stands_at=8", "over 7 1/2"]),
    ("ties=push,house", ["ties=house", "push, dealer"]),
    ("payouts.win=-1,1", ["payouts.win=-1", "cannot be negative"]),
    ("payouts.bonus_flush=5", ["payouts.bonus_flush", "not a rule or payout of the seven_and_half"]),
    ("dealer_stands_at=4:7:0", ["step", "positive"]),
    ("dealer_stands_at=7:4:1/2", ["ends below"]),
    ("payouts.win=0:1000:1/100", ["at most 1000"]),
    ("dealer_stands_at", ["KEY=VALUES"]),
    ("ties=push,,dealer", ["empty value"]),
    ("family=nine_ten_eleven", ["family"]),
])
def test_a_bad_knob_names_itself_and_the_value(spec, words):
    with pytest.raises(TunerInputError) as caught:
        parse_vary(SEVEN, [spec])
    for word in words:
        assert word in str(caught.value)


def test_a_knob_named_twice_is_refused():
    with pytest.raises(TunerInputError, match="twice"):
        parse_vary(SEVEN, ["ties=push", "ties=dealer"])


def test_the_variant_s_own_value_comes_first_and_is_no_change():
    base = preset("siete-y-media")
    [stands, ties] = with_current(base, parse_vary(SEVEN, ["dealer_stands_at=5:7:1", "ties=push"]))
    assert stands.values == ("6", "5", "7")
    assert ties.values == ("dealer", "push")
    assert current_text(base, "payouts.natural") == "null"


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_default_search_covers_every_rule_and_payout_but_lists(name):
    rules = preset(name)
    keys = [k.key for k in default_knobs(rules)]
    expected = [s.path for s in parameter_specs(rules.family) if s.path not in NOT_IN_DEFAULT]
    assert keys == expected


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_default_value_reads_back_as_itself(name):
    """A value written by the tuner is the value --set applies: no rounding, no renaming."""
    rules = preset(name)
    for knob in default_knobs(rules):
        for value in knob.values:
            try:
                changed = with_overrides(rules, [f"{knob.key}={value}"])
            except ValueError:
                continue  # rejected on its own by a cross-field check; counted by the search
            assert current_text(changed, knob.key) == value


def test_default_payout_grids_run_from_zero_to_twice_today_on_halves():
    knobs = {k.key: k.values for k in default_knobs(preset("seven-half-casino"))}
    assert knobs["payouts.kd_first_card"] == tuple(str(Fraction(i, 2)) for i in range(13))
    assert knobs["dealer_stands_at"][0] == "1/2" and knobs["dealer_stands_at"][-1] == "15/2"
    assert knobs["decks"] == ("1", "2")


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_suggested_knobs_change_something(name):
    rules = preset(name)
    for knob in suggested_knobs(rules):
        assert not inert(rules, knob.key)
        assert len(knob.values) >= 2


def test_a_card_limit_s_values_sort_with_unlimited_above_every_number():
    values = ["unlimited", "10", "2", "1"]
    assert sorted(values, key=rank) == ["1", "2", "10", "unlimited"]
