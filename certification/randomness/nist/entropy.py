"""Universal (§2.9), ApproximateEntropy (§2.12) and Serial (§2.11)."""

from __future__ import annotations

import math

import numpy as np
from scipy.special import erfc, gammaincc

from ._stream import BitStream, NotApplicable, as_stream

# The reference's choice of block length L: the largest L whose threshold n reaches.
_UNIVERSAL_L = (
    (1_059_061_760, 16),
    (496_435_200, 15),
    (231_669_760, 14),
    (107_560_960, 13),
    (49_643_520, 12),
    (22_753_280, 11),
    (10_342_400, 10),
    (4_654_080, 9),
    (2_068_480, 8),
    (904_960, 7),
    (387_840, 6),
)
# Expected value and variance of the statistic for L = 6..16 (Maurer; the reference's tables).
_UNIVERSAL_EXPECTED = {
    6: 5.2177052,
    7: 6.1962507,
    8: 7.1836656,
    9: 8.1764248,
    10: 9.1723243,
    11: 10.170032,
    12: 11.168765,
    13: 12.168070,
    14: 13.167693,
    15: 14.167488,
    16: 15.167379,
}
_UNIVERSAL_VARIANCE = {
    6: 2.954,
    7: 3.125,
    8: 3.238,
    9: 3.311,
    10: 3.356,
    11: 3.384,
    12: 3.401,
    13: 3.410,
    14: 3.416,
    15: 3.419,
    16: 3.421,
}
UNIVERSAL_MIN_BITS = _UNIVERSAL_L[-1][0]


def universal(bits: np.ndarray | BitStream) -> list[float]:
    s = as_stream(bits)
    n = s.n
    if n < UNIVERSAL_MIN_BITS:
        raise NotApplicable(f"needs n ≥ {UNIVERSAL_MIN_BITS:,} (block length L ≥ 6)")
    block = next(length for threshold, length in _UNIVERSAL_L if n >= threshold)
    init = 10 * 2**block
    tested = n // block - init
    c = 0.7 - 0.8 / block + (4 + 32 / block) * tested ** (-3 / block) / 15
    sigma = c * math.sqrt(_UNIVERSAL_VARIANCE[block] / tested)
    total = init + tested
    weights = 1 << np.arange(block - 1, -1, -1, dtype=np.int64)
    values = s.bits[: total * block].reshape(total, block).astype(np.int64) @ weights
    distance = universal_distances(values, block)[init:]
    phi = float(np.sum(np.log(distance) / math.log(2))) / tested
    arg = abs(phi - _UNIVERSAL_EXPECTED[block]) / (math.sqrt(2) * sigma)
    return [float(erfc(arg))]


def universal_distances(values: np.ndarray, block: int) -> np.ndarray:
    """Distance from each block back to the last block with the same value.

    A value never seen before counts from position 0, as the reference's zero-initialised
    table does. Compiled, the reference's table walk; without numba, a stable sort.
    """
    from certification.compiled import HAVE_NUMBA

    if not HAVE_NUMBA:
        return sorted_distances(values)
    from ._compiled import compiled_distances

    out = np.empty(values.size, dtype=np.int64)
    compiled_distances(np.ascontiguousarray(values, dtype=np.int64), 1 << block, out)
    return out


def sorted_distances(values: np.ndarray) -> np.ndarray:
    """``universal_distances`` in numpy: a stable sort puts equal values side by side."""
    total = values.size
    position = np.arange(1, total + 1)
    order = np.argsort(values, kind="stable")
    same = values[order[1:]] == values[order[:-1]]
    previous = np.zeros(total, dtype=np.int64)
    previous[order[1:]] = np.where(same, position[order[:-1]], 0)
    return position - previous


def approximate_entropy(bits: np.ndarray | BitStream, m: int = 10) -> list[float]:
    s = as_stream(bits)
    n = s.n
    phi = []
    for size in (m, m + 1):
        if size == 0:
            phi.append(0.0)
            continue
        counts = s.pattern_counts(size)
        counts = counts[counts > 0].astype(np.float64)
        phi.append(float(np.sum(counts * np.log(counts / n))) / n)
    apen = phi[0] - phi[1]
    chi2 = 2.0 * n * (math.log(2) - apen)
    return [float(gammaincc(2.0 ** (m - 1), chi2 / 2.0))]


def _psi2(s: BitStream, m: int) -> float:
    if m <= 0:
        return 0.0
    counts = s.pattern_counts(m).astype(np.int64)
    return float(np.sum(counts * counts)) * 2.0**m / s.n - s.n


def serial(bits: np.ndarray | BitStream, m: int = 16) -> list[float]:
    """[p-value 1 (∇ψ²), p-value 2 (∇²ψ²)]."""
    s = as_stream(bits)
    psi0, psi1, psi2 = _psi2(s, m), _psi2(s, m - 1), _psi2(s, m - 2)
    del1 = psi0 - psi1
    del2 = psi0 - 2.0 * psi1 + psi2
    return [
        float(gammaincc(2.0 ** (m - 1) / 2, del1 / 2.0)),
        float(gammaincc(2.0 ** (m - 2) / 2, del2 / 2.0)),
    ]
