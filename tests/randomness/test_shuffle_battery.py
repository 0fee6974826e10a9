"""The battery flags each classic defect at its stated size and passes good shufflers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from casino.rules.cards import deck_for_size
from certification.randomness.shuffles import format_shuffle_log, read_shuffle_log, run_battery
from certification.randomness.shuffles.battery import holm
from certification.randomness.shuffles.defects import DEFECTS, defective_log, repeats_previous
from certification.randomness.shuffles.permutations import chain

# Stated sample sizes (40 cards): each defect is caught at this size; see the power table.
SIZES = {
    "three_riffles": 1_000,
    "naive_swap": 1_000,
    "sattolo": 1_000,
    "byte_modulo": 10_000,
    "sticky_bottom": 10_000,
    "glued_neighbours": 2_000,
    "repeats_previous": 1_000,
}


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_each_defect_is_flagged_at_its_stated_size(defect):
    result = run_battery(defective_log(defect, SIZES[defect], 40, seed=2024))
    assert result.verdict == "fail"
    assert min(t.p_value for t in result.tests if t.flagged) < 1e-4


@pytest.mark.parametrize("size", [36, 40, 52])
def test_a_uniform_shuffler_passes(size):
    result = run_battery(defective_log("uniform", 5_000, size, seed=size))
    assert result.verdict == "pass", [(t.name, t.p_value) for t in result.tests]
    assert result.position_counts.shape == (size, size)
    assert result.position_counts.sum() == 5_000 * size


def test_json_has_the_promised_shape():
    result = run_battery(defective_log("sattolo", 500, 40, seed=1))
    data = json.loads(result.to_json())
    assert data["shuffles"] == 500 and data["deck_size"] == 40 and data["alpha"] == 0.01
    assert data["verdict"] == "fail"
    by_name = {t["name"]: t for t in data["tests"]}
    assert by_name["cycles"]["flagged"] and by_name["fixed_points"]["flagged"]
    assert {"statistic", "p_value", "flagged", "sensitive_to", "detectable_effect"} <= set(
        by_name["cycles"]
    )


def test_a_shoe_is_tested_by_card_type():
    rng = np.random.default_rng(3)
    deck = deck_for_size(80)
    good = read_shuffle_log(
        format_shuffle_log(
            chain(rng.permuted(np.tile(np.arange(80), (2_000, 1)), axis=1), np.arange(80)), deck
        )
    )
    assert run_battery(good).verdict == "pass"
    stuck = read_shuffle_log(
        format_shuffle_log(chain(repeats_previous(rng, 2_000, 80), np.arange(80)), deck)
    )
    result = run_battery(stuck)
    assert result.verdict == "fail" and result.notes


def test_holm_steps_down():
    assert holm([0.001, 0.02, 0.004], 0.01) == [True, False, True]
    assert holm([0.02, 0.5], 0.01) == [False, False]


def test_battery_rejects_tiny_logs_and_bad_alpha():
    log = defective_log("uniform", 2, 40)
    with pytest.raises(ValueError, match="at least 3"):
        run_battery(log)
    with pytest.raises(ValueError, match="alpha"):
        run_battery(defective_log("uniform", 10, 40), alpha=1.5)
