"""Dependence between consecutive shuffles: position correlation, repeats, card guessing."""

from __future__ import annotations

from math import lgamma, log

import numpy as np
from scipy import stats

from certification.randomness.shuffles.frequency import Prepared
from certification.randomness.shuffles.nulls import z_pvalue
from certification.randomness.shuffles.permutations import guess_hits, harmonic
from certification.randomness.shuffles.results import TestResult


def correlation_test(prep: Prepared) -> TestResult:
    """Correlation between each card type's mean position in consecutive orders.

    For a fixed previous order a uniform shuffle places positions by a random permutation,
    so each shuffle's cross-product has mean 0 and the exact permutation-test variance
    Sxx·Syy/(n−1); shuffles are independent under the null.
    """
    n, kinds, d = prep.n, prep.kinds, prep.copies
    rows = prep.types
    centred = np.arange(n) - (n - 1) / 2
    offsets = (np.arange(rows.shape[0]) * kinds)[:, None]
    mean_pos = (
        np.bincount(
            (rows + offsets).ravel(),
            weights=np.broadcast_to(centred, rows.shape).ravel(),
            minlength=rows.shape[0] * kinds,
        ).reshape(-1, kinds)
        / d
    )
    cross = (mean_pos[:-1] * mean_pos[1:]).sum(axis=1)
    spread = (mean_pos**2).sum(axis=1)
    syy = float((centred**2).sum())
    # Var(cross_t | order t) = Σ_type X_t² · Syy / ((n−1)·d): the permutation-test variance
    # with each position weighted by its card type's previous mean position.
    var = float(spread[:-1].sum()) * syy / ((n - 1) * d)
    z = float(cross.sum() / np.sqrt(var)) if var > 0 else 0.0
    r = float(cross.sum() / np.sqrt(spread[:-1].sum() * spread[1:].sum()))
    return TestResult(
        "position_correlation",
        z,
        z_pvalue(z),
        False,
        "a card's position depending on its previous position (repeats, weak mixing)",
        detail=f"pooled correlation r = {r:.5f}",
    )


def repeat_test(prep: Prepared) -> TestResult:
    rows = np.ascontiguousarray(prep.types.astype(np.uint16))
    keys = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    repeats = int(keys.size - np.unique(keys).size)
    n, d, kinds = prep.n, prep.copies, prep.kinds
    log_orders = lgamma(n + 1) - kinds * lgamma(d + 1)
    pairs = keys.size * (keys.size - 1) / 2
    lam = np.exp(log(pairs) - log_orders) if pairs else 0.0
    p = float(stats.poisson.sf(repeats - 1, lam)) if repeats else 1.0
    return TestResult(
        "order_repeats",
        float(repeats),
        p,
        False,
        "whole deck orders recurring (a stuck or replaying shuffler)",
        detail=f"{repeats} repeated orders; expected {lam:.3g} among {keys.size} uniform shuffles",
    )


def guessing_test(prep: Prepared) -> TestResult:
    """Correct guesses of the previous-order guesser against the exact uniform law.

    Whatever the guesser's rule, under a uniform shuffle the j-th card is uniform over the
    n−j unseen ones, so hits are independent Bernoulli(1/(n−j)): mean H_n, variance
    H_n − H_n⁽²⁾ per shuffle. One-sided: only an advantage matters.
    """
    n = prep.n
    hits = guess_hits(prep.applied)
    mean, var = harmonic(n), harmonic(n) - harmonic(n, 2)
    z = float((hits.sum() - hits.size * mean) / np.sqrt(hits.size * var))
    return TestResult(
        "card_guessing",
        z,
        z_pvalue(z, two_sided=False),
        False,
        "a player who saw the previous order guessing cards better than chance",
        detail=f"{hits.mean():.4f} correct per deck, uniform H_n = {mean:.4f} "
        f"(advantage {hits.mean() - mean:+.4f})",
    )
