"""A house-way chart typed for a table needs no "family": it is the variant's own; a chart
naming another family is still refused."""

from __future__ import annotations

import pytest

from casino.rules import preset
from certification.odds.simulation.strategies import ChartStrategy, StrategyError


def test_a_chart_without_family_is_the_variants_own():
    rules = preset("sette-e-mezzo")
    chart = ChartStrategy(rules, {"default": "S", "totals": {"0.5": "H"}})
    assert chart.default == ChartStrategy(rules, {"family": "seven_and_half", "default": "S"}).default


def test_a_chart_for_another_family_is_refused():
    with pytest.raises(StrategyError, match="the chart is for family 'nine_ten_eleven'"):
        ChartStrategy(preset("sette-e-mezzo"), {"family": "nine_ten_eleven", "default": "S"})
