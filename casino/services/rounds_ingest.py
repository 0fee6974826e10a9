"""Storing a batch of rounds: all or nothing, once.

A batch is written in one transaction: its id is claimed first (a batch sent again finds it
taken and is answered as before), each table it names is locked for the transaction (two
batches of one table never race on its round ids), rounds already stored under their
(table, round id) are left out, the rest go in with one COPY on PostgreSQL, and the
rollups are added to in the same transaction. A table system may therefore retry blindly.

Back-pressure: at most TABLECERT_INGEST_CONCURRENCY batches write at once across every web
process (PostgreSQL advisory locks); one more, or one kept waiting on its table past
TABLECERT_INGEST_LOCK_WAIT_MS, is refused with IngestBusy (the API's 429) before it
writes anything, so nothing posted is ever half-stored or lost.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.dispatch import Signal
from django.utils import timezone

from casino.models import IngestBatch, IngestSource, Round, RoundRollup, TableConfiguration
from casino.rules import rounds as fmt

from .round_partitions import ensure_month_partitions, month_of
from .round_rollups import KEY, RollupRow, rollups_add, shift_of

rounds_stored = Signal()
"""Sent after the commit of a batch that stored rounds: ``batch`` (an IngestBatch) and
``table_pks``; the checks against theory hang on it."""

_ADVISORY_BUSY_SPACE = 40_401
_ADVISORY_TABLE_SPACE = 40_402
_local_slots = threading.BoundedSemaphore(64)


class IngestBusy(Exception):
    """Too many batches in flight: retry after ``retry_after`` seconds; nothing was stored."""

    def __init__(self, retry_after: int):
        self.retry_after = retry_after
        super().__init__(f"busy; retry after {retry_after} s")


class IngestScopeError(fmt.RoundFormatError):
    """Rounds for tables the poster may not post to."""


@dataclass(frozen=True)
class IngestResult:
    batch_id: str
    posted: int
    stored: int
    already_stored: int
    replayed: bool
    """True when this batch id had been stored before: nothing was written this time."""

    def as_dict(self) -> dict:
        return {"batch_id": self.batch_id, "posted": self.posted, "stored": self.stored,
                "already_stored": self.already_stored, "replayed": self.replayed}


@dataclass(frozen=True)
class _Table:
    pk: int
    deck: fmt.DeckSpec
    paytable_version_id: int | None
    stake_level: str
    channel: str


def _tables(names: Iterable[str]) -> dict[str, _Table]:
    rows = (TableConfiguration.objects.filter(table_id__in=set(names))
            .values_list("pk", "table_id", "variant__family", "decks", "paytable_version_id",
                         "stake_level", "channel"))
    return {name: _Table(pk, fmt.DeckSpec.of(family, decks), version, stake, channel)
            for pk, name, family, decks, version, stake, channel in rows}


def check_scope(rounds: list[fmt.Round], allowed: set[str] | None) -> None:
    if allowed is None:
        return
    problems = [fmt.RoundProblem(i, r.round_id, "table", f"this token may not post to table {r.table!r}")
                for i, r in enumerate(rounds) if r.table not in allowed]
    if problems:
        raise IngestScopeError(problems)


def ingest_batch(*, batch: fmt.Batch, source: str, token=None, user=None,
                 allowed_tables: set[str] | None = None) -> IngestResult:
    """Check and store ``batch``; RoundFormatError (or IngestScopeError) names every bad round
    and nothing is stored; IngestBusy asks to retry later."""
    rounds = batch.rounds
    check_scope(rounds, allowed_tables)
    tables = _tables(r.table for r in rounds)
    fmt.check_rounds(rounds, {name: t.deck for name, t in tables.items()})
    ensure_month_partitions({month_of(r.time) for r in rounds})
    if not _local_slots.acquire(blocking=False):
        raise IngestBusy(settings.TABLECERT_INGEST_RETRY_AFTER)
    try:
        with transaction.atomic():
            return _store(batch, tables, source=source, token=token, user=user)
    except OperationalError as exc:
        if _is_lock_timeout(exc):
            raise IngestBusy(settings.TABLECERT_INGEST_RETRY_AFTER) from exc
        raise
    finally:
        _local_slots.release()


def _is_lock_timeout(exc: Exception) -> bool:
    return getattr(getattr(exc, "__cause__", None), "sqlstate", None) == "55P03"


def _store(batch: fmt.Batch, tables: dict[str, _Table], *, source, token, user) -> IngestResult:
    rounds = batch.rounds
    _take_a_writing_slot()
    claimed = _claim_batch(batch.batch_id, len(rounds), source, token, user)
    if claimed is None:
        return IngestResult(batch.batch_id, len(rounds), 0, len(rounds), True)
    table_pks = sorted({tables[r.table].pk for r in rounds})
    _lock_tables(table_pks)
    stored_keys = _already_stored(rounds, tables)
    fresh = [r for r in rounds if (tables[r.table].pk, r.round_id) not in stored_keys]
    rollups = _write_rounds(fresh, tables, claimed)
    rollups_add(rollups)
    IngestBatch.objects.filter(pk=claimed).update(rounds_stored=len(fresh))
    if fresh:
        stored = IngestBatch(pk=claimed, batch_id=batch.batch_id)
        transaction.on_commit(lambda: rounds_stored.send(sender=IngestBatch, batch=stored,
                                                         table_pks=table_pks))
    return IngestResult(batch.batch_id, len(rounds), len(fresh), len(rounds) - len(fresh), False)


def _take_a_writing_slot() -> None:
    if connection.vendor != "postgresql":
        return  # SQLite writes one transaction at a time anyway
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT s FROM generate_series(1, %s) AS s "
            "WHERE pg_try_advisory_xact_lock(%s, s) LIMIT 1",
            [settings.TABLECERT_INGEST_CONCURRENCY, _ADVISORY_BUSY_SPACE])
        if cursor.fetchone() is None:
            raise IngestBusy(settings.TABLECERT_INGEST_RETRY_AFTER)


def _claim_batch(batch_id: str, posted: int, source: str, token, user) -> int | None:
    """The new batch row's id, or None when this batch id is stored already (a concurrent
    twin waits here until the first commits or rolls back)."""
    table = IngestBatch._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (batch_id, source, token_id, user_id, received_at, rounds_posted, "
            "rounds_stored) VALUES (%s, %s, %s, %s, %s, %s, 0) "
            "ON CONFLICT (batch_id) DO NOTHING RETURNING id",
            [batch_id, source, token.pk if token else None, user.pk if user else None,
             timezone.now(), posted])
        row = cursor.fetchone()
    return row[0] if row else None


def _lock_tables(table_pks: list[int]) -> None:
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = {int(settings.TABLECERT_INGEST_LOCK_WAIT_MS)}")
        # In ascending order, so two batches of several tables never deadlock.
        for pk in table_pks:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_ADVISORY_TABLE_SPACE, pk])


def _already_stored(rounds: list[fmt.Round], tables: dict[str, _Table]) -> set[tuple[int, str]]:
    by_table: dict[int, list[str]] = {}
    for r in rounds:
        by_table.setdefault(tables[r.table].pk, []).append(r.round_id)
    found: set[tuple[int, str]] = set()
    for pk, ids in by_table.items():
        for start in range(0, len(ids), 1000):
            chunk = ids[start:start + 1000]
            found.update(Round.objects.filter(table_id=pk, round_id__in=chunk)
                         .values_list("table_id", "round_id"))
    return found


_COPY_COLUMNS = ("table_id", "round_id", "played_at", "dealer_id", "shoe_id", "cards", "seats",
                 "seat_count", "handle", "net", "paytable_version_id", "stake_level", "channel",
                 "batch_id")
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_text(value: str) -> str:
    return value.translate(_ESCAPES)


def _write_rounds(rounds: list[fmt.Round], tables: dict[str, _Table], batch_pk: int
                  ) -> dict[tuple, RollupRow]:
    """Insert the rounds and return their sums per rollup key."""
    rollups: dict[tuple, RollupRow] = {}
    if not rounds:
        return rollups
    postgres = connection.vendor == "postgresql"
    buffer = io.StringIO()
    objects: list[Round] = []
    for r in rounds:
        t = tables[r.table]
        handle = r.handle
        seats_json = fmt.encode_seats(r.seats).decode()
        cards = " ".join(r.cards) if r.cards else ""
        if postgres:
            buffer.write("\t".join((
                str(t.pk), _copy_text(r.round_id), r.time.isoformat(), _copy_text(r.dealer),
                _copy_text(r.shoe), cards, _copy_text(seats_json), str(len(r.seats)), str(handle),
                str(r.net), "\\N" if t.paytable_version_id is None else str(t.paytable_version_id),
                t.stake_level, t.channel, str(batch_pk))))
            buffer.write("\n")
        else:
            objects.append(Round(table_id=t.pk, round_id=r.round_id, played_at=r.time,
                                 dealer_id=r.dealer, shoe_id=r.shoe, cards=cards,
                                 seats=fmt.msgspec.json.decode(seats_json), seat_count=len(r.seats),
                                 handle=handle, net=r.net, paytable_version_id=t.paytable_version_id,
                                 stake_level=t.stake_level, channel=t.channel, batch_id=batch_pk))
        key = (t.pk, r.time.date(), r.dealer, shift_of(r.time.hour), t.paytable_version_id or 0,
               t.stake_level, t.channel)
        row = rollups.get(key)
        if row is None:
            row = rollups[key] = RollupRow()
        row.add(hands=len(r.seats), handle=handle, net=r.net, with_cards=bool(cards), at=r.time)
    if postgres:
        with connection.cursor() as cursor:
            copy_sql = f"COPY {Round._meta.db_table} ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
            with cursor.cursor.copy(copy_sql) as copy:
                copy.write(buffer.getvalue())
    else:
        Round.objects.bulk_create(objects, batch_size=500)
    return rollups


def rounds_for_table(table: TableConfiguration, *, since=None, until=None):
    """The table's rounds in time order, streamed (for exports and the checks)."""
    rows = Round.objects.filter(table_id=table.pk).order_by("played_at", "id")
    if since is not None:
        rows = rows.filter(played_at__gte=since)
    if until is not None:
        rows = rows.filter(played_at__lt=until)
    return rows.iterator(chunk_size=2000)


def round_record(row: Round, table_name: str) -> fmt.Round:
    """A stored round back as the record it was posted as."""
    return fmt.Round(table=table_name, round_id=row.round_id, time=row.played_at,
                     dealer=row.dealer_id, seats=fmt.decode_seats(fmt.msgspec.json.encode(row.seats)),
                     net=Decimal(row.net), shoe=row.shoe_id, cards=row.cards.split() or None)


__all__ = ["KEY", "IngestBusy", "IngestResult", "IngestScopeError", "RoundRollup", "ingest_batch",
           "rounds_stored", "round_record", "rounds_for_table", "IngestSource"]
