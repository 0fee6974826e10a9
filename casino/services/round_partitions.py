"""Monthly partitions of the rounds on PostgreSQL: made before a month's first round, dropped
when the retention setting says the month is over. On other databases: plain deletes."""

from __future__ import annotations

from datetime import date, datetime

from django.conf import settings
from django.db import DatabaseError, connection, transaction

from casino.models import Round

PARENT = "casino_round"
_KNOWN: set[date] = set()
"""Months this process has seen a partition of (partitions are never dropped while a month
can still receive rounds, so the cache cannot go stale in the wrong direction)."""


def month_of(moment: datetime | date) -> date:
    return date(moment.year, moment.month, 1)


def next_month(month: date) -> date:
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)


def partition_name(month: date) -> str:
    return f"{PARENT}_p{month.year:04d}_{month.month:02d}"


def is_partitioned() -> bool:
    return connection.vendor == "postgresql"


def ensure_month_partitions(months: set[date]) -> None:
    """Make the partitions of ``months`` that do not exist yet, each in its own short
    transaction, outside any batch's (DDL on the parent must not wait on a long write)."""
    if not is_partitioned():
        return
    for month in sorted(months - _KNOWN):
        name = partition_name(month)
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                # DDL takes no parameters; both bounds are dates formatted here.
                cursor.execute(
                    f'CREATE TABLE IF NOT EXISTS "{name}" PARTITION OF "{PARENT}" '
                    f"FOR VALUES FROM ('{month.isoformat()}') TO ('{next_month(month).isoformat()}')")
        except DatabaseError:
            # Another process made it between our IF NOT EXISTS and the create.
            if name not in existing_partitions():
                raise
        # Known once committed: inside a caller's transaction it may still be rolled back.
        transaction.on_commit(lambda month=month: _KNOWN.add(month))


def existing_partitions() -> list[str]:
    if not is_partitioned():
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
            "JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = %s ORDER BY c.relname", [PARENT])
        return [row[0] for row in cursor.fetchall()]


def forget_known_partitions() -> None:
    """After a restore or a test's fresh database, the cache no longer says what exists."""
    _KNOWN.clear()


def retention_cutoff(today: date, months: int) -> date | None:
    """First day of the oldest month kept, or None when everything is kept."""
    if months <= 0:
        return None
    month = month_of(today)
    total = month.year * 12 + month.month - 1 - (months - 1)
    return date(total // 12, total % 12 + 1, 1)


def drop_rounds_before(cutoff: date) -> int:
    """Remove every round dealt before ``cutoff`` (a month's first day): whole partitions on
    PostgreSQL, deleted rows elsewhere. Rollups stay: they are the statistics kept for good."""
    if not is_partitioned():
        deleted, _ = Round.objects.filter(played_at__date__lt=cutoff).delete()
        return deleted
    dropped = 0
    for name in existing_partitions():
        year, month = int(name[-7:-3]), int(name[-2:])
        if date(year, month, 1) < cutoff:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f'SELECT count(*) FROM "{name}"')
                dropped += cursor.fetchone()[0]
                cursor.execute(f'DROP TABLE "{name}"')
            _KNOWN.discard(date(year, month, 1))
    return dropped


def apply_retention(today: date) -> int:
    cutoff = retention_cutoff(today, settings.TABLECERT_ROUNDS_RETENTION_MONTHS)
    return 0 if cutoff is None else drop_rounds_before(cutoff)
