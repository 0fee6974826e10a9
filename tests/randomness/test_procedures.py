"""Procedure models: parsing, the exact riffle table, and the regulator's question."""

from __future__ import annotations

import numpy as np
import pytest

from certification.randomness.procedures import (
    ProcedureError,
    assess_procedure,
    parse_procedure,
    riffle_tv,
    riffles_needed,
)
from certification.randomness.procedures.steps import STEPS

BAYER_DIACONIS_52 = [1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043]


def test_exact_distance_matches_bayer_and_diaconis():
    assert [round(riffle_tv(52, k), 3) for k in range(1, 11)] == BAYER_DIACONIS_52


def test_riffles_needed_for_each_deck():
    assert riffles_needed(52, 0.1) == 9
    assert riffles_needed(40, 0.1) == 9
    assert riffles_needed(36, 0.1) == 8


def test_procedures_parse_with_parameters_and_repeats():
    p = parse_procedure("wash:60, riffle*2, box:3, overhand:0.1, cut")
    assert str(p) == "wash:60,riffle,riffle,box:3,overhand:0.1,cut"
    assert parse_procedure("riffle,riffle,box,riffle,cut").riffle_runs == [2, 1]


@pytest.mark.parametrize(
    "text, message",
    [
        ("riffle,shuffle", "unknown step 'shuffle' at position 2"),
        ("riffle,,cut", "step 2 of 'riffle,,cut' is empty"),
        ("cut:3", "takes no parameter"),
        ("box:1", "out of range"),
        ("overhand:x", "not a number"),
        ("riffle*0", "repeat count"),
    ],
)
def test_bad_procedures_are_rejected_clearly(text, message):
    with pytest.raises(ProcedureError, match=message):
        parse_procedure(text)


@pytest.mark.parametrize("name", sorted(STEPS))
def test_every_step_yields_permutations(name):
    src = STEPS[name].sample(np.random.default_rng(1), 500, 40)
    assert (np.sort(src, axis=1) == np.arange(40)).all()


def test_riffle_model_matches_the_exact_rising_sequence_law():
    # One GSR riffle: P(two rising sequences) = (2^n − n − 1) / 2^n, the rest is the identity.
    src = parse_procedure("riffle").sample(np.random.default_rng(2), 20_000, 10)
    identity = (src == np.arange(10)).all(axis=1).mean()
    assert abs(identity - 11 / 1024) < 0.004


def test_the_nine_ten_eleven_procedure_is_not_enough_without_a_wash():
    result = assess_procedure(
        parse_procedure("riffle,riffle,box,riffle,cut"),
        36,
        samples=4_000,
        seed=1,
        log_shuffles=2_000,
    )
    assert not result.enough
    assert result.guess_advantage > 1.0
    assert result.battery_verdict == "fail"
    assert result.riffles_needed == 8


def test_enough_riffles_are_enough_and_seven_are_not():
    nine = assess_procedure(
        parse_procedure("riffle*9"), 52, samples=4_000, seed=2, log_shuffles=500
    )
    seven = assess_procedure(
        parse_procedure("riffle*7"), 52, samples=4_000, seed=2, log_shuffles=500
    )
    assert nine.exact_tv == pytest.approx(0.085, abs=5e-4) and nine.enough
    assert seven.exact_tv == pytest.approx(0.334, abs=5e-4) and not seven.enough


def test_assessment_is_reproducible_from_its_seed():
    p = parse_procedure("wash:30,riffle,cut")
    a = assess_procedure(p, 40, samples=1_000, seed=9, log_shuffles=300)
    b = assess_procedure(p, 40, samples=1_000, seed=9, log_shuffles=300)
    assert a == b
    assert any("wash model" in r for r in a.reasons)
