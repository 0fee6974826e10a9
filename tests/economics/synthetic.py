"""Synthetic field files drawn from the exact per-round law, with faults planted on request.

A day at a table deals ``rounds`` rounds to ``seats`` seats at one bet: each round the
shared dealer outcome is drawn from the joint law, then each seat's net from its law given
that outcome, which is the model the field check assumes (rounds.py). A table's law may
change from a given day on (a planted fault).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

import numpy as np

from certification.economics.fieldfile import HEADER, FieldDay
from certification.economics.lattice import common_denominator

START = dt.date(2025, 3, 1)


class Sampler:
    """Draws a day's total player net (in units of one seat's bet) from a joint law."""

    def __init__(self, joint: dict[str, dict[Fraction, Fraction]]):
        self.den = common_denominator(x for row in joint.values() for x in row)
        self.outcomes = []
        weights = []
        for row in joint.values():
            mass = sum(row.values(), Fraction(0))
            values = np.array([int(x * self.den) for x in row], dtype=np.int64)
            probs = np.array([float(p / mass) for p in row.values()])
            self.outcomes.append((values, probs / probs.sum()))
            weights.append(float(mass))
        self.weights = np.array(weights) / sum(weights)

    def day(self, rng: np.random.Generator, rounds: int, seats: int) -> Fraction:
        per_outcome = rng.multinomial(rounds, self.weights)
        total = 0
        for n, (values, probs) in zip(per_outcome, self.outcomes, strict=True):
            if n:
                total += int(rng.multinomial(n * seats, probs) @ values)
        return Fraction(total, self.den)

    def days(self, rng: np.random.Generator, rounds: np.ndarray, seats: int) -> list[int]:
        """``day`` for many days at once (one draw per outcome for all of them), each total
        in units of 1 / ``den``: the same law, drawn in another order, so the same seed gives
        other files than ``day``."""
        per_outcome = rng.multinomial(rounds, self.weights)
        totals = np.zeros(len(rounds), dtype=np.int64)
        for k, (values, probs) in enumerate(self.outcomes):
            totals += rng.multinomial(per_outcome[:, k] * seats, probs) @ values
        return totals.tolist()


@dataclass
class TablePlan:
    name: str
    sampler: Sampler
    bet: int = 10
    seats: int = 1
    changes: dict[int, Sampler] = field(default_factory=dict)
    """Day index -> the law played from that day on (a planted fault)."""


def generate(plans: list[TablePlan], *, days: int, rounds: tuple[int, int], seed: int) -> list[FieldDay]:
    rng = np.random.default_rng(seed)
    out = []
    line = 2
    for plan in plans:
        sampler = plan.sampler
        for i in range(days):
            sampler = plan.changes.get(i, sampler)
            n = int(rng.integers(rounds[0], rounds[1] + 1))
            net = sampler.day(rng, n, plan.seats)
            handle = Fraction(plan.bet * plan.seats * n)
            out.append(FieldDay(line, START + dt.timedelta(days=i), plan.name, n, handle,
                                -net * plan.bet))
            line += 1
    return out


def generate_clean(sampler: Sampler, *, tables: int, days: int, rounds: tuple[int, int],
                   seats: int, seed: int, bet: int = 10) -> list[FieldDay]:
    """A file of ``tables`` fault-free tables like ``generate``'s, drawn a table at a time:
    for the statistical checks that need thousands of files."""
    rng = np.random.default_rng(seed)
    dates = _dates(days)
    out = []
    for t in range(tables):
        counts = rng.integers(rounds[0], rounds[1] + 1, size=days)
        totals = sampler.days(rng, counts, seats)
        name, first_line = f"T{t}", 2 + t * days
        for i, (n, total) in enumerate(zip(counts.tolist(), totals, strict=True)):
            # Fraction(int) skips the gcd a numerator and denominator pair needs.
            win = Fraction(-total * bet) if sampler.den == 1 else Fraction(-total * bet, sampler.den)
            out.append(FieldDay(first_line + i, dates[i], name, n, Fraction(bet * seats * n), win))
    return out


@cache
def _dates(days: int) -> tuple[dt.date, ...]:
    return tuple(START + dt.timedelta(days=i) for i in range(days))


def to_csv(days: list[FieldDay]) -> str:
    rows = [",".join(HEADER)]
    for d in days:
        rows.append(f"{d.date.isoformat()},{d.table},{d.rounds},{float(d.handle):.2f},{float(d.win):.2f}")
    return "\n".join(rows) + "\n"
