"""LinearComplexity (§2.10): Berlekamp–Massey on every block.

The battery spends most of its time here. Compiled (``_compiled.py``), each block
runs its own loop over eight machine words; without numba, every block advances in
lockstep through numpy. Both compute exactly the same complexities.
"""

from __future__ import annotations

import numpy as np
from scipy.special import gammaincc

from ._stream import BitStream, NotApplicable, as_stream

# Class probabilities for T, as rounded in the reference (SP 800-22 §3.10 prints more digits).
_CLASS_PROBABILITY = (0.01047, 0.03125, 0.12500, 0.50000, 0.25000, 0.06250, 0.020833)
_ONE = np.uint64(1)
_TOP = np.uint64(63)


def _shift_up(words: np.ndarray) -> np.ndarray:
    """Multiply each row's polynomial by x; row word 0 holds coefficients 0..63."""
    out = words << _ONE
    out[:, 1:] |= words[:, :-1] >> _TOP
    return out


def linear_complexities(blocks: np.ndarray) -> np.ndarray:
    """Linear complexity of every row of a (count, M) 0/1 array."""
    # Imported here, not at the top: the web process reads bit files through this package
    # and must not pay for loading numba.
    from certification.compiled import HAVE_NUMBA

    if not HAVE_NUMBA:
        return lockstep_complexities(blocks)
    from ._compiled import compiled_complexities

    blocks = np.ascontiguousarray(blocks, dtype=np.uint8)
    out = np.empty(blocks.shape[0], dtype=np.int64)
    compiled_complexities(blocks, out)
    return out


def lockstep_complexities(blocks: np.ndarray) -> np.ndarray:
    """Linear complexity of every row of a (count, M) 0/1 array, in numpy.

    Massey's update C += B·x^(N-m) needs a per-block shift. Keeping D = B·x^(N-m) instead, every
    block's D moves up by exactly one place per step, so all blocks advance in lockstep.
    """
    count, length = blocks.shape
    words = (length + 1 + 63) // 64
    c = np.zeros((count, words), dtype=np.uint64)
    c[:, 0] = 1
    d = np.zeros_like(c)
    d[:, 0] = 2
    history = np.zeros_like(c)
    complexity = np.zeros(count, dtype=np.int64)
    columns = blocks.astype(np.uint64).T
    for step in range(length):
        history = _shift_up(history)
        history[:, 0] |= columns[step]
        odd = (np.bitwise_count(c & history).sum(axis=1) & 1).astype(bool)
        grow = odd & (complexity <= step // 2)
        next_d = np.where(grow[:, None], _shift_up(c), _shift_up(d))
        c = np.where(odd[:, None], c ^ d, c)
        d = next_d
        complexity = np.where(grow, step + 1 - complexity, complexity)
    return complexity


def linear_complexity(bits: np.ndarray | BitStream, block_bits: int = 500) -> list[float]:
    s = as_stream(bits)
    count = s.n // block_bits
    if count == 0:
        raise NotApplicable(f"needs n ≥ {block_bits} (one block)")
    complexity = linear_complexities(s.bits[: count * block_bits].reshape(count, block_bits))
    sign = -1 if (block_bits + 1) % 2 == 0 else 1
    mean = (
        block_bits / 2.0
        + (9.0 + sign) / 36.0
        - 1.0 / 2.0**block_bits * (block_bits / 3.0 + 2.0 / 9.0)
    )
    sign = 1 if block_bits % 2 == 0 else -1
    t = sign * (complexity - mean) + 2.0 / 9.0
    # Class edges at ±2.5, ±1.5, ±0.5, closed on the right as in the reference.
    nu = np.bincount(
        np.searchsorted([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5], t, side="left"), minlength=7
    )
    expected = count * np.asarray(_CLASS_PROBABILITY)
    chi2 = float(np.sum((nu - expected) ** 2 / expected))
    return [float(gammaincc(3.0, chi2 / 2.0))]
