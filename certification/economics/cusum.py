"""Two-sided CUSUM on a table's standardised daily results, and its calibrated threshold.

Why CUSUM (Page 1954): the faults a field trial looks for (players who see the dealer's
card from some day on, a misdealt procedure, a changed paytable) shift a table's daily mean
from some unknown day on and keep it shifted. For such a step change CUSUM detects fastest
among procedures with the same false-alarm rate (Lorden 1971, Moustakides 1986), and it
needs no window to be chosen. Each day's z = (win - expected) / SD enters as
``S+ = max(0, S+ + z - k)`` and ``S- = max(0, S- - z - k)``; the table drifts when either
reaches h. k = 0.5 tunes it to a shift of one daily SD.

A day's z counts at most ``cap`` (3) in either direction (a Huber-type limit), and days
already flagged as impossible or improbable are left out: a drift is sustained evidence, so
no single day, however wild, makes a table drift on its own (h is always above the cap).

Threshold: h is calibrated by simulation of the statistic under the null (independent
standard normal daily z, capped as above) over the table's number of days, so that the
table's chance of any false drift alarm over the whole file is at most its share of alpha.
The simulated quantile is taken at a one-sided 95% confidence bound (an order statistic
chosen from the binomial law of the exceedances), so Monte Carlo error errs on the side of
fewer false alarms. Seed and number of paths are stated with every threshold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

REFERENCE = 0.5
CAP = 3.0
PATHS = 200_000
SEED = 20_240_918


@dataclass(frozen=True)
class Threshold:
    h: float
    days: int
    alpha: float
    paths: int
    seed: int


@dataclass(frozen=True)
class Crossing:
    index: int | None
    """Position in the sequence where the statistic first reached h (None: it never did)."""
    direction: str = ""
    """'house above theory' (S+) or 'house below theory' (S-)."""
    upper: tuple[float, ...] = ()
    lower: tuple[float, ...] = ()


def cusum(z: Sequence[float], h: float, k: float = REFERENCE, cap: float = CAP) -> Crossing:
    up = down = 0.0
    uppers, lowers = [], []
    first, direction = None, ""
    for i, value in enumerate(z):
        x = min(max(value, -cap), cap)
        up = max(0.0, up + x - k)
        down = max(0.0, down - x - k)
        uppers.append(up)
        lowers.append(down)
        if first is None and (up >= h or down >= h):
            first = i
            direction = "house above theory" if up >= h else "house below theory"
    return Crossing(first, direction, tuple(uppers), tuple(lowers))


@lru_cache(maxsize=256)
def threshold(days: int, alpha: float, k: float = REFERENCE, cap: float = CAP,
              paths: int = PATHS, seed: int = SEED) -> Threshold:
    """h with P(any alarm in ``days`` null days) <= alpha (at 95% Monte Carlo confidence)."""
    if days < 1:
        raise ValueError("a threshold needs at least one day")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie between 0 and 1, not {alpha}")
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(days,)))
    up = np.zeros(paths)
    down = np.zeros(paths)
    top = np.zeros(paths)
    for _ in range(days):
        x = np.clip(rng.standard_normal(paths), -cap, cap)
        np.maximum(up + x - k, 0.0, out=up)
        np.maximum(down - x - k, 0.0, out=down)
        np.maximum(top, np.maximum(up, down), out=top)
    top.sort()
    # Imported here: scipy.stats takes about a second, and every web process and worker
    # loads this module with the field-results pages.
    from scipy import stats

    # The j-th largest null maximum lies above the true (1 - alpha) quantile with 95% chance.
    j = max(1, int(stats.binom.ppf(0.05, paths, alpha)))
    h = float(top[paths - j])
    return Threshold(h=max(h, cap + 1e-9), days=days, alpha=alpha, paths=paths, seed=seed)
