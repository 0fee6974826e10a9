"""The compiled loops (Berlekamp-Massey, 32x32 ranks, Universal's distances) against the
numpy versions they replaced."""

import gzip
from pathlib import Path
from unittest import mock

import numpy as np
import pytest

from certification.randomness.nist import entropy, linear, rank_fft, read_bits, run_battery
from certification.randomness.nist.entropy import sorted_distances, universal_distances
from certification.randomness.nist.linear import linear_complexities, lockstep_complexities
from certification.randomness.nist.rank_fft import lockstep_ranks, matrix_ranks

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("length", [1, 13, 63, 64, 65, 127, 128, 500, 1000, 5000])
def test_compiled_and_lockstep_complexities_agree(length):
    rng = np.random.default_rng(length)
    blocks = rng.integers(0, 2, (64, length), dtype=np.uint8)
    # Structured rows too: all zeros, all ones, one set bit, a short period.
    blocks[0] = 0
    blocks[1] = 1
    blocks[2] = 0
    blocks[2, -1] = 1
    blocks[3] = np.resize([1, 0, 0, 1, 1], length)
    assert linear_complexities(blocks).tolist() == lockstep_complexities(blocks).tolist()


def test_the_section_2_10_example_both_ways():
    example = np.array([[int(c) for c in "1101011110001"]], dtype=np.uint8)
    assert linear_complexities(example).tolist() == lockstep_complexities(example).tolist() == [4]


def test_compiled_and_lockstep_ranks_agree():
    rng = np.random.default_rng(32)
    rows = rng.integers(0, 2**32, (2000, 32), dtype=np.uint64).astype(np.uint32)
    # Low ranks too: repeated halves, empty and sparse matrices, narrow columns.
    rows[:200, 16:] = rows[:200, :16]
    rows[200:400] &= np.uint32(0x0000FFFF)
    rows[400:600] = 0
    rows[600:800] &= np.uint32(0x80000001)
    rows[800:1000, 1:] = rows[800:1000, :1]
    ranks = matrix_ranks(rows)
    assert ranks.tolist() == lockstep_ranks(rows).tolist()
    assert set(ranks.tolist()) >= {0, 1, 2, 16, 30, 31, 32}


@pytest.mark.parametrize("block", [2, 6, 7, 16])
def test_compiled_and_sorted_universal_distances_agree(block):
    rng = np.random.default_rng(block)
    values = rng.integers(0, 1 << block, 50_000)
    values[:100] = 0  # runs of one value, and values never repeated
    assert universal_distances(values, block).tolist() == sorted_distances(values).tolist()


def test_the_battery_gives_the_same_p_values_both_ways():
    bits = read_bits(gzip.decompress((DATA / "e.bits.gz").read_bytes()), "binary")
    compiled = run_battery(bits)
    with mock.patch.object(linear, "linear_complexities", linear.lockstep_complexities), \
            mock.patch.object(rank_fft, "matrix_ranks", rank_fft.lockstep_ranks), \
            mock.patch.object(entropy, "universal_distances",
                              lambda values, block: entropy.sorted_distances(values)):
        assert run_battery(bits) == compiled
