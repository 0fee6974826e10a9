"""Return against theory per group of rounds (a table at one game version, stake level and
channel; a dealer at one version and stake), by the field trial's engine: ``field_check``
(certification/economics/field.py) on the groups' days, each against its exact law.

``field_check`` already controls its family-wise false-alarm rate over the groups it is
given (half of its alpha to the days' exact tails, half to the groups' CUSUM), so the floor
gives it its share of the floor's alpha once per kind of group.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from certification.economics.field import FieldReport, TableModel, TableResult, field_check
from certification.economics.fieldfile import FieldDay


@dataclass(frozen=True)
class ReturnAlarm:
    group: str
    test: str
    """'day: impossible', 'day: improbable' or 'drift: house above/below theory'."""
    first_day: dt.date
    """The day the alarm's evidence starts: the day itself, or the CUSUM's change point."""
    alarm_day: dt.date
    z: float


def group_days(cells: dict[tuple[str, dt.date], tuple[int, object, object]]) -> list[FieldDay]:
    """FieldDays of (group, date) -> (rounds, handle, win) sums."""
    return [FieldDay(i, date, group, rounds, handle, win)
            for i, ((group, date), (rounds, handle, win)) in enumerate(sorted(cells.items()), 1)
            if rounds]


def sum_cells(pairs) -> dict[tuple[str, dt.date], tuple]:
    """Sum (group, date, rounds, handle, win) tuples per group and date."""
    out: dict = defaultdict(lambda: [0, 0, 0])
    for group, date, rounds, handle, win in pairs:
        cell = out[group, date]
        cell[0] += rounds
        cell[1] += handle
        cell[2] += win
    return {k: tuple(v) for k, v in out.items()}


def return_check(days: list[FieldDay], models: dict[str, TableModel], alpha: float) -> FieldReport:
    return field_check(days, alpha=alpha, models=models)


def return_alarms(report: FieldReport) -> list[ReturnAlarm]:
    out = []
    for name, table in report.tables.items():
        for d in table.days:
            if d.alarm:
                out.append(ReturnAlarm(name, f"day: {d.alarm}", d.day.date, d.day.date, d.z))
        if table.drift_index is not None:
            out.append(ReturnAlarm(name, f"drift: {table.drift_direction}", change_point(table),
                                   table.drift_date, table.z))
    return out


def change_point(table: TableResult) -> dt.date:
    """The first day of the run that made the CUSUM cross: the day after its side last stood
    at zero (Page's estimate of when the shift began)."""
    side = table.cusum_upper if table.drift_direction == "house above theory" else table.cusum_lower
    i = table.drift_index
    while i > 0 and side[i - 1] > 0:
        i -= 1
    return table.cusum_dates[i]
