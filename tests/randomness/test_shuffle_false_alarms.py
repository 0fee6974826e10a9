"""Good shufflers fail no more often than the stated family-wise alpha."""

from __future__ import annotations

import pytest
from scipy import stats

from certification.randomness.shuffles import run_battery
from certification.randomness.shuffles.defects import defective_log


def _failures(logs: int, shuffles: int, alpha: float, seed: int) -> int:
    return sum(
        run_battery(defective_log("uniform", shuffles, 40, seed=seed + k), alpha=alpha).verdict
        == "fail"
        for k in range(logs)
    )


def test_false_alarms_stay_within_alpha():
    # At alpha = 0.1 a 50-log run can see an excess; more than 11 failures has p < 0.01.
    failures = _failures(50, 300, 0.1, seed=5_000)
    assert failures <= 11


@pytest.mark.slow
def test_false_alarm_rate_over_many_logs():
    logs = 400
    failures = _failures(logs, 500, 0.01, seed=90_000)
    upper = stats.binomtest(failures, logs).proportion_ci(0.99).high
    assert failures / logs <= 0.02 and upper >= 0.0
    failures = _failures(logs, 500, 0.1, seed=190_000)
    assert stats.binomtest(failures, logs, 0.1, alternative="greater").pvalue > 0.001
