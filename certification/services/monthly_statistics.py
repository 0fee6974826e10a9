"""The monthly table-game statistics of each property, issued on the 1st for the month before:
a signed PDF in the jurisdiction's language, registered by SHA-256 (``verify-report``), and a
CSV of the same rows; listed for the regulators of the property's jurisdiction."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import math

import numpy as np
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone

from casino.models import CasinoProperty, PaytableVersion, RoundRollup, TableConfiguration
from casino.services.audit import audit_record, snapshot
from certification.economics.field import TableModel
from certification.models import FloorAlarm, MonthlyStatistics
from certification.reports.monthly_statistics import (
    AlarmRow,
    MonthlyStatisticsData,
    StatisticsRow,
    render_monthly_statistics,
)
from certification.reports.verify import sha256_of
from certification.services.signing import sign_pdf

from .floor_checks import SharedModels

BAND_LEVEL = 0.95


def month_bounds(month: dt.date) -> tuple[dt.date, dt.date]:
    first = month.replace(day=1)
    return first, (first + dt.timedelta(days=32)).replace(day=1)


def hold_band(model: TableModel, rounds: int, level: float = BAND_LEVEL) -> tuple[float, float]:
    """The central ``level`` band of a month's hold (win / handle) under the exact law of the
    sum of ``rounds`` rounds; where that law is too wide for one FFT, the normal band with
    the exact variance (about a million rounds or more, where the two agree closely)."""
    law = model.laws.round.power(rounds) if rounds else None
    per = rounds * model.seats
    if law is not None:
        cdf = np.cumsum(law.probs) / law.probs.sum()
        tail = (1 - level) / 2
        low = law.values[min(int(np.searchsorted(cdf, tail)), cdf.size - 1)]
        high = law.values[min(int(np.searchsorted(cdf, 1 - tail)), cdf.size - 1)]
        return float(low) / per, float(high) / per
    edge = float(model.seat.house_edge)
    sd = math.sqrt(model.round_variance * model.seats ** 2 * rounds) / per
    z = 1.959963984540054 if level == 0.95 else 0.0
    return edge - z * sd, edge + z * sd


def monthly_statistics_data(*, casino_property: CasinoProperty, month: dt.date) -> MonthlyStatisticsData:
    first, after = month_bounds(month)
    tables = {t.pk: t for t in TableConfiguration.objects.filter(casino_property=casino_property)
              .select_related("variant", "paytable_version")}
    sums = (RoundRollup.objects.filter(table_id__in=tables, day__gte=first, day__lt=after)
            .values("table_id", "paytable_version_id", "stake_level", "channel")
            .annotate(n=Sum("rounds"), handle_sum=Sum("handle"), net_sum=Sum("net"))
            .order_by("table_id", "paytable_version_id", "stake_level", "channel"))
    alarms = list(FloorAlarm.objects.filter(table_id__in=tables).filter(
        Q(alarm_day__gte=first, alarm_day__lt=after) | Q(first_day__gte=first, first_day__lt=after))
        .select_related("table").order_by("first_day", "id"))
    versions = {v.pk: v.number for v in PaytableVersion.objects.filter(
        pk__in={s["paytable_version_id"] for s in sums})}
    shared = SharedModels()
    rows = []
    for s in sums.iterator(chunk_size=2000):
        table = tables[s["table_id"]]
        model = shared.of(table)
        low, high = hold_band(model, int(s["n"]))
        rows.append(StatisticsRow(
            table.table_id, table.variant.name, versions.get(s["paytable_version_id"], table.paytable_version.number),
            s["stake_level"], s["channel"], int(s["n"]), float(s["handle_sum"]), -float(s["net_sum"]),
            float(model.seat.house_edge), low, high, sum(1 for a in alarms if a.table_id == table.pk)))
    return MonthlyStatisticsData(
        casino_property.name, casino_property.jurisdiction.name, first, timezone.localdate(), BAND_LEVEL, rows,
        [AlarmRow(a.table.table_id, a.dealer_id, a.get_kind_display(), a.test, a.first_day,
                  a.get_status_display(), a.reason) for a in alarms],
        language=casino_property.jurisdiction.language)


def monthly_statistics_csv(data: MonthlyStatisticsData) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["property", "jurisdiction", "month", "table", "game_version", "stake_level", "channel",
                     "rounds", "handle", "win", "hold", "theoretical_hold", "band_low", "band_high", "alarms"])
    for r in data.rows:
        writer.writerow([data.casino_property, data.jurisdiction, f"{data.month:%Y-%m}", r.table_id,
                         f"{r.variant} v{r.paytable_version}", r.stake_level, r.channel, r.rounds,
                         f"{r.handle:.2f}", f"{r.win:.2f}", f"{r.hold:.6f}", f"{r.theoretical_hold:.6f}",
                         f"{r.band_low:.6f}", f"{r.band_high:.6f}", r.alarms])
    writer.writerow([])
    writer.writerow(["alarm_table", "dealer", "check", "finding", "first_day", "status", "resolution"])
    for a in data.alarms:
        writer.writerow([a.table_id, a.dealer_id, a.check, a.test, a.first_day.isoformat(), a.status, a.reason])
    return out.getvalue().encode()


@transaction.atomic
def monthly_statistics_issue(*, casino_property: CasinoProperty, month: dt.date, actor=None) -> MonthlyStatistics:
    """The property's report for the month (issued once per language; issued again, the
    stored one is returned)."""
    first, _ = month_bounds(month)
    language = casino_property.jurisdiction.language
    existing = MonthlyStatistics.objects.filter(casino_property=casino_property, month=first, language=language).first()
    if existing is not None:
        return existing
    data = monthly_statistics_data(casino_property=casino_property, month=first)
    pdf = sign_pdf(render_monthly_statistics(data),
                   reason=f"Monthly table-game statistics, {casino_property.name}, {first:%Y-%m}")
    table_csv = monthly_statistics_csv(data)
    report = MonthlyStatistics(casino_property=casino_property, month=first, language=language,
                               sha256=sha256_of(pdf), csv_sha256=hashlib.sha256(table_csv).hexdigest(),
                               tables=len({r.table_id for r in data.rows}), rounds=sum(r.rounds for r in data.rows))
    stem = f"statistics-{casino_property.pk}-{first:%Y-%m}-{language}"
    report.pdf.save(f"{stem}.pdf", ContentFile(pdf), save=False)
    report.csv.save(f"{stem}.csv", ContentFile(table_csv), save=False)
    report.save()
    audit_record(actor=actor, action="monthly_statistics.issued", obj=report, before=None, after=snapshot(report),
                 message=f"{casino_property.name} {first:%Y-%m}: {report.tables} tables, {report.rounds} rounds")
    return report


def monthly_statistics_issue_all(*, month: dt.date | None = None) -> list[MonthlyStatistics]:
    """Every property with rounds in the month (the month before today by default)."""
    if month is None:
        month = (timezone.localdate().replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    first, after = month_bounds(month)
    with_rounds = RoundRollup.objects.filter(day__gte=first, day__lt=after).values("table__casino_property")
    return [monthly_statistics_issue(casino_property=p, month=first)
            for p in CasinoProperty.objects.filter(pk__in=with_rounds).select_related("jurisdiction")]


__all__ = ["hold_band", "monthly_statistics_data", "monthly_statistics_issue",
           "monthly_statistics_issue_all"]
