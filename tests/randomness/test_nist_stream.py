"""The stream's shared views against their plain definitions, on random and degenerate bits."""

from __future__ import annotations

import numpy as np
import pytest

from certification.randomness.nist._stream import BitStream
from certification.randomness.nist.basic import longest_run_per_block

LENGTHS = (1, 7, 16, 17, 100, 1001, 20_011)
DENSITIES = (0.0, 0.02, 0.5, 0.98, 1.0)


def bits_of(n: int, density: float, seed: int = 7) -> np.ndarray:
    return (np.random.default_rng([seed, n]).random(n) < density).astype(np.uint8)


def plain_window(bits: np.ndarray, i: int, m: int) -> int:
    cyclic = np.tile(bits, 17)  # a window of up to 16 bits may wrap more than once
    return int("".join(str(b) for b in cyclic[i : i + m]), 2)


@pytest.mark.parametrize("n", LENGTHS)
def test_windows_read_the_cyclic_bits_first_bit_most_significant(n):
    bits = bits_of(n, 0.5)
    stream = BitStream(bits)
    positions = sorted({0, n - 1, n // 2, max(n - 16, 0)})
    for m in (16, 9, 1):
        windows = stream.windows(m)
        assert windows.size == n
        assert [int(windows[i]) for i in positions] == [plain_window(bits, i, m) for i in positions]
    shifted = BitStream(bits)
    # The packed-byte path for sixteen bits against the one-shift-per-bit path for seventeen.
    assert (shifted.windows(17) >> np.uint32(1) == stream.windows(16)).all()


@pytest.mark.parametrize("density", DENSITIES)
@pytest.mark.parametrize("m", (1, 2, 10, 11, 14, 15, 16))
def test_pattern_counts_fold_from_the_widest_window(m, density):
    bits = bits_of(5003, density)
    stream = BitStream(bits)
    direct = np.bincount(BitStream(bits).windows(m), minlength=1 << m)
    counts = stream.pattern_counts(m)
    assert counts.sum() == bits.size
    assert (counts == direct).all()


def plain_longest_runs(bits: np.ndarray, block_bits: int) -> list[int]:
    found = []
    for b in range(bits.size // block_bits):
        best = run = 0
        for bit in bits[b * block_bits : (b + 1) * block_bits]:
            run = run + 1 if bit else 0
            best = max(best, run)
        found.append(best)
    return found


@pytest.mark.parametrize("density", DENSITIES)
@pytest.mark.parametrize(("n", "block_bits"), [(1000, 8), (6300, 128), (40_000, 10_000)])
def test_longest_run_per_block(n, block_bits, density):
    bits = bits_of(n, density)
    assert longest_run_per_block(bits, block_bits).tolist() == plain_longest_runs(bits, block_bits)


def test_walk_near_origin_is_every_partial_sum_within_nine():
    bits = bits_of(20_011, 0.5)
    walk = np.cumsum(2 * bits.astype(np.int64) - 1)
    positions, values = BitStream(bits).walk_near_origin()
    assert positions.tolist() == np.flatnonzero(np.abs(walk) <= 9).tolist()
    assert values.tolist() == walk[positions].tolist()
