"""Every identifier of the rule model has a label (one entry beside the model), said in Italian
and Spanish from the documents' catalogue; the rules of play come out in all three languages."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from casino.rules import FAMILIES, PRESETS, rules_to_dict
from casino.rules import labels as L
from casino.rules.describe import describe_paytable, describe_rules
from casino.rules.parameters import parameter_specs
from certification.reports.i18n import say_in
from tests.support.document_english import english_left

LANGUAGES = ("it", "es")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_parameter_choice_and_empty_value_has_a_label(family):
    assert family in L.FAMILIES
    for spec in parameter_specs(family):
        assert spec.path in L.PARAMETERS, spec.path
        assert spec.label == L.PARAMETERS[spec.path]
        for choice in spec.choices:
            assert choice in L.VALUES[spec.path], (spec.path, choice)
        if spec.kind.startswith("optional"):
            assert spec.path in L.UNSET, spec.path


def test_no_label_is_an_identifier():
    words = [*L.FAMILIES.values(), *L.PARAMETERS.values(), *L.BETS.values(), *L.DECISIONS.values(),
             *L.UNSET.values(), *(v for choices in L.VALUES.values() for v in choices.values()),
             *(r.label for r in L.READINGS.values())]
    assert not [w for w in words if "_" in w or "=" in w]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_label_is_translated(language):
    english = {**L.FAMILIES, **L.PARAMETERS, **L.BETS, **L.DECISIONS}
    english.update({f"{p}={k}": v for p, c in L.VALUES.items() for k, v in c.items()})
    english.update({f"reading {k}": r.label for k, r in L.READINGS.items()})
    untranslated = [key for key, text in english.items()
                    if say_in(text, language) == text and not text[0].isdigit()
                    and text not in ("Triplé",)]
    assert not untranslated


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Special card: king of diamonds as first card"),
    ("it", "Carta speciale: re di quadri come prima carta"),
    ("es", "Carta especial: rey de diamantes como primera carta"),
])
def test_a_setting_is_said_in_words(language, expected):
    assert say_in(L.setting_label("special_card", "kd_first_card"), language) == expected


def test_values_in_words_stay_exact():
    assert L.value_label("payouts.main_win", Fraction(3, 2)) == "3/2"
    assert L.value_label("payouts.seven_and_half", None) == "as a win"
    assert L.value_label("player_max_cards", None) == "unlimited"
    assert say_in(L.value_label("fold_allowed", True), "it") == "sì"
    rows = L.settings_of(rules_to_dict(PRESETS["nine-ten-eleven"]))
    assert ("payouts.main_win", "Main win", "3/2") in rows


def test_every_reading_the_rules_print_is_registered():
    printed = {r for rules in _variants() for c in describe_rules(rules) for r in c.readings}
    registered = {r.text for r in L.READINGS.values()}
    assert printed <= registered and len(printed) == len(registered)


def _variants():
    """The presets and the options that make the rules print their other clauses."""
    home = PRESETS["seven-half-home"]
    yield from PRESETS.values()
    yield dataclasses.replace(home, four_exchange_max=2, shoot_seven=True, split_figures=True,
                              max_splits=1, payouts=dataclasses.replace(home.payouts, shoot_seven=Fraction(3)))
    yield dataclasses.replace(PRESETS["nine-ten-eleven"], bonus_on="final_hands")
    yield dataclasses.replace(PRESETS["sette-e-mezzo-online"], player_first_matta="half_until_next",
                              dealer_first_matta="half_until_next", stand_minimum_matta="seven")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_of_play_have_no_english_left(language):
    for rules in _variants():
        text = " ".join(say_in(part, language) for clause in describe_rules(rules)
                        for part in (clause.title, clause.text, *clause.readings))
        text += " ".join(say_in(part, language) for line in describe_paytable(rules)
                         for part in (line.bet, line.hand, line.pays))
        # A reading may quote its English source between quotation marks.
        assert english_left(text, language) == [] or all(
            f'"{s}' in text or f'{s}"' in text for s in english_left(text, language))


def test_the_detector_finds_the_english_rules_of_play():
    english = " ".join(c.full_text for c in describe_rules(PRESETS["sette-e-mezzo"]))
    assert len(english_left(english, "it")) > 10 and len(english_left(english, "es")) > 10
