"""The compiled Berlekamp-Massey loop against the numpy lockstep one it replaced."""

import numpy as np
import pytest

from certification.randomness.nist.linear import linear_complexities, lockstep_complexities


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
