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

from .cards import card_alarms, card_power, tests_per_card
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
    for (table, day, dealer), cell in rollup.cells.items():
        t = theory[table]
        date = start + dt.timedelta(days=day - 1)
        tables.append((t.group(table), date, cell.rounds, cell.handle, cell.win))
        dealers.append((t.dealer_group(dealer), date, cell.rounds, cell.handle, cell.win))
        to_day[t.group(table)] = table
        to_day[t.dealer_group(dealer)] = dealer
    groups = {}
    for kind, pairs in (("table", tables), ("dealer", dealers)):
        cells = sum_cells(pairs)
        days = group_days(cells)
        models = {g: theory[_table_of(g, kind, rollup, theory)].model for g, _ in cells}
        groups[kind] = len(models)
        for a in return_alarms(return_check(days, models, part)):
            findings.append(Finding(to_day[a.group], "return", a.test, day_of(a.first_day),
                                    day_of(a.alarm_day), f"{a.group}: z = {a.z:.2f}"))
    findings += _cards(rollup, part, findings)
    for alarm in (settlement or {}).values():
        findings.append(Finding(alarm.table, "settlement", alarm.rule, alarm.day, alarm.day,
                                f"round {alarm.round_id}: posted {alarm.posted}, due {alarm.due} "
                                f"({alarm.wrong_rounds} wrong rounds)"))
    level = _card_level(rollup, part)
    days = sorted({d for _, d in rollup.card_days})
    rounds = sum(c.rounds for c in rollup.card_days.values())
    cards_dealt = sum(int(c.dealt.sum()) for c in rollup.card_days.values())
    per_day = rounds // max(1, len(rollup.card_days))
    power = card_power(level, len(rollup.cards), cards_dealt / max(rounds, 1), per_day) if rounds else None
    return FloorWatch(alpha, findings, level, power, groups | {"days": len(days)})


def _table_of(group: str, kind: str, rollup: FloorRollup, theory: dict[str, TableTheory]) -> str:
    if kind == "table":
        return group.split("/", 1)[0]
    name, version, stake = group.split("/")
    # A dealer's group is checked against the theory of any of its tables (same version
    # and stake, hence the same law).
    for (table, _, dealer) in rollup.cells:
        t = theory[table]
        if dealer == name and t.version == version and str(t.stake) == stake:
            return table
    raise KeyError(group)


def _card_level(rollup: FloorRollup, alpha: float) -> float:
    tables = {t for t, _ in rollup.card_days}
    days = {d for _, d in rollup.card_days}
    family = len(tables) * len(rollup.cards) * tests_per_card(rollup.always_dealt) * max(1, len(days))
    return alpha / max(1, family)


def _cards(rollup: FloorRollup, alpha: float, findings) -> list[Finding]:
    level = _card_level(rollup, alpha)
    out = []
    for table in sorted({t for t, _ in rollup.card_days}):
        days = [rollup.card_days[k] for k in sorted(k for k in rollup.card_days if k[0] == table)]
        for a in card_alarms(table, days, rollup.cards, level):
            out.append(Finding(table, "cards", f"{a.test}: {a.card}", a.first_day, a.alarm_day,
                               f"log e = {a.log_e:.1f}"))
    return out
