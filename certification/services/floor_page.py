"""What the floor page shows: each table's last hour, day and 30 days against theory (the
field trial's engine on the table's days from the rollups, and the last hour's rounds)."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Sum
from django.utils import timezone

from casino.models import Round, RoundRollup, TableConfiguration
from certification.economics.field import field_check
from certification.economics.fieldfile import FieldDay
from certification.economics.report import field_json

from .field_checks import table_model
from .floor_checks import WINDOW_DAYS


@dataclass(frozen=True)
class Span:
    label: str
    rounds: int
    handle: float
    win: float
    expected: float
    sd: float

    @property
    def z(self) -> float:
        return (self.win - self.expected) / self.sd if self.sd else 0.0


@dataclass(frozen=True)
class TableNow:
    table: TableConfiguration
    spans: list[Span]
    series: list[dict]
    drift_date: str | None


def _span(label: str, rounds: int, handle: float, win: float, edge: float, variance: float) -> Span:
    sd = handle / math.sqrt(rounds) * math.sqrt(variance) if rounds else 0.0
    return Span(label, rounds, handle, win, edge * handle, sd)


def floor_now(*, now: dt.datetime | None = None, alpha: float = 0.05) -> list[TableNow]:
    now = now or timezone.now()
    today = now.date()
    start = today - dt.timedelta(days=WINDOW_DAYS - 1)
    sums = (RoundRollup.objects.filter(day__gte=start, day__lte=today).values("table_id", "day")
            .annotate(n=Sum("rounds"), handle_sum=Sum("handle"), net_sum=Sum("net")).order_by("table_id", "day"))
    by_table: dict[int, list[FieldDay]] = {}
    for s in sums:
        by_table.setdefault(s["table_id"], []).append(FieldDay(
            0, s["day"], str(s["table_id"]), int(s["n"]), Fraction(str(s["handle_sum"])), -Fraction(str(s["net_sum"]))))
    hour = {r["table_id"]: r for r in Round.objects.filter(played_at__gte=now - dt.timedelta(hours=1),
                                                             played_at__lte=now)
            .values("table_id").annotate(n=Count("id"), handle_sum=Sum("handle"), net_sum=Sum("net")).order_by()}
    out = []
    tables = TableConfiguration.objects.filter(pk__in=by_table).select_related(
        "variant", "paytable_version", "casino_property").order_by("table_id")
    for table in tables:
        days = by_table[table.pk]
        model = table_model(table)
        result = field_json(field_check(days, alpha=alpha, models={str(table.pk): model}))["tables"][str(table.pk)]
        edge = float(model.seat.house_edge)
        spans = []
        h = hour.get(table.pk)
        if h:
            spans.append(_span("last hour", h["n"], float(h["handle_sum"]), -float(h["net_sum"]), edge,
                               model.round_variance))
        else:
            spans.append(_span("last hour", 0, 0.0, 0.0, edge, model.round_variance))
        last = days[-1] if days[-1].date == today else None
        spans.append(_span("today", last.rounds if last else 0, float(last.handle) if last else 0.0,
                           float(last.win) if last else 0.0, edge, model.round_variance))
        spans.append(Span("30 days", result["rounds"], result["handle"], result["actual_win"],
                          result["expected_win"], result["sd"]))
        out.append(TableNow(table, spans, result["series"], result["drift"]["first_date"]))
    return out
