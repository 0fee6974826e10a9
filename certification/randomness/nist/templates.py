"""NonOverlappingTemplate (§2.7) and OverlappingTemplate (§2.8)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.special import gammaincc, gammaln

from ._stream import BitStream, NotApplicable, as_stream


def aperiodic_templates(m: int) -> tuple[int, ...]:
    """Templates of m bits that cannot overlap a shifted copy of themselves, in ascending order.

    Ascending order is the order of the reference's templates/template9 file (148 entries for
    m = 9), so p-value i here is p-value i there.
    """
    found = []
    for value in range(1 << m):
        text = format(value, f"0{m}b")
        if all(text[k:] != text[: m - k] for k in range(1, m)):
            found.append(value)
    return tuple(found)


TEMPLATES_9 = aperiodic_templates(9)


def _block_window_counts(s: BitStream, m: int, block_bits: int, blocks: int) -> np.ndarray:
    """(blocks, 2**m) counts of each m-bit pattern over the windows lying inside each block."""
    windows = s.windows(m)[: blocks * block_bits].reshape(blocks, block_bits)[
        :, : block_bits - m + 1
    ]
    offsets = (np.arange(blocks, dtype=np.int64) << m)[:, None]
    counts = np.bincount((windows + offsets).ravel(), minlength=blocks << m)
    return counts.reshape(blocks, 1 << m)


def non_overlapping_template(
    bits: np.ndarray | BitStream,
    m: int = 9,
    blocks: int = 8,
    templates: Sequence[int] | None = None,
) -> list[float]:
    """One p-value per template (templates as integers, first bit most significant).

    The reference counts a match at every position; for an aperiodic template two matches can
    never overlap, so that equals the standard's skip-ahead count.
    """
    s = as_stream(bits)
    chosen = TEMPLATES_9 if templates is None and m == 9 else templates
    if chosen is None:
        chosen = aperiodic_templates(m)
    block_bits = s.n // blocks
    lam = (block_bits - m + 1) / 2.0**m
    if lam <= 0:
        raise NotApplicable(f"needs n ≥ {blocks * m} ({blocks} blocks of at least {m} bits)")
    var = block_bits * (1.0 / 2.0**m - (2.0 * m - 1.0) / 2.0 ** (2.0 * m))
    w = _block_window_counts(s, m, block_bits, blocks)[:, np.asarray(chosen)]
    chi2 = np.sum(((w - lam) / var**0.5) ** 2, axis=0)
    return [float(p) for p in gammaincc(blocks / 2.0, chi2 / 2.0)]


def overlapping_probabilities(block_bits: int, m: int, classes: int) -> np.ndarray:
    """Class probabilities as the reference computes them at run time (its Pr function).

    These differ from the more exact values printed in SP 800-22 §3.8; the reference's own
    numbers are what its published results were computed with, so they are used here.
    """
    eta = (block_bits - m + 1) / 2.0**m / 2.0
    pi = np.empty(classes + 1)
    for u in range(classes):
        if u == 0:
            pi[u] = np.exp(-eta)
        else:
            terms = [
                np.exp(
                    -eta
                    - u * np.log(2)
                    + j * np.log(eta)
                    - gammaln(j + 1)
                    + gammaln(u)
                    - gammaln(j)
                    - gammaln(u - j + 1)
                )
                for j in range(1, u + 1)
            ]
            pi[u] = sum(terms)
    # Summed left to right like the reference, so the last class matches it to the last bit.
    pi[classes] = 1 - sum(pi[:classes].tolist())
    return pi


def overlapping_template(
    bits: np.ndarray | BitStream, m: int = 9, block_bits: int = 1032, classes: int = 5
) -> list[float]:
    s = as_stream(bits)
    blocks = s.n // block_bits
    if blocks == 0:
        raise NotApplicable(f"needs n ≥ {block_bits} (one block)")
    pi = overlapping_probabilities(block_bits, m, classes)
    ones = (1 << m) - 1
    windows = s.windows(m)[: blocks * block_bits].reshape(blocks, block_bits)[
        :, : block_bits - m + 1
    ]
    hits = np.count_nonzero(windows == ones, axis=1)
    nu = np.bincount(np.minimum(hits, classes), minlength=classes + 1)
    chi2 = float(np.sum((nu - blocks * pi) ** 2 / (blocks * pi)))
    return [float(gammaincc(classes / 2.0, chi2 / 2.0))]
