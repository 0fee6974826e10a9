"""The CUSUM drift detector and its calibrated threshold."""

import numpy as np

from certification.economics.cusum import CAP, cusum, threshold


def test_threshold_keeps_the_false_alarm_rate_at_or_below_alpha_on_fresh_null_paths():
    days, alpha = 60, 0.005
    h = threshold(days, alpha).h
    rng = np.random.default_rng(777)  # fresh paths, not the calibration's seed
    z = rng.standard_normal((40_000, days))
    alarms = sum(cusum(row, h).index is not None for row in z)
    se = np.sqrt(alpha * (1 - alpha) / z.shape[0])
    assert alarms / z.shape[0] <= alpha + 3 * se


def test_threshold_grows_with_the_days_watched_and_stays_above_the_cap():
    assert CAP < threshold(5, 0.005).h < threshold(50, 0.005).h < threshold(50, 0.0005).h


def test_no_single_day_drifts_a_table():
    h = threshold(30, 0.005).h
    assert cusum([0.0] * 10 + [1000.0] + [0.0] * 10, h).index is None
    assert cusum([0.0] * 10 + [-1000.0] + [0.0] * 10, h).index is None


def test_a_sustained_shift_is_found_soon_after_it_starts_in_its_direction():
    rng = np.random.default_rng(3)
    z = np.concatenate([rng.standard_normal(30), rng.standard_normal(30) - 2.0])
    found = cusum(z, threshold(60, 0.005).h)
    assert found.index is not None and 30 <= found.index < 40
    assert found.direction == "house below theory"
