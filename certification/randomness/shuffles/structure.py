"""Shape of the permutation each shuffle applies: rising sequences, fixed points, cycles."""

from __future__ import annotations

import numpy as np

from certification.randomness.shuffles.frequency import Prepared
from certification.randomness.shuffles.nulls import pooled_chi2, z_pvalue
from certification.randomness.shuffles.permutations import (
    cycle_counts,
    cycle_pmf,
    fixed_point_pmf,
    fixed_points,
    rising_pmf,
    rising_sequences,
    successions,
)
from certification.randomness.shuffles.results import TestResult


def _law_test(name: str, values: np.ndarray, pmf: np.ndarray, first: int, sensitive_to: str,
              law: str, decimals: int) -> TestResult:
    """Compare how often each value of a per-shuffle statistic occurs with its exact law.

    ``pmf[k]`` is the probability of the value ``first + k`` under a uniform shuffle.
    """
    counts = np.bincount(values, minlength=first + len(pmf))[first:]
    x2, p, df = pooled_chi2(counts, pmf)
    mean = float((np.arange(first, first + len(counts)) * counts).sum() / counts.sum())
    return TestResult(name, x2, p, False, sensitive_to,
                      detail=f"χ²({df}) against {law}; mean {mean:.{decimals}f}")


def rising_sequence_test(prep: Prepared) -> TestResult:
    n = prep.n
    return _law_test(
        "rising_sequences", rising_sequences(prep.applied), rising_pmf(n), 1,
        "too few riffles, or any shuffle that keeps runs of the previous order",
        f"the Eulerian law (uniform mean {(n + 1) / 2:.3f})", 3,
    )


def fixed_point_test(prep: Prepared) -> TestResult:
    return _law_test(
        "fixed_points", fixed_points(prep.applied), fixed_point_pmf(prep.n), 0,
        "cards left in place (too many: sticking, repeats; none: Sattolo's shuffle)",
        "the exact law (≈ Poisson(1))", 4,
    )


def cycle_test(prep: Prepared) -> TestResult:
    return _law_test(
        "cycles", cycle_counts(prep.applied), cycle_pmf(prep.n), 0,
        "cycle structure (Sattolo's shuffle makes one n-cycle every time)",
        "Stirling numbers of the first kind", 3,
    )


def succession_test(prep: Prepared) -> TestResult:
    n = prep.n
    kept = successions(prep.applied)
    trials = kept.size
    mean, var = (n - 1) / n, (n * n - n - 1) / n**2  # exact for a uniform permutation
    z = float((kept.sum() - trials * mean) / np.sqrt(trials * var))
    return TestResult(
        "adjacent_pairs_kept",
        z,
        z_pvalue(z),
        False,
        "neighbouring cards that stay together (clumps, too few riffles)",
        detail=f"{kept.mean():.4f} pairs kept per shuffle, uniform {mean:.4f}",
    )


def type_match_test(prep: Prepared) -> TestResult:
    """Shoe version of fixed points: positions holding a card of the same type as before."""
    n, d, kinds = prep.n, prep.copies, prep.kinds
    same = (prep.types[1:] == prep.types[:-1]).sum(axis=1)
    pairs_same = kinds * d * (d - 1)
    pairs_diff = n * (n - 1) - pairs_same
    second = d + pairs_same * d * (d - 1) / (n * (n - 1)) + pairs_diff * d * d / (n * (n - 1))
    mean, var = float(d), second - d * d
    z = float((same.sum() - same.size * mean) / np.sqrt(same.size * var))
    return TestResult(
        "fixed_points",
        z,
        z_pvalue(z),
        False,
        "positions keeping a card of the same kind (sticking, repeats)",
        detail=f"{same.mean():.4f} per shuffle, uniform {mean:.4f} (exact moments)",
    )
