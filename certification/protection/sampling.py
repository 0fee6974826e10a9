"""Seeds and mergeable sums shared by the audit's simulations.

Every chunk draws from ``SeedSequence(root_seed, spawn_key=(job, index))``: the figures
depend on the root seed and the number of chunks only, never on which worker ran a chunk.
Chunks return plain sums so that merging is addition, whatever the order of arrival.
"""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def chunk_rng(root_seed: int, job: int, index: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(root_seed, spawn_key=(job, index)))


def add_sums(parts: list[dict]) -> dict:
    """Add chunk sums key by key (lists element by element)."""
    out: dict = {}
    for part in parts:
        for key, value in part.items():
            if isinstance(value, list):
                held = out.setdefault(key, [0.0] * len(value))
                out[key] = [a + b for a, b in zip(held, value, strict=True)]
            else:
                out[key] = out.get(key, 0.0) + value
    return out


def ratio_ci(m: float, sx: float, sy: float, sxx: float, syy: float, sxy: float
             ) -> tuple[float, float, tuple[float, float]]:
    """Ratio sum(y)/sum(x) over m independent clusters, with its delta-method interval.

    A shoe's rounds are not independent (they share the deck), so shoes are the clusters.
    """
    if m < 2 or sx <= 0:
        raise ValueError("a ratio interval needs at least two clusters")
    ratio = sy / sx
    residual = syy - 2 * ratio * sxy + ratio * ratio * sxx
    xbar = sx / m
    se = math.sqrt(max(residual, 0.0) / (m * (m - 1))) / xbar
    return ratio, se, (ratio - Z95 * se, ratio + Z95 * se)


def controlled_mean(s: dict[str, float], control_mean: float
                    ) -> tuple[float, float, tuple[float, float]]:
    """Control-variate estimate of E[g] from sums of g, c (E[c] known), with its interval."""
    n = s["n"]
    if n < 3:
        raise ValueError("a control-variate interval needs at least three values")
    gbar, cbar = s["g"] / n, s["c"] / n
    var_c = s["cc"] / n - cbar * cbar
    cov = s["gc"] / n - gbar * cbar
    beta = cov / var_c if var_c > 0 else 0.0
    mean = gbar - beta * (cbar - control_mean)
    residual = max(s["gg"] / n - gbar * gbar - beta * cov, 0.0) * n / (n - 2)
    se = math.sqrt(residual / n)
    return mean, se, (mean - Z95 * se, mean + Z95 * se)
