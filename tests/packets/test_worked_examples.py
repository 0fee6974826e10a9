"""Every worked example settles as the exact engine says, for each preset and each optional rule."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from casino.rules import PRESETS
from certification.odds.analysis import analyze
from certification.odds.examples import Example, Missing, outcome_of, worked_examples

SIETE, SETTE, HOME = PRESETS["siete-y-media"], PRESETS["sette-e-mezzo"], PRESETS["seven-half-home"]
OPTIONAL_RULES = {
    "siete-y-media with fours exchanged": replace(SIETE, four_exchange_max=4),
    "siete-y-media with shooting a seven": replace(SIETE, shoot_seven=True),
    "siete-y-media with opening": replace(SIETE, split_figures=True, max_splits=1),
    "sette-e-mezzo with shooting a seven": replace(
        SETTE, shoot_seven=True, payouts=replace(SETTE.payouts, shoot_seven=Fraction(4))),
    "home version with opening": replace(HOME, split_figures=True, max_splits=1),
    "9-10-11 without switching": replace(PRESETS["nine-ten-eleven"], switch_allowed=False),
    "9-10-11 bonus on the final hands": replace(PRESETS["nine-ten-eleven"], bonus_on="final_hands"),
}
VARIANTS = {**PRESETS, **OPTIONAL_RULES}


@pytest.fixture(scope="module", params=list(VARIANTS))
def analysed(request):
    rules = VARIANTS[request.param]
    result = analyze(rules, request.param)
    return request.param, rules, result, worked_examples(rules, result)


def test_each_example_net_is_an_outcome_the_exact_engine_gives_positive_probability(analysed):
    name, _, result, examples = analysed
    assert examples.examples, name
    for example in examples.examples:
        table = result.bets[example.bet].outcomes
        assert table.get(example.net, 0) > 0, (name, example.feature, example.outcome, example.net)
        assert outcome_of(example.net) == example.outcome
        assert example.steps and example.cards


def test_every_bet_and_rule_in_force_has_a_win_a_loss_and_a_push_or_says_why_not(analysed):
    name, _, result, examples = analysed
    for bet in examples.bets:
        for feature in examples.features:
            found = [examples.find(bet, feature, o) for o in ("win", "loss", "push")]
            if not any(found):
                continue  # this feature is not a rule of this bet
            for outcome, item in zip(("win", "loss", "push"), found, strict=True):
                assert item is not None, (name, bet, feature, outcome)
                if isinstance(item, Missing):
                    assert item.reason, (name, bet, feature, outcome)
                    # Only genuinely impossible endings go without an example.
                    assert "not reached" not in item.reason, (name, bet, feature, outcome, item.reason)


def test_the_optional_rule_itself_appears_in_its_examples():
    expected = {"siete-y-media with fours exchanged": "exchange",
                "siete-y-media with shooting a seven": "shoot",
                "siete-y-media with opening": "opening", "home version with opening": "opening",
                "sette-e-mezzo with shooting a seven": "shoot"}
    for name, feature in expected.items():
        rules = VARIANTS[name]
        examples = worked_examples(rules, analyze(rules, name))
        shown = [e for e in examples.examples if e.feature == feature]
        assert {e.outcome for e in shown} >= {"win", "loss"}, name


def test_a_variant_where_the_bank_wins_ties_has_no_push_and_says_so():
    examples = worked_examples(SETTE, analyze(SETTE, "sette"))
    push = examples.find("main", "play", "push")
    assert isinstance(push, Missing) and "bank wins equal totals" in push.reason
    assert not [e for e in examples.examples if e.outcome == "push"]


def test_a_first_card_king_of_diamonds_is_paid_the_paytable_amount():
    casino = PRESETS["seven-half-casino"]
    examples = worked_examples(casino, analyze(casino, "casino"))
    paid = examples.find("main", "kd_first_card", "win")
    assert isinstance(paid, Example) and paid.cards[0] == "KD"
    assert paid.net == casino.payouts.kd_first_card


def test_the_examples_are_the_same_every_time():
    first = worked_examples(SETTE, analyze(SETTE, "sette"))
    second = worked_examples(SETTE, analyze(SETTE, "sette"))
    assert [e.cards for e in first.examples] == [e.cards for e in second.examples]
