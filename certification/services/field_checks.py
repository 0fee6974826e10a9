"""The field check of days against each table's theory, as stored and reported: the
``fieldcheck`` computation on a table's configuration, shared by the uploads and the trials."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from django.core.exceptions import ValidationError

from casino.models import TableConfiguration
from certification.economics.analysis import mixed_figures
from certification.economics.field import TableModel, field_check
from certification.economics.report import field_json
from certification.reports.field_trial import DayPoint, TableSection
from certification.services.economics import figures_ready, table_mix, table_rules


def table_model(table: TableConfiguration) -> TableModel:
    rules = table_rules(table)
    try:
        figures_ready(table, rules)
    except ValidationError as exc:
        raise ValidationError({"file": exc.message_dict["economics"]}) from None
    mixed = mixed_figures(rules, table_mix(table), table.house_way)
    return TableModel(mixed.seat, table.occupied_seats or table.seats)


def field_result(days, *, tables: dict[str, TableConfiguration], alpha: float) -> tuple[dict, int]:
    """The field check of these days against each table's theory (the ``fieldcheck``
    computation), as stored JSON, and its number of alarms (day alarms and drifting tables)."""
    models = {name: table_model(table) for name, table in tables.items()}
    report = field_check(days, alpha=alpha, models=models)
    result = field_json(report)
    for name, data in result["tables"].items():
        t = tables[name]
        data.update({"variant": t.variant.name, "paytable_version": t.paytable_version.number,
                     "mix": {k: float(Fraction(str(v))) for k, v in (t.player_mix or {"optimal": 1}).items()},
                     "table_id": t.pk})
    alarms = len(result["day_alarms"]) + sum(t["drift"]["alarm"] for t in result["tables"].values())
    return result, alarms


def table_sections(result: dict) -> list[TableSection]:
    """The report's per-table sections of a stored field check."""
    tables = []
    for name, t in result["tables"].items():
        series = [DayPoint(dt.date.fromisoformat(p["date"]), p["win"], p["expected"], p["sd"],
                           p["alarm"] or "") for p in t["series"]]
        drift = t["drift"]
        tables.append(TableSection(
            table_id=name, variant=t.get("variant", ""), paytable_version=t.get("paytable_version", 0),
            players=", ".join(f"{k} {v:.0%}" for k, v in t.get("mix", {}).items()) or "optimal",
            seats=t["seats"], days=t["days"], rounds=t["rounds"], handle=t["handle"],
            win=t["actual_win"], expected=t["expected_win"], sd=t["sd"], z=t["z"],
            house_edge=t["house_edge"],
            drift_date=dt.date.fromisoformat(drift["first_date"]) if drift["first_date"] else None,
            drift_direction=drift["direction"] or "", series=series))
    return tables
