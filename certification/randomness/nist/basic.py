"""Frequency, BlockFrequency, CumulativeSums, Runs and LongestRun (SP 800-22 §2.1-2.4, 2.13)."""

from __future__ import annotations

import math

import numpy as np
from scipy.special import erfc, gammaincc, ndtr

from ._stream import BitStream, NotApplicable, as_stream


def frequency(bits: np.ndarray | BitStream) -> list[float]:
    s = as_stream(bits)
    s_obs = abs(2 * int(s.bits.sum()) - s.n) / math.sqrt(s.n)
    return [float(erfc(s_obs / math.sqrt(2)))]


def block_frequency(bits: np.ndarray | BitStream, block_bits: int = 128) -> list[float]:
    s = as_stream(bits)
    blocks = s.n // block_bits
    if blocks == 0:
        raise NotApplicable(f"needs n ≥ {block_bits} (one block)")
    pi = s.bits[: blocks * block_bits].reshape(blocks, block_bits).sum(axis=1) / block_bits
    chi2 = 4.0 * block_bits * float(np.sum((pi - 0.5) ** 2))
    return [float(gammaincc(blocks / 2.0, chi2 / 2.0))]


def _c_div(a: int, b: int) -> int:
    """Integer division truncating toward zero, as C does; the summation bounds depend on it."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _cusum_p(z: int, n: int) -> float:
    root_n = math.sqrt(n)
    nz = n // z
    k1 = np.arange(_c_div(-nz + 1, 4), _c_div(nz - 1, 4) + 1)
    k2 = np.arange(_c_div(-nz - 3, 4), _c_div(nz - 1, 4) + 1)
    sum1 = np.sum(ndtr((4 * k1 + 1) * z / root_n) - ndtr((4 * k1 - 1) * z / root_n))
    sum2 = np.sum(ndtr((4 * k2 + 3) * z / root_n) - ndtr((4 * k2 + 1) * z / root_n))
    return float(1.0 - sum1 + sum2)


def cumulative_sums(bits: np.ndarray | BitStream) -> list[float]:
    """[forward, backward] p-values."""
    s = as_stream(bits)
    walk = s.walk()
    sup = max(0, int(walk.max()))
    inf = min(0, int(walk.min()))
    last = int(walk[-1])
    z_forward = max(sup, -inf)
    z_backward = max(sup - last, last - inf)
    return [_cusum_p(z_forward, s.n), _cusum_p(z_backward, s.n)]


def runs(bits: np.ndarray | BitStream) -> list[float]:
    s = as_stream(bits)
    pi = int(s.bits.sum()) / s.n
    if abs(pi - 0.5) > 2.0 / math.sqrt(s.n):
        # The frequency prerequisite failed: the reference reports 0.0, so the stream
        # counts as failing Runs rather than being left out of the proportion.
        return [0.0]
    v_obs = 1 + int(np.count_nonzero(s.bits[1:] != s.bits[:-1]))
    arg = abs(v_obs - 2.0 * s.n * pi * (1 - pi)) / (2.0 * pi * (1 - pi) * math.sqrt(2 * s.n))
    return [float(erfc(arg))]


# (block length M, class values V_0..V_K, class probabilities), chosen from n as the reference does.
_LONGEST_RUN_TABLES = (
    (
        750_000,
        10_000,
        (10, 11, 12, 13, 14, 15, 16),
        (0.0882, 0.2092, 0.2483, 0.1933, 0.1208, 0.0675, 0.0727),
    ),
    (
        6272,
        128,
        (4, 5, 6, 7, 8, 9),
        (0.1174035788, 0.242955959, 0.249363483, 0.17517706, 0.102701071, 0.112398847),
    ),
    (128, 8, (1, 2, 3, 4), (0.21484375, 0.3671875, 0.23046875, 0.1875)),
)


def longest_run_per_block(bits: np.ndarray, block_bits: int) -> np.ndarray:
    blocks = bits.size // block_bits
    # A zero either side of every block: each run of ones starts and ends inside its block.
    padded = np.zeros((blocks, block_bits + 2), dtype=np.int8)
    padded[:, 1 : block_bits + 1] = bits[: blocks * block_bits].reshape(blocks, block_bits)
    edges = np.diff(padded.ravel())
    starts = np.flatnonzero(edges == 1)
    lengths = np.flatnonzero(edges == -1) - starts
    first = np.searchsorted(starts, np.arange(blocks) * (block_bits + 2))
    has_run = first < np.append(first[1:], starts.size)
    longest = np.zeros(blocks, dtype=np.int64)
    if starts.size:
        longest[has_run] = np.maximum.reduceat(lengths, first[has_run])
    return longest


def longest_run(bits: np.ndarray | BitStream) -> list[float]:
    s = as_stream(bits)
    table = next((row for row in _LONGEST_RUN_TABLES if s.n >= row[0]), None)
    if table is None:
        raise NotApplicable("needs n ≥ 128")
    _, block_bits, classes, pi = table
    longest = longest_run_per_block(s.bits, block_bits)
    k = len(classes) - 1
    nu = np.bincount(np.clip(longest, classes[0], classes[-1]) - classes[0], minlength=k + 1)
    expected = len(longest) * np.asarray(pi)
    chi2 = float(np.sum((nu - expected) ** 2 / expected))
    return [float(gammaincc(k / 2.0, chi2 / 2.0))]
