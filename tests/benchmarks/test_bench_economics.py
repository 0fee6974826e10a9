"""Speed of the economics: fixed strategies, a table's figures and a field check, as ratios.

Baseline: the optimal exact analysis of the same preset, timed in this run (the engine the
fixed strategies share).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.rules import preset
from certification.economics.analysis import _figures, mixed_figures
from certification.economics.field import DayLaws, field_check
from certification.economics.mix import PlayerMix
from certification.economics.table import TableSetup, table_economics
from certification.odds.analysis import analyze, dealer_joint
from tests.benchmarks.conftest import best_of
from tests.economics.synthetic import Sampler, TablePlan, generate

PRESETS = ("seven-half-home", "sette-e-mezzo", "siete-y-media", "nine-ten-eleven")


@pytest.mark.parametrize("name", PRESETS)
def test_fixed_strategy_speed(name, record_figure):
    rules = preset(name)
    optimal = best_of(lambda: analyze(rules), repeat=3)
    dealer = best_of(lambda: analyze(rules, strategy="dealer"), repeat=3)
    record_figure(f"exact dealer strategy {name}", dealer, "s", baseline_name=f"optimal {name}",
                  baseline_value=optimal, higher_is_better=False, target="< 2x the optimal analysis")
    assert dealer < 6 * optimal + 0.05


def test_table_figures_speed(record_figure):
    rules = preset("sette-e-mezzo")
    optimal = best_of(lambda: analyze(rules), repeat=3)
    setup = TableSetup(decisions_per_hour=60, seats=7, average_bet=Fraction(10), hours=Fraction(12))

    def figures():
        _figures.cache_clear()
        mixed = mixed_figures(rules, PlayerMix.parse("optimal=0.3,dealer=0.4,house_way=0.3"))
        table_economics(mixed.seat, setup)

    seconds = best_of(figures, repeat=2)
    record_figure("table economics, 3-strategy mix, 7 seats", seconds, "s",
                  baseline_name="optimal sette-e-mezzo", baseline_value=optimal,
                  higher_is_better=False, target="< 3 s (the table page)")
    assert seconds < 10


def test_field_check_speed(record_figure):
    rules = preset("sette-e-mezzo")
    optimal = best_of(lambda: analyze(rules), repeat=3)
    joint = dealer_joint(rules)
    days = generate([TablePlan(f"T{i}", Sampler(joint)) for i in range(10)], days=90,
                    rounds=(300, 600), seed=1)
    from certification.economics.rounds import SeatLaw

    seat = SeatLaw(joint)
    seconds = best_of(lambda: field_check(days, seat, laws=DayLaws(seat, 1)), repeat=2)
    record_figure("field check, 10 tables x 90 days", seconds, "s",
                  baseline_name="optimal sette-e-mezzo", baseline_value=optimal,
                  higher_is_better=False, target="< 5 s (an upload)")
    assert seconds < 20
