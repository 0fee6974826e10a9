"""Storing a batch of rounds: all or nothing, once.

A batch is checked and its rows made ready before any lock is taken; then it is written in
one transaction: its id is claimed first (a batch sent again finds it taken and is answered
as before), rounds already stored under their (table, round id) are left out, the rest go in
with one COPY on PostgreSQL, and the rollups are added to in the same transaction (rows in
a fixed order, so two batches never deadlock). Two batches racing with the same round meet
on the unique key; the later one tries again and leaves the round out. A table system may therefore retry blindly.

Back-pressure: at most TABLECERT_INGEST_CONCURRENCY batches write at once across every web
process (PostgreSQL advisory locks); one more, or one kept waiting on another's rows past
TABLECERT_INGEST_LOCK_WAIT_MS, is refused with IngestBusy (the API's 429) before it
writes anything, so nothing posted is ever half-stored or lost.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, timedelta
from decimal import Decimal

import psycopg
from django.conf import settings
from django.db import IntegrityError, OperationalError, connection, transaction
from django.dispatch import Signal
from django.utils import timezone

from casino.models import IngestBatch, Round, TableConfiguration
from casino.rules import rounds as fmt

from .round_partitions import ensure_month_partitions, month_of
from .round_rollups import RollupRow, rollups_add, shift_of

rounds_stored = Signal()
"""Sent after the commit of a batch that stored rounds: ``batch`` (an IngestBatch) and
``table_pks``; the checks against theory hang on it."""

_ADVISORY_BUSY_SPACE = 40_401
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
    fmt.check_rounds(rounds, {name: t.deck for name, t in tables.items()},
                     latest=timezone.now() + CLOCK_SKEW)
    ensure_month_partitions({month_of(r.time) for r in rounds})
    # Everything that needs no lock is done before the transaction starts.
    prepared = _prepare(rounds, tables)
    if not _local_slots.acquire(blocking=False):
        raise IngestBusy(settings.TABLECERT_INGEST_RETRY_AFTER)
    try:
        for attempt in range(_ATTEMPTS):
            try:
                with transaction.atomic():
                    return _store(batch, tables, prepared, source=source, token=token, user=user)
            except (IntegrityError, psycopg.IntegrityError) as exc:
                # Another batch stored some of these rounds while this one was writing: the
                # next attempt finds them stored and leaves them out.
                if _sqlstate(exc) != "23505" or attempt == _ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")
    except (OperationalError, psycopg.OperationalError) as exc:
        if _sqlstate(exc) == "55P03":  # lock_timeout: kept waiting on another batch
            raise IngestBusy(settings.TABLECERT_INGEST_RETRY_AFTER) from exc
        raise
    finally:
        _local_slots.release()


_ATTEMPTS = 3
CLOCK_SKEW = timedelta(minutes=10)
"""How far ahead of ours a table system's clock may run."""


def _sqlstate(exc: Exception) -> str | None:
    """The PostgreSQL error code, whether psycopg's error came straight (COPY) or wrapped."""
    return getattr(exc, "sqlstate", None) or getattr(exc.__cause__, "sqlstate", None)


def _store(batch: fmt.Batch, tables: dict[str, _Table], prepared: _Prepared, *, source, token,
           user) -> IngestResult:
    """No lock is taken on the tables: concurrent batches write side by side. Two that post
    the same round meet on the unique key (table, round id, time); the later one waits for
    the first to commit, fails, and its next attempt leaves the round out."""
    rounds = batch.rounds
    _take_a_writing_slot()
    claimed = _claim_batch(batch.batch_id, len(rounds), source, token, user)
    if claimed is None:
        return IngestResult(batch.batch_id, len(rounds), 0, len(rounds), True)
    stored_keys = _already_stored(rounds, tables)
    if stored_keys:
        prepared = prepared.without(
            [i for i, r in enumerate(rounds) if (tables[r.table].pk, r.round_id) in stored_keys])
    _write(prepared, claimed)
    rollups_add(prepared.rollups)
    stored_count = len(prepared.lines) or len(prepared.objects)
    IngestBatch.objects.filter(pk=claimed).update(rounds_stored=stored_count)
    if stored_count:
        table_pks = sorted({t.pk for t in tables.values()})
        stored = IngestBatch(pk=claimed, batch_id=batch.batch_id)
        transaction.on_commit(lambda: rounds_stored.send(sender=IngestBatch, batch=stored,
                                                         table_pks=table_pks))
    return IngestResult(batch.batch_id, len(rounds), stored_count, len(rounds) - stored_count, False)


def _take_a_writing_slot() -> None:
    if connection.vendor != "postgresql":
        return  # SQLite writes one transaction at a time anyway
    with connection.cursor() as cursor:
        # A batch kept waiting this long (on rollup rows another batch is adding to) gives up.
        cursor.execute(f"SET LOCAL lock_timeout = {int(settings.TABLECERT_INGEST_LOCK_WAIT_MS)}")
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


def _already_stored(rounds: list[fmt.Round], tables: dict[str, _Table]) -> set[tuple[int, str]]:
    by_table: dict[int, list[str]] = {}
    for r in rounds:
        by_table.setdefault(tables[r.table].pk, []).append(r.round_id)
    found: set[tuple[int, str]] = set()
    table = Round._meta.db_table
    with connection.cursor() as cursor:
        for pk, ids in by_table.items():
            if connection.vendor == "postgresql":
                # One array parameter: the key's index answers it, however many ids.
                cursor.execute(f"SELECT table_id, round_id FROM {table} "
                               "WHERE table_id = %s AND round_id = ANY(%s)", [pk, ids])
                found.update(cursor.fetchall())
                continue
            for start in range(0, len(ids), 500):
                chunk = ids[start:start + 500]
                cursor.execute(f"SELECT table_id, round_id FROM {table} WHERE table_id = %s AND "
                               f"round_id IN ({', '.join(['%s'] * len(chunk))})", [pk, *chunk])
                found.update(cursor.fetchall())
    return found


_COPY_COLUMNS = ("table_id", "round_id", "played_at", "dealer_id", "shoe_id", "cards", "seats",
                 "seat_count", "handle", "net", "paytable_version_id", "stake_level", "channel",
                 "batch_id")
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_text(value: str) -> str:
    # Most values hold none of the four characters; four scans beat one translate.
    if "\\" in value or "\t" in value or "\n" in value or "\r" in value:
        return value.translate(_ESCAPES)
    return value


def _seats_text(seats_json: str) -> str:
    # JSON escapes tabs and line breaks itself; only its backslashes need doubling.
    return seats_json.replace("\\", "\\\\") if "\\" in seats_json else seats_json


def _handle(rnd: fmt.Round) -> Decimal:
    total = Decimal(0)
    for seat in rnd.seats:
        for amount in seat.wagers.values():
            total += amount
    return total


@dataclass
class _Prepared:
    """A batch's rows ready to write (COPY lines without their batch column on PostgreSQL,
    model instances elsewhere) and their sums per rollup key."""

    rounds: list[fmt.Round]
    keys: list[tuple]
    handles: list[Decimal]
    lines: list[str]
    objects: list[Round]
    rollups: dict[tuple, RollupRow]

    def without(self, dropped: list[int]) -> _Prepared:
        gone = set(dropped)
        keep = [i for i in range(len(self.rounds)) if i not in gone]
        rounds = [self.rounds[i] for i in keep]
        keys = [self.keys[i] for i in keep]
        handles = [self.handles[i] for i in keep]
        return _Prepared(rounds, keys, handles, [self.lines[i] for i in keep] if self.lines else [],
                         [self.objects[i] for i in keep] if self.objects else [],
                         _sums(rounds, keys, handles))


def _sums(rounds: list[fmt.Round], keys: list[tuple], handles: list[Decimal]) -> dict[tuple, RollupRow]:
    rollups: dict[tuple, RollupRow] = {}
    for r, key, handle in zip(rounds, keys, handles, strict=True):
        row = rollups.get(key)
        if row is None:
            row = rollups[key] = RollupRow()
        row.add(hands=len(r.seats), handle=handle, net=r.net, with_cards=bool(r.cards), at=r.time)
    return rollups


def _prepare(rounds: list[fmt.Round], tables: dict[str, _Table]) -> _Prepared:
    postgres = connection.vendor == "postgresql"
    lines: list[str] = []
    objects: list[Round] = []
    keys: list[tuple] = []
    handles: list[Decimal] = []
    starts = settings.TABLECERT_SHIFT_STARTS  # read once: settings are a lazy object
    for r in rounds:
        t = tables[r.table]
        handle = _handle(r)
        seats_json = fmt.encode_seats(r.seats).decode()
        cards = " ".join(r.cards) if r.cards else ""
        if postgres:
            lines.append("\t".join((
                str(t.pk), _copy_text(r.round_id), r.time.isoformat(), _copy_text(r.dealer),
                _copy_text(r.shoe), cards, _seats_text(seats_json), str(len(r.seats)), str(handle),
                str(r.net), "\\N" if t.paytable_version_id is None else str(t.paytable_version_id),
                t.stake_level, t.channel)))
        else:
            objects.append(Round(table_id=t.pk, round_id=r.round_id, played_at=r.time,
                                 dealer_id=r.dealer, shoe_id=r.shoe, cards=cards,
                                 seats=fmt.msgspec.json.decode(seats_json), seat_count=len(r.seats),
                                 handle=handle, net=r.net, paytable_version_id=t.paytable_version_id,
                                 stake_level=t.stake_level, channel=t.channel, batch_id=0))
        utc = r.time.astimezone(UTC)  # days and shifts are UTC's, whatever offset was posted
        keys.append((t.pk, utc.date(), r.dealer, shift_of(utc.hour, starts), t.paytable_version_id or 0,
                     t.stake_level, t.channel))
        handles.append(handle)
    return _Prepared(rounds, keys, handles, lines, objects, _sums(rounds, keys, handles))


def _write(prepared: _Prepared, batch_pk: int) -> None:
    if prepared.lines:
        end = f"\t{batch_pk}\n"
        with connection.cursor() as cursor:
            copy_sql = f"COPY {Round._meta.db_table} ({', '.join(_COPY_COLUMNS)}) FROM STDIN"
            with cursor.cursor.copy(copy_sql) as copy:
                copy.write(end.join(prepared.lines) + end)
    elif prepared.objects:
        for obj in prepared.objects:
            obj.batch_id = batch_pk
        Round.objects.bulk_create(prepared.objects, batch_size=500)


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

