"""The 30-day check from the rollups on a worker, and the month's statistics: a signed PDF in
the jurisdiction's language that verify-report knows, its CSV, listed for that jurisdiction's
regulator only."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.test import Client
from pypdf import PdfReader

from casino.services.round_rollups import RollupRow, rollups_add
from certification.models import AlarmCheck, FloorAlarm, MonthlyStatistics
from certification.services.field_checks import table_model
from certification.services.monthly_statistics import monthly_statistics_issue
from certification.tasks.floor import floor_check_task
from tests.floor_web.world import floor_world

MONTH = dt.date(2026, 10, 1)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def _month_of_rollups(world, *, losing: str) -> None:
    """30 days of 2,000 rounds of 10 at each table: one at its exact theory, one losing 6 %."""
    edge = table_model(world.tables[0]).seat.house_edge
    rows = {}
    for table in world.tables:
        for d in range(30):
            day = MONTH + dt.timedelta(days=d)
            handle = Decimal(20_000)
            hold = Decimal("-0.06") if table.table_id == losing else Decimal(float(edge)).quantize(Decimal("0.0001"))
            at = dt.datetime.combine(day, dt.time(12), dt.UTC)
            rows[(table.pk, day, f"{table.table_id}-D{d % 3}", 0, table.paytable_version_id, table.stake_level, table.channel)] = \
                RollupRow(2000, 2000, handle, -(handle * hold).quantize(Decimal("0.01")), Decimal(0), 0, at, at)
    rollups_add(rows)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_daily_check_on_a_worker_raises_the_losing_table_only(celery_worker_process):
    world = floor_world()
    _month_of_rollups(world, losing="T-02")
    raised = floor_check_task.delay((MONTH + dt.timedelta(days=29)).isoformat()).get(timeout=180)
    alarms = FloorAlarm.objects.filter(pk__in=raised)
    assert {(a.table.table_id, a.kind) for a in alarms} == {("T-02", AlarmCheck.RETURN)}
    assert all("house below theory" in a.test for a in alarms)
    assert any(a.test.startswith("band") and not a.dealer_id for a in alarms)
    # Run again the same day: nothing is raised twice.
    assert floor_check_task.delay((MONTH + dt.timedelta(days=29)).isoformat()).get(timeout=180) == []


@pytest.mark.django_db
def test_the_monthly_statistics_are_signed_in_italian_verified_and_shown_to_italys_regulator_only(settings):
    world = floor_world(language="it")
    _month_of_rollups(world, losing="T-02")
    report = monthly_statistics_issue(casino_property=world.casino, month=MONTH)
    assert monthly_statistics_issue(casino_property=world.casino, month=MONTH) == report  # issued once
    assert (report.tables, report.rounds, report.language) == (2, 120_000, "it")
    with report.pdf.open("rb") as f:
        pdf = f.read()
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Statistiche mensili" in text and "T-02" in text
    with report.csv.open("rb") as f:
        rows = list(csv.reader(io.StringIO(f.read().decode())))
    by_table = {r[3]: r for r in rows[1:3]}
    assert float(by_table["T-02"][10]) == pytest.approx(-0.06)
    assert float(by_table["T-02"][10]) < float(by_table["T-02"][12])  # below its band
    assert float(by_table["T-01"][12]) <= float(by_table["T-01"][10]) <= float(by_table["T-01"][13])

    rita, otto = Client(), Client()
    rita.force_login(world.regulator)
    otto.force_login(world.outsider_regulator)
    assert f'data-report="{report.pk}"' in rita.get("/regulator/statistics/").content.decode()
    response = rita.get(f"/statistics/{report.pk}/pdf/")
    assert response.status_code == 200 and b"".join(response.streaming_content) == pdf
    assert f'data-report="{report.pk}"' not in otto.get("/regulator/statistics/").content.decode()
    assert otto.get(f"/statistics/{report.pk}/pdf/").status_code == 404
    assert MonthlyStatistics.objects.count() == 1

    path = settings.MEDIA_ROOT / report.pdf.name
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    assert "AUTHENTIC" in out.getvalue() and "monthly statistics of Casinò di Sanremo for 2026-10" in out.getvalue()
