"""Smallest effects each battery test detects with 80% power (analytic approximations).

Each test is taken at the Bonferroni level α/k, the strictest step of Holm's procedure, so
the figures are conservative. Effects are stated in the units a defect is described in:

* χ² tables: a single card (or, for ``displacement``, the previous bottom card) sticking to
  one position with probability q on top of the uniform chance. The noncentrality such a
  defect gives is exactly λ = N·n·q²·(n−1)/n after the n/(n−1) scaling of the statistic.
* max-cell tests: the same q, solved on the exact binomial tail of the one cell.
* z-tests: the shift of the per-shuffle mean, σ·(z_{1−α'/2} + z_{0.8})/√N, translated where
  a defect has a natural unit (glue probability, correlation r, extra correct guesses).
* rising sequences, fixed points, cycles: treated as tests of the mean (their χ² forms are
  at least as powerful against shifts of location, so this errs on the safe side).
* order repeats: one repeat is already significant for any real deck, so the test needs
  the repeat probability r with 1 − (1 − r)^(N−1) ≥ 0.8.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import optimize, stats

from certification.randomness.shuffles.permutations import harmonic

POWER = 0.8


@dataclass(frozen=True)
class Detectable:
    value: float
    measure: str


def _z(level: float, two_sided: bool = True) -> float:
    return float(stats.norm.isf(level / 2 if two_sided else level) + stats.norm.ppf(POWER))


def chi2_noncentrality(df: float, level: float) -> float:
    crit = stats.chi2.isf(level, df)
    return float(optimize.brentq(lambda lam: stats.ncx2.sf(crit, df, lam) - POWER, 1e-6, 1e7))


def stick_probability_chi2(shuffles: int, n: int, level: float) -> float:
    lam = chi2_noncentrality((n - 1) ** 2, level)
    return float(np.sqrt(lam / (shuffles * n * (n - 1) / n)))


def stick_probability_cell(shuffles: int, n: int, level: float) -> float:
    p0 = 1 / n
    cell_level = level / (n * n) / 2
    crit = stats.binom.isf(cell_level, shuffles, p0) + 1
    p1 = optimize.brentq(lambda p: stats.binom.sf(crit - 1, shuffles, p) - POWER, p0, 1 - 1e-12)
    return float((p1 - p0) / (1 - p0))


def detectable_effects(
    shuffles: int, n: int, tests: int, alpha: float = 0.01, copies: int = 1
) -> dict[str, Detectable]:
    """Per test name: the smallest effect found with 80% power in a log of ``shuffles`` rows."""
    return dict(_detectable_effects(shuffles, n, tests, alpha, copies))


# Root finding on noncentral tails for each log: logs of one shape (a site's daily logs, a
# battery run many times) share the answer, so it is worked out once per recent shape.
@lru_cache(maxsize=256)
def _detectable_effects(shuffles: int, n: int, tests: int, alpha: float, copies: int
                        ) -> dict[str, Detectable]:
    level = alpha / tests
    steps = max(shuffles - 1, 1)
    z2, z1 = _z(level), _z(level, two_sided=False)
    h1, h2 = harmonic(n), harmonic(n, 2)
    out = {
        "position_frequency": Detectable(
            stick_probability_chi2(shuffles, n, level), "probability a card sticks to one position"
        ),
        "position_frequency_max_cell": Detectable(
            stick_probability_cell(shuffles, n, level), "probability a card sticks to one position"
        ),
        "position_correlation": Detectable(
            z2 / np.sqrt(steps * (n - 1)), "correlation of positions in consecutive shuffles"
        ),
        "order_repeats": Detectable(
            1 - (1 - POWER) ** (1 / steps), "probability a shuffle repeats its previous output"
        ),
        "fixed_points": Detectable(
            z2 * np.sqrt((copies if copies > 1 else 1) / steps), "extra fixed points per shuffle"
        ),
    }
    if copies > 1:
        return out
    out |= {
        "displacement": Detectable(
            stick_probability_chi2(steps, n, level),
            "probability the previous bottom card stays at the bottom",
        ),
        "displacement_max_cell": Detectable(
            stick_probability_cell(steps, n, level),
            "probability the previous bottom card stays at the bottom",
        ),
        "successor_pairs": Detectable(
            stick_probability_chi2(shuffles, n, level),
            "probability a given card follows another (approx.)",
        ),
        "adjacent_pairs_kept": Detectable(
            z2 * np.sqrt((n * n - n - 1) / n**2 / steps) / ((n - 1) * (1 - 1 / n)),
            "probability each neighbouring pair is kept together",
        ),
        "rising_sequences": Detectable(
            z2 * np.sqrt((n + 1) / 12 / steps), "shift of mean rising sequences per shuffle"
        ),
        "cycles": Detectable(z2 * np.sqrt((h1 - h2) / steps), "shift of mean cycles per shuffle"),
        "card_guessing": Detectable(
            z1 * np.sqrt((h1 - h2) / steps), "extra correct guesses per deck"
        ),
    }
    return out
