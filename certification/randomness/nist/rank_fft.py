"""Rank (32×32 binary matrices, §2.5) and FFT (spectral, §2.6)."""

from __future__ import annotations

import math

import numpy as np
from scipy.special import erfc

from ._stream import BitStream, NotApplicable, as_stream

_SIDE = 32
# SP 800-22 §2.5.7 asks for at least 38 matrices for the chi-square to hold.
_MIN_MATRICES = 38


def _rank_probability(r: int) -> float:
    # Same product, in the same order, as the reference, so the chi-square matches it bit for bit.
    product = 1.0
    for i in range(r):
        product *= ((1.0 - 2.0 ** (i - _SIDE)) * (1.0 - 2.0 ** (i - _SIDE))) / (
            1.0 - 2.0 ** (i - r)
        )
    return 2.0 ** (r * (_SIDE + _SIDE - r) - _SIDE * _SIDE) * product


def _swap(a: np.ndarray, need: np.ndarray, i: int, other: np.ndarray) -> None:
    rows = np.flatnonzero(need)
    partner = other[rows]
    kept = a[rows, i].copy()
    a[rows, i] = a[rows, partner]
    a[rows, partner] = kept


def matrix_ranks(rows: np.ndarray) -> np.ndarray:
    """Ranks of (N, 32) matrices whose rows are uint32, column 0 in the top bit."""
    # Imported here: the web process reads bit files through this package without numba.
    from certification.compiled import HAVE_NUMBA

    if not HAVE_NUMBA:
        return lockstep_ranks(rows)
    from ._compiled import compiled_ranks

    rows = np.ascontiguousarray(rows, dtype=np.uint32)
    out = np.empty(rows.shape[0], dtype=np.int64)
    compiled_ranks(rows, out)
    return out


def lockstep_ranks(rows: np.ndarray) -> np.ndarray:
    """Ranks of (N, 32) uint32 matrices, all matrices at once in numpy (``matrix_ranks``).

    This replays the reference's elimination step for step (forward pass without column
    skipping, then a backward pass that may swap a row upward) across all matrices at once,
    and counts the nonzero rows as it does; a textbook rank can differ on rare matrices.
    """
    a = rows.astype(np.uint32, copy=True)
    for i in range(_SIDE - 1):
        bit = np.uint32(1 << (_SIDE - 1 - i))
        below = (a[:, i + 1 :] & bit) != 0
        has = (a[:, i] & bit) != 0
        need = ~has & below.any(axis=1)
        if need.any():
            _swap(a, need, i, below.argmax(axis=1) + i + 1)
        pivot = has | need
        hit = ((a[:, i + 1 :] & bit) != 0) & pivot[:, None]
        a[:, i + 1 :] ^= np.where(hit, a[:, i : i + 1], np.uint32(0))
    for i in range(_SIDE - 1, 0, -1):
        bit = np.uint32(1 << (_SIDE - 1 - i))
        above = (a[:, :i] & bit) != 0
        has = (a[:, i] & bit) != 0
        need = ~has & above.any(axis=1)
        if need.any():
            _swap(a, need, i, i - 1 - above[:, ::-1].argmax(axis=1))
        pivot = has | need
        hit = ((a[:, :i] & bit) != 0) & pivot[:, None]
        a[:, :i] ^= np.where(hit, a[:, i : i + 1], np.uint32(0))
    return np.count_nonzero(a, axis=1)


def rank(bits: np.ndarray | BitStream) -> list[float]:
    s = as_stream(bits)
    count = s.n // (_SIDE * _SIDE)
    if count < _MIN_MATRICES:
        raise NotApplicable(f"needs n ≥ {_MIN_MATRICES * _SIDE * _SIDE} ({_MIN_MATRICES} matrices)")
    packed = np.packbits(s.bits[: count * _SIDE * _SIDE].reshape(count * _SIDE, _SIDE), axis=1)
    rows = packed.view(">u4").reshape(count, _SIDE)
    ranks = matrix_ranks(rows)
    p32, p31 = _rank_probability(32), _rank_probability(31)
    p30 = 1 - (p32 + p31)
    f32 = int(np.count_nonzero(ranks == 32))
    f31 = int(np.count_nonzero(ranks == 31))
    f30 = count - (f32 + f31)
    chi2 = (
        (f32 - count * p32) ** 2 / (count * p32)
        + (f31 - count * p31) ** 2 / (count * p31)
        + (f30 - count * p30) ** 2 / (count * p30)
    )
    return [math.exp(-chi2 / 2.0)]


# sqrt(log(1/0.05) * n) bounds 95 % of the peaks; the reference spells log(20) to 10 digits.
_PEAK_LOG = 2.995732274


def fft(bits: np.ndarray | BitStream) -> list[float]:
    s = as_stream(bits)
    n = s.n
    x = s.bits.astype(np.float64)
    x *= 2.0
    x -= 1.0
    # The reference's count runs over the first n/2 magnitudes, the constant term included.
    magnitudes = np.abs(np.fft.rfft(x)[: n // 2])
    below = int(np.count_nonzero(magnitudes < math.sqrt(_PEAK_LOG * n)))
    expected = 0.95 * n / 2.0
    d = (below - expected) / math.sqrt(n / 4.0 * 0.95 * 0.05)
    return [float(erfc(abs(d) / math.sqrt(2.0)))]
