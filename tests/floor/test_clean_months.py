"""200 clean months of the 50-table floor, drawn at rollup level from the exact per-round
law (certification/floor/nulls.py): the share of months with any alarm lies within the
binomial band of the family-wise alpha."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from certification.floor.nulls import clean_rollup
from certification.floor.watch import watch_floor
from tests.floor.month import ALPHA, ALWAYS_DEALT, CARDS, model, month_spec, theory

MONTHS = 200
SEED = 404


@pytest.mark.slow
def test_false_alarm_rate_of_clean_months_is_within_alphas_band():
    spec = month_spec(faults=())
    rng = np.random.default_rng(SEED)
    theory_of = theory(spec)
    alarmed = 0
    for _ in range(MONTHS):
        rollup = clean_rollup(spec, model(), CARDS, ALWAYS_DEALT, rng)
        alarmed += bool(watch_floor(rollup, theory_of, start=spec.start, alpha=ALPHA).findings)
    # The checks are Bonferroni and Ville bounds, so the rate may lie well under alpha; it
    # may not lie above the 99.9% point of Binomial(200, alpha).
    high = stats.binom.isf(0.001, MONTHS, ALPHA)
    assert alarmed <= high, f"{alarmed} of {MONTHS} clean months raised an alarm (band 0..{high:.0f})"

