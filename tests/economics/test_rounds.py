"""Seats sharing a dealer: covariance and the table's per-round law under the model."""

from fractions import Fraction
from itertools import product

import pytest

from casino.rules import preset
from certification.economics.rounds import SeatLaw
from certification.odds.analysis import dealer_joint

# A toy table: the dealer busts (1/4) or stands (3/4); a seat wins on a bust, else wins 1/3.
TOY = {
    "bust": {Fraction(1): Fraction(1, 4)},
    "stands": {Fraction(1): Fraction(1, 4), Fraction(-1): Fraction(1, 2)},
}


def _brute_pair_covariance(joint):
    """E[X1 X2] - E[X1] E[X2] with two seats independent given the dealer, by listing."""
    mean = sum(x * p for row in joint.values() for x, p in row.items())
    both = Fraction(0)
    for row in joint.values():
        mass = sum(row.values())
        for (x1, p1), (x2, p2) in product(row.items(), repeat=2):
            both += mass * (p1 / mass) * (p2 / mass) * x1 * x2
    return both - mean * mean


def test_covariance_is_the_variance_of_the_dealers_conditional_mean():
    seat = SeatLaw(TOY)
    assert seat.covariance == _brute_pair_covariance(TOY)
    assert seat.table_variance(3) == 3 * seat.variance + 6 * seat.covariance


@pytest.mark.parametrize("seats", (1, 2, 5))
def test_table_law_has_the_model_mean_and_variance(seats):
    seat = SeatLaw(dealer_joint(preset("siete-y-media"), strategy="dealer"))
    law = seat.table_law(seats)
    assert law.probs.sum() == pytest.approx(1, abs=1e-12)
    assert law.mean == pytest.approx(float(seat.house_edge) * seats, abs=1e-12)
    assert law.variance == pytest.approx(float(seat.table_variance(seats)), rel=1e-10)


def test_a_joint_law_that_does_not_sum_to_one_is_refused():
    with pytest.raises(ValueError, match="sums to 3/4"):
        SeatLaw({"x": {Fraction(1): Fraction(3, 4)}})
