"""The floor's checks on the stored rounds: the settlement audit and the card sums as rounds
arrive, the trailing 30 days' return and card checks from the rollups (certification.floor,
the field trial's engine per table and dealer)."""

from __future__ import annotations

import datetime as dt
import json
import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
from django.db import transaction
from django.db.models import Sum

from casino.models import Round, RoundRollup, TableConfiguration
from casino.rules.cards import deck_ranks, new_deck
from casino.services.rounds_ingest import round_record
from certification.floor.cards import CardDay, card_day
from certification.floor.rollup import FloorRollup
from certification.floor.watch import DEFAULT_ALPHA, FloorWatch, TableTheory, watch_floor
from certification.models import AlarmCheck, CardDayStats, FloorAlarm
from certification.odds.replay import replay_round

from .economics import table_rules
from .field_checks import table_model
from .floor_alarms import floor_alarm_raise

WINDOW_DAYS = 30
ALWAYS_DEALT = 2
"""Positions dealt in every round: the first seat's first card and the next (another seat's
first card or the dealer's)."""


class SharedModels:
    """One ``TableModel`` per theory (game version, player mix, house way, seats): tables that
    share a theory share its exact laws, computed once (a floor has 200 tables, a few games)."""

    def __init__(self) -> None:
        self.models: dict[tuple, object] = {}

    def of(self, table: TableConfiguration):
        key = (table.paytable_version_id, json.dumps(table.player_mix, sort_keys=True),
               json.dumps(table.house_way, sort_keys=True), table.occupied_seats or table.seats)
        if key not in self.models:
            self.models[key] = table_model(table)
        return self.models[key]


def table_cards(table: TableConfiguration) -> list[str] | None:
    """The table's deck, when the card checks apply (one deck: each card once per round)."""
    rules = table_rules(table)
    if table.decks != 1 or getattr(rules, "decks", 1) != 1:
        return None
    return [c.code for c in new_deck(deck_ranks(rules.family), 1)]


def card_days_rebuild(*, table: TableConfiguration, days: set[dt.date]) -> int:
    """The card sums of these days of the table, from its rounds (idempotent)."""
    cards = table_cards(table)
    if cards is None:
        return 0
    index = {c: i for i, c in enumerate(cards)}
    written = 0
    for day in sorted(days):
        start = dt.datetime.combine(day, dt.time(), dt.UTC)
        rows = (Round.objects.filter(table_id=table.pk, played_at__gte=start,
                                     played_at__lt=start + dt.timedelta(days=1))
                .exclude(cards="").order_by("played_at", "id").values_list("cards", flat=True))
        dealt = [[index[c] for c in text.split()] for text in rows.iterator(chunk_size=5000)]
        if not dealt:
            continue
        stats = card_day(dealt, len(cards), ALWAYS_DEALT)
        CardDayStats.objects.update_or_create(table=table, day=day, defaults={
            "rounds": stats.rounds, "stats": _stats_json(stats)})
        written += 1
    return written


def _stats_json(s: CardDay) -> dict:
    return {"positions": s.positions.tolist(), "dealt": s.dealt.tolist(), "expected": s.expected.tolist(),
            "missing": [None if math.isinf(x) else x for x in s.missing_log_lr.tolist()],
            "twice": s.twice.tolist()}


def _card_day(row: CardDayStats) -> CardDay:
    s = row.stats
    return CardDay(row.rounds, np.array(s["positions"]), np.array(s["dealt"]), np.array(s["expected"]),
                   np.array([-np.inf if x is None else x for x in s["missing"]]), np.array(s["twice"]))


def settlement_audit_rounds(rows) -> list[FloorAlarm]:
    """Each table's first wrong payout among these stored rounds, raised as an alarm."""
    tables: dict[int, TableConfiguration] = {}
    rules: dict[int, object] = {}
    first: dict[int, tuple] = {}
    for row in rows:
        if row.table_id in first or not row.cards:
            continue
        if row.table_id not in tables:
            tables[row.table_id] = TableConfiguration.objects.select_related(
                "variant", "paytable_version", "casino_property__jurisdiction").get(pk=row.table_id)
            rules[row.table_id] = table_rules(tables[row.table_id])
        replay = replay_round(rules[row.table_id], round_record(row, tables[row.table_id].table_id))
        if replay.problems:
            first[row.table_id] = (row, replay.problems[0])
    raised = []
    for table_pk, (row, problem) in first.items():
        evidence = {"round": row.round_id, "played_at": row.played_at.isoformat(), "field": problem.field,
                    "rule": problem.rule, "message": problem.message,
                    "expected": str(problem.expected) if problem.expected is not None else "",
                    "posted": str(problem.posted) if problem.posted is not None else ""}
        alarm = floor_alarm_raise(table=tables[table_pk], kind=AlarmCheck.SETTLEMENT, test=problem.rule,
                                  first_day=row.played_at.date(), alarm_day=row.played_at.date(),
                                  evidence=evidence)
        if alarm is not None:
            raised.append(alarm)
    return raised


def floor_rounds_arrived(*, batch_pk: int) -> list[FloorAlarm]:
    """A stored batch: its rounds' settlement audited, the card sums of its days rebuilt."""
    rows = Round.objects.filter(batch_id=batch_pk).order_by("played_at", "id")
    raised = settlement_audit_rounds(rows.iterator(chunk_size=2000))
    days: dict[int, set[dt.date]] = defaultdict(set)
    for table_pk, played in rows.values_list("table_id", "played_at").iterator(chunk_size=5000):
        days[table_pk].add(played.date())
    for table in TableConfiguration.objects.filter(pk__in=days).select_related("variant", "paytable_version"):
        with transaction.atomic():
            card_days_rebuild(table=table, days=days[table.pk])
    return raised


def floor_watch(*, day: dt.date, alpha: float = DEFAULT_ALPHA,
                tables: list[TableConfiguration] | None = None) -> tuple[FloorWatch, dict[str, TableConfiguration]]:
    """The trailing 30 days to ``day`` of every table (or these) from the rollups."""
    start = day - dt.timedelta(days=WINDOW_DAYS - 1)
    cells = (RoundRollup.objects.filter(day__gte=start, day__lte=day)
             .values("table_id", "day", "dealer_id", "paytable_version_id")
             .annotate(n=Sum("rounds"), handle_sum=Sum("handle"), net_sum=Sum("net")).order_by())
    if tables is not None:
        cells = cells.filter(table_id__in=[t.pk for t in tables])
    by_pk: dict[int, TableConfiguration] = {}
    theory: dict[str, TableTheory] = {}
    shared = SharedModels()
    rollup = FloorRollup([], ALWAYS_DEALT)
    for c in cells.iterator(chunk_size=5000):
        table = by_pk.get(c["table_id"])
        if table is None:
            table = by_pk[c["table_id"]] = TableConfiguration.objects.select_related(
                "variant", "paytable_version", "casino_property__jurisdiction").get(pk=c["table_id"])
            theory[table.table_id] = TableTheory(str(table.paytable_version_id), table.stake_level,
                                                 table.channel, shared.of(table))
        # A table's rounds under another version than its current one are not its current law's.
        if c["paytable_version_id"] not in (0, table.paytable_version_id) or not c["n"]:
            continue
        rollup.cells[table.table_id, (c["day"] - start).days + 1, c["dealer_id"]].add(
            c["n"], Fraction(str(c["handle_sum"])), -Fraction(str(c["net_sum"])))
    _add_card_days(rollup, by_pk, start, day)
    return watch_floor(rollup, theory, start=start, alpha=alpha), {t.table_id: t for t in by_pk.values()}


def _add_card_days(rollup: FloorRollup, tables: dict[int, TableConfiguration], start: dt.date, day: dt.date) -> None:
    decks = {pk: table_cards(t) for pk, t in tables.items()}
    decks = {pk: d for pk, d in decks.items() if d is not None}
    if not decks or len({tuple(d) for d in decks.values()}) != 1:
        return  # one deck for the whole check (the family's columns are per card)
    rollup.cards = next(iter(decks.values()))
    rows = CardDayStats.objects.filter(table_id__in=decks, day__gte=start, day__lte=day)
    for row in rows.iterator(chunk_size=2000):
        rollup.card_days[tables[row.table_id].table_id, (row.day - start).days + 1] = _card_day(row)


def floor_check_run(*, day: dt.date, alpha: float = DEFAULT_ALPHA) -> list[FloorAlarm]:
    """The daily check: every finding of the trailing 30 days raised as an alarm (once)."""
    watch, tables = floor_watch(day=day, alpha=alpha)
    start = day - dt.timedelta(days=WINDOW_DAYS - 1)
    dealer_tables = _dealer_tables(start, day)
    raised = []
    for f in watch.findings:
        table = tables.get(f.entity)
        dealer = ""
        if table is None:  # a dealer's finding: filed at the table it dealt most at
            dealer, table = f.entity, tables.get(dealer_tables.get(f.entity, ""))
            if table is None:
                continue
        alarm = floor_alarm_raise(
            table=table, kind=f.check, test=f.test, dealer_id=dealer,
            first_day=start + dt.timedelta(days=f.first_day - 1),
            alarm_day=start + dt.timedelta(days=f.alarm_day - 1),
            evidence=_evidence(f, watch, alpha, start, day))
        if alarm is not None:
            raised.append(alarm)
    return raised


def _evidence(f, watch: FloorWatch, alpha: float, start: dt.date, day: dt.date) -> dict:
    out = {"detail": f.detail, "alpha": alpha, "window": f"{start} to {day}"}
    if f.check == "cards" and watch.power is not None:
        p = watch.power
        out["power"] = (f"a lost card is found, surely, within {p.missing_rounds} rounds of its loss; "
                        f"a second copy of a card, within a day of {p.rounds} rounds with probability "
                        f"{p.added_day_power:.3g} (level {p.level:.3g} per test)")
    return out


def _dealer_tables(start: dt.date, day: dt.date) -> dict[str, str]:
    rows = (RoundRollup.objects.filter(day__gte=start, day__lte=day).values("dealer_id", "table__table_id")
            .annotate(n=Sum("rounds")).order_by("dealer_id", "-n"))
    out: dict[str, str] = {}
    for r in rows:
        out.setdefault(r["dealer_id"], r["table__table_id"])
    return out
