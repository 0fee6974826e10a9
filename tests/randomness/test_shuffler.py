"""The built-in shuffler: unbiased draws, full entropy, logs that pass the battery."""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from certification.randomness.shuffler import (
    entropy_bits,
    shuffle,
    shuffle_permutations,
    uniform_below,
    write_shuffle_log,
)
from certification.randomness.shuffles import read_shuffle_log, run_battery


def test_entropy_per_shuffle():
    assert round(entropy_bits(40), 1) == 159.2
    assert math.isclose(entropy_bits(52), math.log2(math.factorial(52)))


def test_draws_are_uniform_even_for_awkward_ranges():
    # 3·2^30 leaves a third of 32-bit words over; modulo would favour the low two thirds.
    bound = 3 * 2**30
    draws = uniform_below(np.full(30_000, bound))
    low = (draws < 2**31).mean()
    assert abs(low - 2 / 3) < 0.015
    assert draws.min() >= 0 and draws.max() < bound


def test_small_ranges_are_uniform():
    draws = uniform_below(np.full(60_000, 6))
    assert stats.chisquare(np.bincount(draws, minlength=6)).pvalue > 1e-4


def test_shuffles_are_permutations_and_keep_the_cards():
    perms = shuffle_permutations(200, 40)
    assert (np.sort(perms, axis=1) == np.arange(40)).all()
    cards = list("abcdef")
    assert sorted(shuffle(cards)) == cards


def test_written_log_reads_back_and_passes():
    log = read_shuffle_log(write_shuffle_log(3_000, 40))
    assert log.shuffles == 3_000 and log.deck_size == 40
    # The OS stream is not seeded: a strict alpha keeps a chance failure near 1 in 1,000.
    assert run_battery(log, alpha=0.001).verdict == "pass"
