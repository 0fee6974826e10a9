"""The floor's checks under one family-wise alpha, and what they found.

The floor's alpha is shared by a union bound: a third to the return check of the tables
(each at one game version, stake level and channel), a third to that of the dealers (each
at one version and stake), a third to the cards. The settlement audit raises no false alarm
(a payout is recomputed exactly), so it takes none.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from certification.economics.field import TableModel

from .cards import card_alarms, card_power, card_series, tests_per_card
from .returns import group_days, return_alarms, return_check, sum_cells
from .rollup import FloorRollup
from .settlement import SettlementAlarm

DEFAULT_ALPHA = 0.05


@dataclass(frozen=True)
class Finding:
    entity: str
    """A table or a dealer."""
    check: str
    """'return', 'cards' or 'settlement'."""
    test: str
    first_day: int
    alarm_day: int
    detail: str = ""


@dataclass(frozen=True)
class TableTheory:
    """What a table's rounds are checked against."""

    version: str
    stake: object
    channel: str
    model: TableModel

    def group(self, table: str) -> str:
        return f"{table}/{self.version}/{self.stake}/{self.channel}"

    def dealer_group(self, dealer: str) -> str:
        return f"{dealer}/{self.version}/{self.stake}"


@dataclass(frozen=True)
class FloorWatch:
    alpha: float
    findings: list[Finding]
    card_level: float
    power: object = None
    groups: dict[str, int] = field(default_factory=dict)

    def entities(self) -> set[str]:
        return {f.entity for f in self.findings}


def watch_floor(rollup: FloorRollup, theory: dict[str, TableTheory], *, start: dt.date,
                alpha: float = DEFAULT_ALPHA,
                settlement: dict[str, SettlementAlarm] | None = None) -> FloorWatch:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie between 0 and 1, not {alpha}")
    part = alpha / 3
    findings: list[Finding] = []
    to_day = {}

    def day_of(date: dt.date) -> int:
        return (date - start).days + 1

    tables, dealers = [], []
    model_of = {}
    dates = {}
    names: dict[tuple[str, str], tuple[str, str]] = {}
    for (table, day, dealer), cell in rollup.cells.items():
        t = theory[table]
        date = dates.setdefault(day, start + dt.timedelta(days=day - 1))
        if (table, dealer) not in names:
            names[table, dealer] = t.group(table), t.dealer_group(dealer)
        group, dealer_group = names[table, dealer]
        tables.append((group, date, cell.rounds, cell.handle, cell.win))
        dealers.append((dealer_group, date, cell.rounds, cell.handle, cell.win))
        to_day[group], to_day[dealer_group] = table, dealer
        # A dealer's group is checked against the law of any of its tables (same version
        # and stake, hence the same law).
        model_of[group] = model_of[dealer_group] = t.model
    groups = {}
    for kind, pairs in (("table", tables), ("dealer", dealers)):
        cells = sum_cells(pairs)
        days = group_days(cells)
        models = {g: model_of[g] for g, _ in cells}
        groups[kind] = len(models)
        for a in return_alarms(return_check(days, models, part)):
            findings.append(Finding(to_day[a.group], "return", a.test, day_of(a.first_day),
                                    day_of(a.alarm_day), f"{a.group}: z = {a.z:.2f}"))
    findings += _cards(rollup, part, findings)
    for alarm in (settlement or {}).values():
        findings.append(Finding(alarm.table, "settlement", alarm.problem.rule, alarm.day, alarm.day,
                                f"{alarm.problem} ({alarm.wrong_rounds} wrong rounds)"))
    level = _card_level(rollup, part)
    days = sorted({d for _, d in rollup.card_days})
    rounds = sum(c.rounds for c in rollup.card_days.values())
    power = None
    if rounds and all(c.dealt is not None for c in rollup.card_days.values()):
        cards_dealt = sum(int(c.dealt.sum()) for c in rollup.card_days.values())
        per_day = rounds // len(rollup.card_days)
        power = card_power(level, len(rollup.cards), cards_dealt / rounds, per_day)
    return FloorWatch(alpha, findings, level, power, groups | {"days": len(days)})


def _card_level(rollup: FloorRollup, alpha: float) -> float:
    tables = {t for t, _ in rollup.card_days}
    days = {d for _, d in rollup.card_days}
    family = len(tables) * len(rollup.cards) * tests_per_card(rollup.always_dealt) * max(1, len(days))
    return alpha / max(1, family)


def _cards(rollup: FloorRollup, alpha: float, findings) -> list[Finding]:
    level = _card_level(rollup, alpha)
    tables = sorted({t for t, _ in rollup.card_days})
    if not tables:
        return []
    last = max(d for _, d in rollup.card_days)
    by_table = {t: [rollup.card_days.get((t, d)) for d in range(1, last + 1)] for t in tables}
    series = card_series(by_table, rollup.cards, rollup.always_dealt)
    return [Finding(a.table, "cards", f"{a.test}: {a.card}", a.first_day, a.alarm_day,
                    f"log e = {a.log_e:.1f}") for a in card_alarms(series, level)]
