"""Return against theory per group of rounds (a table at one game version, stake level and
channel; a dealer at one version and stake), by the field trial's engine: ``field_check``
(certification/economics/field.py) on the groups' days, each against its exact law.

Each kind of group has its share of the floor's alpha, halved: one half to ``field_check``
(which controls its own family-wise rate over the groups' days and CUSUM), the other to the
*band*: the trailing window's whole result against the exact law of the sum of its rounds
(``window_result``, Bonferroni over the groups). The band is what a regulator asks ("the
previous 30 days' return against the theoretical"); the days catch a wild day, the CUSUM
dates a shift.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from certification.economics.field import (
    FieldReport,
    TableModel,
    TableResult,
    field_check,
    window_result,
)
from certification.economics.fieldfile import FieldDay


@dataclass(frozen=True)
class ReturnAlarm:
    group: str
    test: str
    """'band (improbable)', 'day (impossible)', 'day (improbable)' or 'drift', then the side:
    'house above theory' or 'house below theory'."""
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


@dataclass(frozen=True)
class GroupReturn:
    """A group's trailing window against theory: its band result and its days."""

    group: str
    window: FieldDay
    band: object
    """``DayResult`` of the window against the exact law of its sum."""
    days: TableResult


@dataclass(frozen=True)
class ReturnCheck:
    alpha: float
    band_level: float
    report: FieldReport
    groups: dict[str, GroupReturn]


def return_check(days: list[FieldDay], models: dict[str, TableModel], alpha: float) -> ReturnCheck:
    report = field_check(days, alpha=alpha / 2, models=models)
    level = alpha / 2 / max(1, len(report.tables))
    groups = {}
    for name, table in report.tables.items():
        window = FieldDay(0, table.days[-1].day.date, name, table.rounds, table.handle, table.actual_win)
        groups[name] = GroupReturn(name, window, window_result(window, models[name], level), table)
    return ReturnCheck(alpha, level, report, groups)


def return_alarms(check: ReturnCheck) -> list[ReturnAlarm]:
    out = []
    for name, g in check.groups.items():
        if g.band.alarm:
            side = "house above theory" if g.band.z > 0 else "house below theory"
            out.append(ReturnAlarm(name, f"band ({g.band.alarm}): {side}", shift_start(g.days, side),
                                   g.window.date, g.band.z))
    for name, table in check.report.tables.items():
        for d in table.days:
            if d.alarm:
                side = "house above theory" if d.z > 0 else "house below theory"
                out.append(ReturnAlarm(name, f"day ({d.alarm}): {side}", d.day.date, d.day.date, d.z))
        if table.drift_index is not None:
            out.append(ReturnAlarm(name, f"drift: {table.drift_direction}", change_point(table),
                                   table.drift_date, table.z))
    return out


def change_point(table: TableResult) -> dt.date:
    """The first day of the run that made the CUSUM cross: the day after its side last stood
    at zero (Page's estimate of when the shift began)."""
    side = table.cusum_upper if table.drift_direction == "house above theory" else table.cusum_lower
    return table.cusum_dates[_run_start(side, table.drift_index)]


def shift_start(table: TableResult, direction: str) -> dt.date:
    """Page's estimate of when a shift in ``direction`` began: the start of the run that
    took that side of the CUSUM to its highest point."""
    side = table.cusum_upper if direction == "house above theory" else table.cusum_lower
    if not side:
        return table.days[0].day.date
    top = max(range(len(side)), key=side.__getitem__)
    return table.cusum_dates[_run_start(side, top)]


def _run_start(side: tuple[float, ...], i: int) -> int:
    while i > 0 and side[i - 1] > 0:
        i -= 1
    return i
