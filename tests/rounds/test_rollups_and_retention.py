"""Rollups rebuilt from the rounds equal those kept as the rounds arrived, twice over;
retention drops whole months of rounds (partitions on PostgreSQL) and keeps the rollups."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from django.db import connection

from casino.models import IngestSource, Round, RoundRollup
from casino.rules.rounds import Batch
from casino.services.round_partitions import (
    apply_retention,
    existing_partitions,
    partition_name,
    retention_cutoff,
)
from casino.services.round_rollups import shift_of
from casino.services.rounds_ingest import ingest_batch
from casino.tasks import rounds_rollups_rebuild_task
from tests.rounds.generate import make_rounds

pytestmark = pytest.mark.django_db

FIELDS = ("table_id", "day", "dealer_id", "shift", "paytable_version_id", "stake_level", "channel",
          "rounds", "hands", "handle", "net", "net_squares", "rounds_with_cards", "first_played_at",
          "last_played_at")


def rollups() -> list[tuple]:
    return sorted(RoundRollup.objects.values_list(*FIELDS))


def spread(rounds, start: datetime, step: timedelta):
    for i, r in enumerate(rounds):
        r.time = start + i * step
    return rounds


def test_a_rebuild_gives_the_rollups_kept_as_rounds_arrived(table):
    rounds = spread(make_rounds(60, seed=31), datetime(2026, 10, 30, 20, tzinfo=UTC),
                    timedelta(minutes=97))  # across shifts, days and a month's end
    ingest_batch(batch=Batch("r-1", rounds[:35]), source=IngestSource.COMMAND)
    ingest_batch(batch=Batch("r-2", rounds[35:]), source=IngestSource.COMMAND)
    kept = rollups()
    assert len({row[3] for row in kept}) == 3 and len({row[1] for row in kept}) > 3
    RoundRollup.objects.all().delete()
    assert rounds_rollups_rebuild_task(table_pk=table.pk) == len(kept)
    assert rollups() == kept
    rounds_rollups_rebuild_task()
    assert rollups() == kept


def test_days_and_shifts_are_utcs_whatever_offset_was_posted(table, settings):
    settings.TIME_ZONE = "Europe/Rome"
    rounds = make_rounds(4, seed=34)
    rome = timezone(timedelta(hours=1))
    for i, r in enumerate(rounds):  # 00:30 in Rome is 23:30 UTC the day before
        r.time = datetime(2026, 11, 5, 0, 30 + 5 * i, tzinfo=rome)
    ingest_batch(batch=Batch("tz", rounds), source=IngestSource.COMMAND)
    kept = rollups()
    assert {(row[1], row[3]) for row in kept} == {(date(2026, 11, 4), 2)}
    rounds_rollups_rebuild_task()
    assert rollups() == kept


def test_a_round_posted_with_an_offset_goes_to_its_utc_month(table):
    rnd = make_rounds(1, seed=35)[0]
    rnd.time = datetime(2026, 11, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))  # 31 Oct, UTC
    ingest_batch(batch=Batch("offset", [rnd]), source=IngestSource.COMMAND)
    assert Round.objects.get().played_at == rnd.time
    if connection.vendor == "postgresql":
        assert partition_name(date(2026, 10, 1)) in existing_partitions()


def test_shifts_follow_the_setting():
    assert [shift_of(h, [6, 14, 22]) for h in (0, 5, 6, 13, 14, 21, 22, 23)] == [2, 2, 0, 0, 1, 1, 2, 2]


def test_retention_keeps_whole_months():
    assert retention_cutoff(date(2026, 11, 28), 3) == date(2026, 9, 1)
    assert retention_cutoff(date(2026, 1, 5), 1) == date(2026, 1, 1)
    assert retention_cutoff(date(2026, 1, 5), 0) is None


def test_old_months_are_dropped_and_rollups_kept(table, settings):
    old = spread(make_rounds(10, seed=32), datetime(2026, 3, 3, tzinfo=UTC), timedelta(hours=1))
    new = spread(make_rounds(10, seed=33, first=100), datetime(2026, 11, 3, tzinfo=UTC),
                 timedelta(hours=1))
    ingest_batch(batch=Batch("old", old), source=IngestSource.COMMAND)
    ingest_batch(batch=Batch("new", new), source=IngestSource.COMMAND)
    if connection.vendor == "postgresql":
        assert {partition_name(date(2026, 3, 1)), partition_name(date(2026, 11, 1))} <= set(existing_partitions())
    settings.TABLECERT_ROUNDS_RETENTION_MONTHS = 6
    assert apply_retention(date(2026, 11, 28)) == 10
    assert Round.objects.count() == 10
    assert sum(r.rounds for r in RoundRollup.objects.all()) == 20
    if connection.vendor == "postgresql":
        assert partition_name(date(2026, 3, 1)) not in existing_partitions()
