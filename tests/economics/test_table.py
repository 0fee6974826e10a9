"""A table's theoretical win, volatility and bankroll, against formulas and simulation."""

import math
from fractions import Fraction

import numpy as np
import pytest

from casino.rules import preset
from certification.economics.rounds import SeatLaw
from certification.economics.table import TableSetup, table_economics
from certification.odds.analysis import dealer_joint
from tests.economics.synthetic import Sampler

SETUP = TableSetup(decisions_per_hour=60, seats=5, average_bet=Fraction(10), hours=Fraction(8),
                   table_seats=7, max_bet=Fraction(25))


def test_theoretical_win_is_edge_times_bet_times_decisions_times_seats():
    seat = SeatLaw(dealer_joint(preset("siete-y-media"), strategy="dealer"))
    econ = table_economics(seat, SETUP)
    assert econ.theo_win_per_hour == seat.house_edge * 10 * 60 * 5
    assert econ.theo_win_per_day == econ.theo_win_per_hour * 8
    assert econ.sd_per_day == pytest.approx(econ.sd_per_hour * math.sqrt(8))
    assert econ.sd_per_hour == pytest.approx(10 * math.sqrt(60 * float(seat.table_variance(5))))


def test_daily_law_matches_simulated_days():
    """P(losing day) and the daily SD by FFT agree with 3,000 days simulated round by round."""
    joint = dealer_joint(preset("sette-e-mezzo"))
    econ = table_economics(SeatLaw(joint), SETUP)
    rng = np.random.default_rng(8)  # seed 8, 3,000 days of 480 rounds at 5 seats
    sampler = Sampler(joint)
    days = np.array([-float(sampler.day(rng, 480, 5)) * 10 for _ in range(3000)])
    lost = float((days < 0).mean())
    se = math.sqrt(econ.p_losing_day.probability * (1 - econ.p_losing_day.probability) / days.size)
    assert econ.p_losing_day.method == "fft"
    assert abs(lost - econ.p_losing_day.probability) < 4 * se
    assert days.std(ddof=1) == pytest.approx(econ.sd_per_day, rel=0.06)  # 4 SE of an SD at n=3000
    assert days.mean() == pytest.approx(float(econ.theo_win_per_day), abs=4 * econ.sd_per_day / math.sqrt(3000))
    assert sum(p for _, _, p in econ.daily) == pytest.approx(1, abs=1e-3)


def test_bankroll_is_lundbergs_for_a_simple_random_walk():
    """House wins 1 with probability 0.55, loses 1 otherwise: R = ln(0.55 / 0.45) exactly."""
    joint = {"any": {Fraction(-1): Fraction(55, 100), Fraction(1): Fraction(45, 100)}}
    setup = TableSetup(decisions_per_hour=60, seats=1, average_bet=Fraction(1), hours=Fraction(1),
                       ruin_probability=0.01)
    bank = table_economics(SeatLaw(joint), setup).bankroll
    assert bank.amount == pytest.approx(math.log(100) / math.log(0.55 / 0.45), rel=1e-9)


def test_no_bankroll_is_enough_against_a_player_edge():
    econ = table_economics(SeatLaw(dealer_joint(preset("siete-y-media"))), SETUP)
    assert econ.house_edge < 0
    assert econ.bankroll.amount is None
    assert "players have the edge" in econ.bankroll.reason
    assert econ.p_losing_month.probability > 0.99


def test_bad_setups_are_refused_naming_the_figure():
    with pytest.raises(ValueError, match="hours open must lie between 0 and 24"):
        TableSetup(decisions_per_hour=60, seats=5, average_bet=Fraction(10), hours=Fraction(30))
