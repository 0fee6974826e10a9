"""RandomExcursions (§2.14) and RandomExcursionsVariant (§2.15)."""

from __future__ import annotations

import math

import numpy as np
from scipy.special import erfc, gammaincc

from ._stream import EXCURSION_REACH, BitStream, NotApplicable, as_stream

EXCURSION_STATES = (-4, -3, -2, -1, 1, 2, 3, 4)
VARIANT_STATES = tuple(range(-EXCURSION_REACH, 0)) + tuple(range(1, EXCURSION_REACH + 1))

# P(a cycle visits state |x| exactly k times), k = 0..4 and ≥ 5, as tabulated by the reference.
_VISIT_PROBABILITY = {
    1: (0.5000000000, 0.25000000000, 0.12500000000, 0.06250000000, 0.03125000000, 0.0312500000),
    2: (0.7500000000, 0.06250000000, 0.04687500000, 0.03515625000, 0.02636718750, 0.0791015625),
    3: (0.8333333333, 0.02777777778, 0.02314814815, 0.01929012346, 0.01607510288, 0.0803755143),
    4: (0.8750000000, 0.01562500000, 0.01367187500, 0.01196289063, 0.01046752930, 0.0732727051),
}


def _cycles(s: BitStream) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Positions and values of the sums near zero, where the walk returns to zero, and J."""
    positions, values = s.walk_near_origin()
    zeros = positions[values == 0]
    cycles = zeros.size + (1 if s.walk()[-1] != 0 else 0)
    return positions, values, zeros, cycles


def cycle_constraint(n: int) -> float:
    """Fewest cycles the reference accepts: max(0.005·√n, 500)."""
    return max(0.005 * math.sqrt(n), 500)


def random_excursions(bits: np.ndarray | BitStream) -> list[float]:
    """Eight p-values, for x = -4..-1, 1..4."""
    s = as_stream(bits)
    positions, values, zeros, cycles = _cycles(s)
    limit = max(1000, s.n // 100)
    if zeros.size > limit:
        # The reference sizes its cycle table at this limit and abandons the test beyond it.
        raise NotApplicable(f"J exceeds the reference's limit of {limit} cycles")
    if cycles < cycle_constraint(s.n):
        raise NotApplicable(f"J = {cycles} cycles, needs J ≥ {cycle_constraint(s.n):g}")
    visited = (values != 0) & (np.abs(values) <= 4)
    # A visit's cycle is the number of returns to zero before it.
    cycle_of = np.searchsorted(zeros, positions[visited])
    state = values[visited] + np.where(values[visited] < 0, 4, 3)
    visits = np.bincount(cycle_of * 8 + state, minlength=cycles * 8).reshape(cycles, 8)
    p_values = []
    for column, x in enumerate(EXCURSION_STATES):
        nu = np.bincount(np.minimum(visits[:, column], 5), minlength=6)
        expected = cycles * np.asarray(_VISIT_PROBABILITY[abs(x)])
        chi2 = float(np.sum((nu - expected) ** 2 / expected))
        p_values.append(float(gammaincc(2.5, chi2 / 2.0)))
    return p_values


def random_excursions_variant(bits: np.ndarray | BitStream) -> list[float]:
    """Eighteen p-values, for x = -9..-1, 1..9."""
    s = as_stream(bits)
    _, values, _, cycles = _cycles(s)
    # The reference truncates this constraint to an integer, unlike RandomExcursions.
    if cycles < int(cycle_constraint(s.n)):
        raise NotApplicable(f"J = {cycles} cycles, needs J ≥ {int(cycle_constraint(s.n))}")
    counts = np.bincount(values + EXCURSION_REACH, minlength=2 * EXCURSION_REACH + 1)
    return [
        float(erfc(abs(int(counts[x + EXCURSION_REACH]) - cycles) / math.sqrt(2.0 * cycles * (4.0 * abs(x) - 2))))
        for x in VARIANT_STATES
    ]
