"""The fifteen tests with their standard parameters, run on one stream."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from ._stream import BitStream, NotApplicable
from .basic import block_frequency, cumulative_sums, frequency, longest_run, runs
from .entropy import (
    UNIVERSAL_MIN_BITS,
    approximate_entropy,
    serial,
    universal,
    universal_distances,
)
from .excursions import random_excursions, random_excursions_variant
from .linear import linear_complexities, linear_complexity
from .rank_fft import fft, matrix_ranks, rank
from .reading import MIN_STREAM_BITS, NistInputError
from .templates import non_overlapping_template, overlapping_probabilities, overlapping_template

Test = Callable[[BitStream], list[float]]

# In the reference's order and with its names; each entry is the test at standard parameters.
TESTS: dict[str, Test] = {
    "Frequency": frequency,
    "BlockFrequency": block_frequency,
    "CumulativeSums": cumulative_sums,
    "Runs": runs,
    "LongestRun": longest_run,
    "Rank": rank,
    "FFT": fft,
    "NonOverlappingTemplate": non_overlapping_template,
    "OverlappingTemplate": overlapping_template,
    "Universal": universal,
    "ApproximateEntropy": approximate_entropy,
    "RandomExcursions": random_excursions,
    "RandomExcursionsVariant": random_excursions_variant,
    "Serial": serial,
    "LinearComplexity": linear_complexity,
}
TEST_NAMES = tuple(TESTS)


def _overlapping_min_bits() -> int:
    # Five expected blocks in the rarest class keeps the chi-square approximation honest.
    pi = overlapping_probabilities(1032, 9, 5)
    return int(np.ceil(5.0 / pi.min())) * 1032


# Input sizes below which SP 800-22 says a test's statistic is not to be trusted, where the
# reference itself would still compute something (§2.x.7 "input size recommendation").
MIN_BITS: dict[str, tuple[int, str]] = {
    "Rank": (38 * 1024, "38 matrices of 32×32"),
    "OverlappingTemplate": (_overlapping_min_bits(), "5 expected blocks per class"),
    "Universal": (UNIVERSAL_MIN_BITS, "block length L ≥ 6"),
    "ApproximateEntropy": (2 ** (10 + 6), "m = 10 < log2(n) − 5"),
    "Serial": (2 ** (16 + 3), "m = 16 < log2(n) − 2"),
    "LinearComplexity": (200 * 500, "200 blocks of 500 bits"),
}


def run_battery(
    bits: np.ndarray, reasons: dict[str, str] | None = None
) -> dict[str, list[float] | None]:
    """P-values of every test on one stream; None where the test does not apply.

    Pass a dict as ``reasons`` to learn why each None test did not apply.
    """
    bits = np.asarray(bits, dtype=np.uint8)
    if bits.ndim != 1:
        raise NistInputError(f"expected one stream (a 1-D array), got shape {bits.shape}")
    if bits.size < MIN_STREAM_BITS:
        raise NistInputError(
            f"stream of {bits.size:,} bits is too short: use at least {MIN_STREAM_BITS:,}"
        )
    stream = BitStream(bits)
    results: dict[str, list[float] | None] = {}
    for name, test in TESTS.items():
        minimum = MIN_BITS.get(name)
        try:
            if minimum is not None and stream.n < minimum[0]:
                raise NotApplicable(f"needs n ≥ {minimum[0]:,} ({minimum[1]})")
            results[name] = test(stream)
        except NotApplicable as exc:
            results[name] = None
            if reasons is not None:
                reasons[name] = f"not applicable: {exc}"
    return results


def warm_compiled_loops() -> float:
    """Compile, or load from the disk cache, the battery's compiled loops; returns seconds."""
    start = time.perf_counter()
    linear_complexities(np.zeros((1, 8), dtype=np.uint8))
    matrix_ranks(np.zeros((1, 32), dtype=np.uint32))
    universal_distances(np.zeros(4, dtype=np.int64), 2)
    return time.perf_counter() - start
