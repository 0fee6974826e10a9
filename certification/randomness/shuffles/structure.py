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


def rising_sequence_test(prep: Prepared) -> TestResult:
    n = prep.n
    counts = np.bincount(rising_sequences(prep.applied), minlength=n + 1)[1:]
    x2, p, df = pooled_chi2(counts, rising_pmf(n))
    mean = float((np.arange(1, n + 1) * counts).sum() / counts.sum())
    return TestResult(
        "rising_sequences",
        x2,
        p,
        False,
        "too few riffles, or any shuffle that keeps runs of the previous order",
        detail=f"χ²({df}) against the Eulerian law; mean {mean:.3f}, uniform {(n + 1) / 2:.3f}",
    )


def fixed_point_test(prep: Prepared) -> TestResult:
    n = prep.n
    counts = np.bincount(fixed_points(prep.applied), minlength=n + 1)
    x2, p, df = pooled_chi2(counts, fixed_point_pmf(n))
    mean = float((np.arange(n + 1) * counts).sum() / counts.sum())
    return TestResult(
        "fixed_points",
        x2,
        p,
        False,
        "cards left in place (too many: sticking, repeats; none: Sattolo's shuffle)",
        detail=f"χ²({df}) against the exact law (≈ Poisson(1)); mean {mean:.4f}",
    )


def cycle_test(prep: Prepared) -> TestResult:
    n = prep.n
    counts = np.bincount(cycle_counts(prep.applied), minlength=n + 1)
    x2, p, df = pooled_chi2(counts, cycle_pmf(n))
    mean = float((np.arange(n + 1) * counts).sum() / counts.sum())
    return TestResult(
        "cycles",
        x2,
        p,
        False,
        "cycle structure (Sattolo's shuffle makes one n-cycle every time)",
        detail=f"χ²({df}) against Stirling numbers of the first kind; mean {mean:.3f}",
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
