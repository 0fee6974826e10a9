"""Reference distributions shared by the battery's tests."""

from __future__ import annotations

import numpy as np
from scipy import stats


def scaled_chi2_pvalue(x2: float, mean: float, trace_sq: float) -> tuple[float, float]:
    """Upper p-value of a Pearson statistic whose cells are correlated.

    Matches X² to c·χ²_ν by its exact null mean (Σ(1−p)) and its asymptotic variance
    2·tr(Σ²) (Satterthwaite). For sums of permutation matrices this is exact in the limit:
    c = n/(n−1), ν = (n−1)². Returns (p-value, ν).
    """
    c = trace_sq / mean
    nu = mean / c
    return float(stats.chi2.sf(x2 / c, nu)), nu


def permutation_matrix_trace_sq(rows: int, cols: int, copies: int = 1) -> tuple[float, float]:
    """Null mean and tr(Σ²) of Pearson's X² for a type × position table of a uniform deck."""
    # Margins are fixed (each type `copies` times, each position once), and the symmetry
    # of the table makes Σ a multiple of the projection onto the (rows−1)(cols−1) free part.
    mean = rows * cols * (1 - copies / cols)
    free = (rows - 1) * (cols - 1)
    return mean, mean**2 / free


def successor_trace_sq(n: int) -> tuple[float, float]:
    """Null mean and tr(Σ²) of X² for "card b directly follows card a" counts, one deck."""
    cells = n * (n - 1)
    clashing = 2 * n - 3  # same leader, same follower, or the reversed pair: never together
    others = cells - 1 - clashing
    per_cell = (1 - 1 / n) ** 2 + clashing / n**2 + others / (n**2 * (n - 1) ** 2)
    return cells * (1 - 1 / n), cells * per_cell


def pooled_chi2(
    observed: np.ndarray, probs: np.ndarray, min_expected: float = 5.0
) -> tuple[float, float, int]:
    """Goodness of fit to an exact pmf, pooling sparse bins; returns (X², p, df)."""
    total = observed.sum()
    expected = probs * total
    obs_bins, exp_bins = [], []
    o_acc = e_acc = 0.0
    for o, e in zip(observed, expected, strict=True):
        o_acc += o
        e_acc += e
        if e_acc >= min_expected:
            obs_bins.append(o_acc)
            exp_bins.append(e_acc)
            o_acc = e_acc = 0.0
    if obs_bins:
        obs_bins[-1] += o_acc
        exp_bins[-1] += e_acc
    if len(obs_bins) < 2:
        return 0.0, 1.0, 0
    o = np.array(obs_bins)
    e = np.array(exp_bins)
    x2 = float(((o - e) ** 2 / e).sum())
    df = len(o) - 1
    return x2, float(stats.chi2.sf(x2, df)), df


def max_cell_pvalue(counts: np.ndarray, trials: int, p0: float) -> tuple[float, float]:
    """Most extreme cell of a table whose cells are each Binomial(trials, p0) under the null.

    Two-sided exact binomial per cell, Bonferroni over the cells. Returns (z of that cell, p).
    """
    flat = counts.ravel().astype(np.float64)
    upper = stats.binom.sf(flat - 1, trials, p0)
    lower = stats.binom.cdf(flat, trials, p0)
    per_cell = np.minimum(1.0, 2 * np.minimum(upper, lower))
    worst = int(np.argmin(per_cell))
    z = (flat[worst] - trials * p0) / np.sqrt(trials * p0 * (1 - p0))
    return float(z), float(min(1.0, per_cell[worst] * flat.size))


def z_pvalue(z: float, two_sided: bool = True) -> float:
    return float(2 * stats.norm.sf(abs(z)) if two_sided else stats.norm.sf(z))
