"""Speed of the floor's checks at a 200-table casino's scale, as ratios.

Baseline: one aggregate query summing the same 30 days of rollups per table (what any check
must at least read), timed in this run. Targets (issue): the 30-day check of 200 tables over
6 x 10^6 rounds <= 5 s from the rollups; the monthly report of 200 tables <= 30 s; memory
flat in the number of rounds (the checks read rollups, never the rounds).
"""

from __future__ import annotations

import datetime as dt
import time
import tracemalloc
from decimal import Decimal

import pytest
from django.db.models import Sum

from casino.models import RoundRollup
from casino.permissions import Role
from casino.services.properties import casino_property_create
from casino.services.round_rollups import RollupRow, rollups_add
from certification.services.floor_checks import floor_watch
from certification.services.monthly_statistics import monthly_statistics_issue
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_table, make_variant
from tests.benchmarks.conftest import best_of

pytestmark = [pytest.mark.services, pytest.mark.django_db]

TABLES, DAYS, SHIFTS, ROUNDS_PER_DAY = 200, 30, 3, 1000
MONTH = dt.date(2026, 10, 1)


@pytest.fixture
def floor(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    admin = UserFactory(username="adam", roles=[Role.ADMIN])
    casino = casino_property_create(name="Big floor", jurisdiction=JurisdictionFactory(code="big"), actor=admin)
    variant = make_variant(actor=None, preset="sette-e-mezzo")
    tables = [make_table(admin=admin, variant=variant, table_id=f"T-{i:03d}", casino_property=casino,
                         occupied_seats=1) for i in range(TABLES)]
    rows = {}
    per_shift = ROUNDS_PER_DAY // SHIFTS + 1
    for table in tables:
        for d in range(DAYS):
            day = MONTH + dt.timedelta(days=d)
            at = dt.datetime.combine(day, dt.time(12), dt.UTC)
            for s in range(SHIFTS):
                handle = Decimal(10 * per_shift)
                rows[(table.pk, day, f"{table.table_id}-D{(d + s) % 5}", s, table.paytable_version_id,
                      table.stake_level, table.channel)] = RollupRow(
                    per_shift, per_shift, handle, -(handle * Decimal("0.043")).quantize(Decimal("0.01")),
                    Decimal(0), 0, at, at)
            if len(rows) > 3000:
                rollups_add(rows)
                rows.clear()
    rollups_add(rows)
    return casino


def _read_rollups():
    list(RoundRollup.objects.filter(day__gte=MONTH, day__lt=MONTH + dt.timedelta(days=DAYS))
         .values("table_id", "day").annotate(n=Sum("rounds"), h=Sum("handle"), w=Sum("net")))


def test_thirty_day_check_of_200_tables(floor, record_figure):
    last = MONTH + dt.timedelta(days=DAYS - 1)
    rounds = RoundRollup.objects.aggregate(n=Sum("rounds"))["n"]
    assert rounds >= 6_000_000
    floor_watch(day=last)  # the thresholds and the game's law, computed once per process
    baseline = best_of(_read_rollups, repeat=3)
    seconds = best_of(lambda: floor_watch(day=last), repeat=3)
    record_figure(f"30-day check, {TABLES} tables, {rounds:,} rounds", seconds, "s",
                  baseline_name="reading the rollups", baseline_value=baseline, higher_is_better=False,
                  target="<= 5 s")
    tracemalloc.start()
    floor_watch(day=last)
    peak_full = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    RoundRollup.objects.update(rounds=1)  # the same rollups over 18,000 rounds, not 6 million
    tracemalloc.start()
    floor_watch(day=last)
    peak_small = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    record_figure("30-day check peak memory, 6e6 rounds", peak_full / 2**20, "MiB",
                  baseline_name="same rollups over 18,000 rounds", baseline_value=peak_small / 2**20,
                  higher_is_better=False, target="flat (ratio near 1)")
    assert seconds <= 5
    assert peak_full < 2 * peak_small


def test_monthly_report_of_200_tables(floor, record_figure):
    baseline = best_of(_read_rollups, repeat=3)
    start = time.perf_counter()
    report = monthly_statistics_issue(casino_property=floor, month=MONTH)
    seconds = time.perf_counter() - start
    record_figure(f"monthly statistics, {TABLES} tables (signed PDF and CSV)", seconds, "s",
                  baseline_name="reading the rollups", baseline_value=baseline, higher_is_better=False,
                  target="<= 30 s")
    assert report.tables == TABLES
    assert seconds <= 30
