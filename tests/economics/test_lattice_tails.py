"""A law's tails by bisection add the same numbers as the masks they replaced, bit for bit.

The field check asks each day's law for both tails at the day's result; the values ascend,
so the points on one side of x are a prefix or a suffix of the law. The reference below is
the former computation (a mask over freshly computed values); every figure must be equal as
floats, not merely close, so no report changes.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from casino.rules import preset
from certification.economics import field
from certification.economics.field import DayLaws, DayResult, field_check
from certification.economics.lattice import LatticeLaw
from certification.economics.rounds import SeatLaw
from certification.odds.analysis import dealer_joint
from tests.economics.synthetic import Sampler, TablePlan, generate

SEAT = SeatLaw(dealer_joint(preset("sette-e-mezzo")))


def masked_below(law: LatticeLaw, x: float, *, inclusive: bool = False) -> float:
    v = (law.low + np.arange(law.probs.size)) / law.denominator
    return float(law.probs[(v <= x) if inclusive else (v < x)].sum())


def masked_above(law: LatticeLaw, x: float, *, inclusive: bool = False) -> float:
    v = (law.low + np.arange(law.probs.size)) / law.denominator
    return float(law.probs[(v >= x) if inclusive else (v > x)].sum())


def former_day(d, model, level):
    """A day's check as it was: the seat's figures recomputed and the bet divided out."""
    seat, seats = model.seat, model.seats
    expected = float(seat.house_edge * d.handle)
    per_round_var = float(seat.table_variance(seats)) / seats ** 2
    sd = float(d.handle) / math.sqrt(d.rounds) * math.sqrt(per_round_var)
    z = (float(d.win) - expected) / sd if sd else 0.0
    if not -seat.highest <= d.win / d.handle <= -seat.lowest:
        return DayResult(d, expected, sd, z, 0.0, "impossible")
    bet = d.handle / (d.rounds * seats)
    p = model.laws.tails(d.rounds, float(d.win / bet))
    return DayResult(d, expected, sd, z, p, "improbable" if p < level else "")


def _points(law: LatticeLaw, rng: np.random.Generator) -> list[float]:
    """Lattice points themselves, points between them, and points outside the law."""
    v = law.values
    on = list(rng.choice(v, 40))
    between = list(rng.uniform(v[0], v[-1], 40))
    return [*on, *between, v[0], v[-1], v[0] - 1.0, v[-1] + 1.0, 0.0, -0.0]


@pytest.mark.parametrize("seats", (1, 3, 7))
@pytest.mark.parametrize("rounds", (1, 2, 301, 600))
def test_tails_by_bisection_equal_the_masked_sums_bit_for_bit(seats, rounds):
    law = SEAT.table_law(seats).power(rounds)
    rng = np.random.default_rng(seats * 1000 + rounds)
    for x in _points(law, rng):
        for inclusive in (False, True):
            assert law.below(x, inclusive=inclusive) == masked_below(law, x, inclusive=inclusive)
            assert law.above(x, inclusive=inclusive) == masked_above(law, x, inclusive=inclusive)


def test_a_law_s_values_are_computed_once_and_cannot_be_changed():
    law = SEAT.table_law(2)
    assert law.values is law.values
    with pytest.raises(ValueError):
        law.values[0] = 0.0


def test_a_field_report_is_unchanged_by_the_faster_check(monkeypatch):
    plans = [TablePlan(f"T{i}", Sampler(SEAT.joint), seats=3) for i in range(4)]
    days = generate(plans, days=40, rounds=(300, 600), seed=3)
    # An impossible day and an improbable one, so every branch of a day's check is compared.
    days[5] = dataclasses.replace(days[5], win=days[5].handle * 3)
    days[9] = dataclasses.replace(days[9], win=days[9].win * 10)
    fast = field_check(days, SEAT, seats=3, laws=DayLaws(SEAT, 3))
    assert {d.alarm for t in fast.tables.values() for d in t.days} == {"", "impossible", "improbable"}
    monkeypatch.setattr(LatticeLaw, "below", masked_below)
    monkeypatch.setattr(LatticeLaw, "above", masked_above)
    monkeypatch.setattr(field, "_day", former_day)
    plain = field_check(days, SEAT, seats=3, laws=DayLaws(SEAT, 3))
    assert [d.p for t in fast.tables.values() for d in t.days] == \
        [d.p for t in plain.tables.values() for d in t.days]
    assert fast == plain
