"""Posted rounds for the floor tests: one seat, dealt and settled by the engine (tests.rounds)."""

from __future__ import annotations

import datetime as dt
import random

from casino.rules.rounds import Batch
from certification.odds.seven_half.settle import Settlement
from tests.rounds.generate import RULES, make_round


def day_rounds(table: str, day: dt.date, count: int, *, seed: int, first: int = 0) -> list:
    rng = random.Random(seed)
    settlement = Settlement(RULES)
    start = dt.datetime.combine(day, dt.time(9), dt.UTC)
    return [make_round(rng, table=table, number=first + i, seats=1, settlement=settlement,
                       when=start + dt.timedelta(seconds=30 * i)) for i in range(count)]


def pay_a_reale_even_money(rounds: list) -> object:
    """The first round whose seat won a reale (2 to 1) now posts even money; returns it."""
    for r in rounds:
        seat = r.seats[0]
        if seat.net == 2 * seat.wagers["ante"]:
            seat.net = seat.wagers["ante"]
            r.net = seat.net
            return r
    raise AssertionError("no reale among the rounds")


def batch(batch_id: str, rounds: list) -> Batch:
    return Batch(batch_id=batch_id, rounds=rounds)
