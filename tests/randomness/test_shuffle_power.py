"""The detectable-effect figures agree with what the battery actually catches."""

from __future__ import annotations

import numpy as np
import pytest

from casino.rules.cards import deck_for_size
from certification.randomness.shuffles import ShuffleLog, run_battery
from certification.randomness.shuffles.defects import sticky_bottom
from certification.randomness.shuffles.permutations import chain
from certification.randomness.shuffles.power import detectable_effects


def test_effects_shrink_with_more_shuffles():
    small = detectable_effects(1_000, 40, 12)
    large = detectable_effects(100_000, 40, 12)
    for name, effect in small.items():
        assert large[name].value < effect.value, name


def test_ten_thousand_shuffles_catch_the_stated_defects():
    effects = detectable_effects(10_000, 40, 12)
    assert effects["displacement_max_cell"].value < 0.02  # a 2% sticking bottom card
    assert effects["adjacent_pairs_kept"].value < 0.01  # 1% glued neighbours
    assert effects["order_repeats"].value < 0.05  # 5% repeats
    assert effects["position_correlation"].value < 0.05


@pytest.mark.parametrize("q, caught", [(0.006, False), (0.03, True)])
def test_sticking_just_above_the_detectable_size_is_caught(q, caught):
    effect = detectable_effects(10_000, 40, 12)["displacement_max_cell"].value
    assert (q > effect) == caught
    rng = np.random.default_rng(11)
    orders = chain(sticky_bottom(rng, 10_000, 40, q=q), np.arange(40))
    log = ShuffleLog(ids=np.arange(10_000), orders=orders, deck=deck_for_size(40), deck_size=40)
    result = run_battery(log)
    cell = next(t for t in result.tests if t.name == "displacement_max_cell")
    assert cell.flagged == caught
