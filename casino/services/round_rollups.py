"""Rollups of the rounds per table, day, dealer and shift (with game version, stake level and
channel): added to in the batch's own transaction, set-based (one INSERT ... ON CONFLICT DO
UPDATE per batch), and rebuilt from the rounds by ``rollups_rebuild`` when lost."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Case, Count, F, IntegerField, Max, Min, Q, Sum, Value, When
from django.db.models.functions import ExtractHour, TruncDate

from casino.models import Round, RoundRollup

KEY = ("table_id", "day", "dealer_id", "shift", "paytable_version_id", "stake_level", "channel")
SUMS = ("rounds", "hands", "handle", "net", "net_squares", "rounds_with_cards")


def shift_of(hour: int, starts: list[int] | None = None) -> int:
    """Index of the shift an hour (UTC) falls in; hours before the first start belong to the
    last shift (the night shift that began the evening before)."""
    starts = settings.TABLECERT_SHIFT_STARTS if starts is None else starts
    return (bisect_right(starts, hour) - 1) % len(starts)


@dataclass
class RollupRow:
    rounds: int = 0
    hands: int = 0
    handle: Decimal = Decimal(0)
    net: Decimal = Decimal(0)
    net_squares: Decimal = Decimal(0)
    rounds_with_cards: int = 0
    first: datetime | None = None
    last: datetime | None = None

    def add(self, *, hands: int, handle: Decimal, net: Decimal, with_cards: bool, at: datetime) -> None:
        self.rounds += 1
        self.hands += hands
        self.handle += handle
        self.net += net
        self.net_squares += net * net
        self.rounds_with_cards += with_cards
        if self.first is None or at < self.first:
            self.first = at
        if self.last is None or at > self.last:
            self.last = at


def rollups_add(rows: dict[tuple, RollupRow]) -> None:
    """Add a batch's sums to the rollups (inside the batch's transaction)."""
    if not rows:
        return
    vendor = connection.vendor
    least, greatest = ("LEAST", "GREATEST") if vendor == "postgresql" else ("MIN", "MAX")
    columns = (*KEY, *SUMS, "first_played_at", "last_played_at")
    placeholders = "(" + ", ".join(["%s"] * len(columns)) + ")"
    params: list = []
    for key, row in sorted(rows.items()):
        params.extend(key)
        params.extend((row.rounds, row.hands, row.handle, row.net, row.net_squares,
                       row.rounds_with_cards, row.first, row.last))
    table = RoundRollup._meta.db_table
    updates = ", ".join(f"{c} = {table}.{c} + EXCLUDED.{c}" for c in SUMS)
    sql = (f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
           + ", ".join([placeholders] * len(rows))
           + f" ON CONFLICT ({', '.join(KEY)}) DO UPDATE SET {updates}, "
           f"first_played_at = {least}({table}.first_played_at, EXCLUDED.first_played_at), "
           f"last_played_at = {greatest}({table}.last_played_at, EXCLUDED.last_played_at)")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _shift_expression():
    starts = settings.TABLECERT_SHIFT_STARTS
    hour = ExtractHour("played_at")
    whens = [When(Q(hour__gte=start), then=Value(i)) for i, start in reversed(list(enumerate(starts)))]
    return hour, Case(*whens, default=Value(len(starts) - 1), output_field=IntegerField())


def rollups_rebuild(*, table_pk: int | None = None, since: date | None = None,
                    until: date | None = None) -> int:
    """Recompute the rollups of the days in [since, until) (all days when not given) from the
    rounds, replacing what was there; running it twice gives the same rows. Returns the
    number of rollup rows written. Streams the grouped sums, never the rounds."""
    rounds = Round.objects.all()
    rollups = RoundRollup.objects.all()
    if table_pk is not None:
        rounds, rollups = rounds.filter(table_id=table_pk), rollups.filter(table_id=table_pk)
    if since is not None:
        rounds, rollups = rounds.filter(played_at__date__gte=since), rollups.filter(day__gte=since)
    if until is not None:
        rounds, rollups = rounds.filter(played_at__date__lt=until), rollups.filter(day__lt=until)
    hour, shift = _shift_expression()
    grouped = (rounds.annotate(hour=hour).annotate(day=TruncDate("played_at"), shift=shift)
               .values("table_id", "day", "dealer_id", "shift", "paytable_version_id",
                       "stake_level", "channel")
               .annotate(n=Count("id"), hands_sum=Sum("seat_count"), handle_sum=Sum("handle"),
                         net_sum=Sum("net"), squares=Sum(F("net") * F("net")),
                         with_cards=Count("id", filter=~Q(cards="")),
                         first=Min("played_at"), last=Max("played_at"))
               .order_by())
    written = 0
    with transaction.atomic():
        rollups.delete()
        batch: dict[tuple, RollupRow] = {}
        for g in grouped.iterator(chunk_size=2000):
            key = (g["table_id"], g["day"], g["dealer_id"], g["shift"], g["paytable_version_id"] or 0,
                   g["stake_level"], g["channel"])
            batch[key] = RollupRow(g["n"], g["hands_sum"], g["handle_sum"], g["net_sum"], g["squares"],
                                   g["with_cards"], g["first"], g["last"])
            if len(batch) >= 500:
                written += _write_rebuilt(batch)
        written += _write_rebuilt(batch)
    return written


def _write_rebuilt(batch: dict[tuple, RollupRow]) -> int:
    n = len(batch)
    rollups_add(batch)
    batch.clear()
    return n
