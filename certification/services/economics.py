"""A table's economics from its configuration: the variant it runs, its players, its pace."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError

from casino.models import DEFAULT_LIMITS, TableConfiguration
from casino.models.tables import BET_TYPES, DEFAULT_HOURS_OPEN
from casino.rules import Rules, rules_from_dict
from certification.economics.analysis import MixedFigures, mixed_figures, strategy_figures
from certification.economics.mix import STRATEGIES, PlayerMix
from certification.economics.report import economics_json
from certification.economics.table import (
    DEFAULT_DECISIONS_PER_HOUR,
    TableEconomics,
    TableSetup,
    table_economics,
)
from certification.odds.analysis import slow_analysis_reason


def table_rules(table: TableConfiguration) -> Rules:
    return rules_from_dict(table.variant.rules_dict(table.paytable_version.payouts))


def table_mix(table: TableConfiguration) -> PlayerMix:
    return PlayerMix.of(table.player_mix) if table.player_mix else PlayerMix.single("optimal")


def _initial_limits(table: TableConfiguration) -> dict[str, Any]:
    bet = BET_TYPES[table.variant.family][0]
    return (table.bet_limits or {}).get(bet) or DEFAULT_LIMITS[table.variant.family][bet]


def table_setup(table: TableConfiguration) -> TableSetup:
    limits = _initial_limits(table)
    bet = Fraction(str(table.average_bet)) if table.average_bet else Fraction(limits["min"])
    return TableSetup(
        decisions_per_hour=table.decisions_per_hour or DEFAULT_DECISIONS_PER_HOUR[table.variant.family],
        seats=table.occupied_seats or table.seats,
        average_bet=bet,
        hours=Fraction(str(table.hours_open or DEFAULT_HOURS_OPEN)),
        table_seats=table.seats,
        max_bet=Fraction(limits["max"]),
    )


@dataclass(frozen=True)
class TableFigures:
    table: TableConfiguration
    mixed: MixedFigures
    economics: TableEconomics
    by_strategy: list[tuple[str, Fraction]]
    """Theoretical win per hour with every player on one strategy, and under the table's mix."""

    def to_json(self) -> dict[str, Any]:
        data = economics_json(self.mixed, self.economics)
        data["theo_win_per_hour_by_mix"] = {label: float(v) for label, v in self.by_strategy}
        return {"table": self.table.table_id, "variant": self.table.variant.name,
                "paytable_version": self.table.paytable_version.number, **data}


def figures_ready(table: TableConfiguration, rules: Rules) -> None:
    """Refuse, with the reason, a variant whose exact figures take minutes to count."""
    reason = slow_analysis_reason(rules)
    if reason is not None:
        raise ValidationError({"economics": (
            f"table {table.table_id}: {reason}; the economics and fieldcheck commands compute "
            "them off the web server")})


def table_figures(*, table: TableConfiguration) -> TableFigures:
    """The table's exact figures under its player mix, its theoretical win and volatility."""
    rules = table_rules(table)
    figures_ready(table, rules)
    mix = table_mix(table)
    setup = table_setup(table)
    mixed = mixed_figures(rules, mix, table.house_way)
    econ = table_economics(mixed.seat, setup)
    scale = setup.average_bet * setup.decisions_per_hour * setup.seats
    by_strategy = [(name.replace("_", " "), strategy_figures(rules, name, table.house_way).seat_edge * scale)
                   for name in STRATEGIES]
    by_strategy.append((f"this table ({mix})", econ.theo_win_per_hour))
    return TableFigures(table, mixed, econ, by_strategy)
