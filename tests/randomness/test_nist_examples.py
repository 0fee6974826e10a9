"""The small worked examples of SP 800-22 rev. 1a section 2."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import gammaincc

from certification.randomness.nist.basic import (
    block_frequency,
    cumulative_sums,
    frequency,
    longest_run,
    runs,
)
from certification.randomness.nist.entropy import approximate_entropy, serial
from certification.randomness.nist.linear import linear_complexities
from certification.randomness.nist.rank_fft import fft, matrix_ranks
from certification.randomness.nist.templates import TEMPLATES_9, non_overlapping_template

# The 100-bit example string the document reuses (the first 100 bits of π).
PI_100 = (
    "11001001000011111101101010100010001000010110100011"
    "00001000110100110001001100011001100010100010111000"
)


def bits(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8) - ord("0")


@pytest.mark.parametrize(
    ("test", "text", "expected"),
    [
        (frequency, "1011010101", [0.527089]),  # §2.1.4
        (frequency, PI_100, [0.109599]),  # §2.1.8
        (lambda b: block_frequency(b, 3), "0110011010", [0.801252]),  # §2.2.4
        (lambda b: block_frequency(b, 10), PI_100, [0.706438]),  # §2.2.8
        (runs, "1001101011", [0.147232]),  # §2.3.4
        (runs, PI_100, [0.500798]),  # §2.3.8
        (
            longest_run,  # §2.4.8, M = 8 is what the reference picks for n = 128
            "11001100000101010110110001001100111000000000001001001101010100010001"
            "001111010110100000001101011111001100111001101101100010110010",
            [0.180609],
        ),
        (lambda b: non_overlapping_template(b, 3, 2, [0b001]), "10100100101110010110", [0.344154]),
        (lambda b: serial(b, 3), "0011011101", [0.808792, 0.670320]),  # §2.11.4
        (lambda b: approximate_entropy(b, 3), "0100110101", [0.261961]),  # §2.12.4
        (lambda b: approximate_entropy(b, 2), PI_100, [0.235301]),  # §2.12.8
        (lambda b: cumulative_sums(b)[:1], "1011010111", [0.4116588]),  # §2.13.4
        (cumulative_sums, PI_100, [0.219194, 0.114866]),  # §2.13.8
    ],
)
def test_worked_example(test, text: str, expected: list[float]) -> None:
    assert test(bits(text)) == pytest.approx(expected, abs=1e-6)


def test_linear_complexity_of_the_section_2_10_example_is_4() -> None:
    assert linear_complexities(bits("1101011110001")[None, :]).tolist() == [4]


def test_linear_complexity_agrees_with_a_textbook_berlekamp_massey() -> None:
    rng = np.random.default_rng(7)
    blocks = rng.integers(0, 2, size=(40, 97), dtype=np.uint8)
    assert linear_complexities(blocks).tolist() == [_massey(row) for row in blocks]


def _massey(s: np.ndarray) -> int:
    c, b, length, m = [1] + [0] * len(s), [1] + [0] * len(s), 0, -1
    for n in range(len(s)):
        d = (int(s[n]) + sum(c[i] * int(s[n - i]) for i in range(1, length + 1))) % 2
        if d:
            t = c[:]
            for j in range(len(s) - n + m):
                c[j + n - m] ^= b[j]
            if length <= n // 2:
                length, m, b = n + 1 - length, n, t
    return length


def test_matrix_rank_matches_gf2_rank_on_random_matrices() -> None:
    rng = np.random.default_rng(3)
    rows = rng.integers(0, 2**32, size=(200, 32), dtype=np.uint64).astype(np.uint32)
    rows[:50, 5] = rows[:50, 3] ^ rows[:50, 7]  # force some rank deficiency
    assert matrix_ranks(rows).tolist() == [_gf2_rank(list(map(int, m))) for m in rows]


def _gf2_rank(rows: list[int]) -> int:
    rank = 0
    for bit in reversed(range(32)):
        pivot = next((r for r in rows if r >> bit & 1), None)
        if pivot is None:
            continue
        rows = [r ^ pivot if r >> bit & 1 else r for r in rows if r is not pivot]
        rank += 1
    return rank


def test_fft_follows_the_reference_not_the_printed_small_example() -> None:
    # §2.6.4 prints N1 = 4 and P = 0.029523 for "1001010011". Its five magnitudes |S_0..S_4|
    # are 0, 2, 4.47, 2, 4.47, all below T = 5.47, so the reference's count is 5 and its
    # formula gives 0.468160; the reference's behaviour is what Appendix B was computed with.
    assert fft(bits("1001010011")) == pytest.approx([0.468160], abs=1e-6)


def test_overlapping_example_of_section_2_8_is_not_self_consistent() -> None:
    # §2.8.4 prints χ² = 3.167729 and P = 0.274932 with K = 2, yet igamc(K/2, χ²/2) of that
    # χ² is 0.2052, so that example cannot serve as a known answer; Appendix B is used instead.
    assert gammaincc(1.0, 3.167729 / 2) == pytest.approx(0.2052, abs=1e-4)


def test_templates_are_the_148_aperiodic_ones_in_reference_order() -> None:
    assert len(TEMPLATES_9) == 148
    assert format(TEMPLATES_9[0], "09b") == "000000001"
    assert format(TEMPLATES_9[73], "09b") == "011111111"
    assert format(TEMPLATES_9[74], "09b") == "100000000"
    assert format(TEMPLATES_9[-1], "09b") == "111111110"
