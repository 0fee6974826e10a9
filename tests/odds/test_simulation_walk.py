"""The table-walk kernel against the general one, round by round on the same words.

Both deal a round's first seven cards up front and every later card one at a time from
the same stream, so on the same seed they must play every round alike: the histograms
are compared exactly, over several calls (the deck and the word buffer carried between
them), for every preset the walk plays and the options that change its tables or send
rounds down its slow path (long hands dealt past the seventh card).
"""

import numpy as np
import pytest

from casino.rules import PRESETS, with_overrides
from certification.odds.simulation import SimulationSpec, build_plan
from certification.odds.simulation.plans import Plan
from tests.odds.kernel_support import played

HOME, SETTE, SIETE = PRESETS["seven-half-home"], PRESETS["sette-e-mezzo"], PRESETS["siete-y-media"]
CASINO = PRESETS["seven-half-casino"]
VARIANTS = {
    "seven-half-home": (HOME, "optimal"),
    "sette-e-mezzo": (SETTE, "optimal"),
    "siete-y-media": (SIETE, "optimal"),
    "exchanges of a four, up to three": (with_overrides(SIETE, ["four_exchange_max=3"]), "optimal"),
    "exchange, hidden upcard, wild matta": (SETTE, "house"),
    "king of diamonds first, fold and final bet, unlimited draws": (
        with_overrides(CASINO, ["player_max_cards=null", "dealer_max_cards=null"]), "optimal"),
    "wild matta, upcard shown": (with_overrides(HOME, ["special_card=wild"]), "optimal"),
    "dealer must reach 7 1/2, ties push": (with_overrides(SIETE, ["ties=push"]), "dealer"),
    "dealer's natural collects, upcard shown": (
        with_overrides(SETTE, ["dealer_upcard_visible=true"]), "optimal"),
    "card limits": (with_overrides(HOME, ["player_max_cards=4", "dealer_max_cards=3"]), "optimal"),
    "long hands (dealer stands at 7 1/2)": (with_overrides(SIETE, ["dealer_stands_at=15/2"]), "house"),
    "two decks": (with_overrides(SIETE, ["decks=2"]), "optimal"),
}


@pytest.mark.parametrize("label", list(VARIANTS))
def test_the_walk_plays_every_round_as_the_general_kernel(label):
    rules, strategy = VARIANTS[label]
    plan = build_plan(SimulationSpec(rules, rounds=1, seed=0, strategy=strategy))
    assert plan.kernel == "seven_half_walk"
    general = Plan(plan.rules, plan.tables, None, None)
    assert general.kernel == "seven_half"
    calls = [1, 7000, 50_000, 143_000]
    walked, general_hist = played(plan, 11, calls), played(general, 11, calls)
    assert walked.sum() == sum(calls)
    assert np.array_equal(walked, general_hist)


def test_shots_openings_and_large_shoes_keep_the_general_kernel():
    for overrides in (["shoot_seven=true"], ["split_figures=true", "max_splits=1"], ["decks=3"]):
        plan = build_plan(SimulationSpec(with_overrides(SIETE, overrides), rounds=1, seed=0,
                                         strategy="house"))
        assert plan.kernel == "seven_half", overrides
