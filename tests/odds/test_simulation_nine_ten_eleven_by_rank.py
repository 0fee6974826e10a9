"""The by-rank 9-10-11 kernel against the card-moving one, round by round on the same words.

Both deal six cards and roll the die up front from the same stream, so on the same seed
they must play every round alike: the histograms are compared exactly, over several calls
(the deck and the word buffer carried between them), for the preset and every option that
changes the tables, the deck size (and with it the word schedule) or the strategy.
"""

import dataclasses

import numpy as np
import pytest

from casino.rules import PRESETS, with_overrides
from certification.odds.simulation import SimulationSpec, build_plan
from certification.odds.simulation.nine_ten_eleven import fresh_words
from certification.odds.simulation.plans import Plan
from certification.odds.simulation.stream import BUDGET
from tests.odds.kernel_support import played

NTE = PRESETS["nine-ten-eleven"]
VARIANTS = {
    "preset": (NTE, "optimal"),
    "house way": (NTE, "house"),
    "two decks": (with_overrides(NTE, ["decks=2"]), "optimal"),
    "eight decks (the die needs a word of its own)": (with_overrides(NTE, ["decks=8"]), "optimal"),
    "no switch": (with_overrides(NTE, ["switch_allowed=false"]), "optimal"),
    "no buy": (with_overrides(NTE, ["buy_allowed=false"]), "optimal"),
    "other die and dice-match pay": (
        with_overrides(NTE, ['die_faces=[9, 10, 10, 11, 11, "WIN"]', "payouts.dice_match=4"]),
        "optimal"),
    "final-hands bonus without a switch": (
        with_overrides(NTE, ["bonus_on=final_hands", "switch_allowed=false"]), "optimal"),
}


@pytest.mark.parametrize("label", list(VARIANTS))
def test_the_by_rank_kernel_plays_every_round_as_the_card_kernel(label):
    rules, strategy = VARIANTS[label]
    plan = build_plan(SimulationSpec(rules, rounds=1, seed=0, strategy=strategy))
    assert plan.kernel == "nine_ten_eleven"
    cards = Plan(plan.rules, dataclasses.replace(plan.tables, switched=None))
    assert cards.kernel == "nine_ten_eleven_cards"
    calls = [1, 1, 4093, 50_000, 145_905]
    by_rank, by_cards = played(plan, 13, calls), played(cards, 13, calls)
    assert by_rank.sum(axis=1).tolist() == [sum(calls)] * 3
    assert np.array_equal(by_rank, by_cards)


def test_a_final_hands_bonus_with_a_switch_moves_the_cards():
    rules = with_overrides(NTE, ["bonus_on=final_hands"])
    assert build_plan(SimulationSpec(rules, rounds=1, seed=0)).kernel == "nine_ten_eleven_cards"


@pytest.mark.parametrize("cards", [36, 72, 288])
def test_the_word_schedule_is_the_one_draw_follows(cards):
    fresh = fresh_words(cards, 6)
    budget, expected = BUDGET, []
    for size in [cards - i for i in range(6)] + [6]:
        expected.append(budget * size > BUDGET)
        budget = size if expected[-1] else budget * size
    assert fresh.tolist() == expected and fresh[0]
