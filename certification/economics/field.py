"""A field trial's results against theory: expected win, day alarms and drift, per table.

The model of a day (the variant's exact per-round law under the declared player mix, the
table's occupied seats sharing each dealer hand, every seat at the same initial bet that
day, bet = handle / (rounds x seats)):

    expected win = house edge x handle,
    SD           = handle / sqrt(rounds) x sqrt(Var(table round) / seats**2),

and the day's whole law is the per-round table law summed over its rounds (FFT).

Alarms, with the false-alarm rate controlled over the whole file (family-wise, alpha):
half of alpha goes to days, half to drift (a union bound). A day is *impossible* when its
win per handle lies outside what any round can pay or collect, and *improbable* when its
two-sided tail probability under the day's exact law is below (alpha / 2) / number of days
(Bonferroni). A table *drifts* when its CUSUM (cusum.py) over the days that raised no day
alarm reaches the threshold calibrated for (alpha / 2) / number of tables.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from .cusum import REFERENCE, Threshold, cusum, threshold
from .fieldfile import FieldDay
from .lattice import LatticeLaw, chernoff_below
from .rounds import SeatLaw

DEFAULT_ALPHA = 0.01
RECENT_WINDOWS = 8


@dataclass(frozen=True)
class DayResult:
    day: FieldDay
    expected: float
    sd: float
    z: float
    p: float
    """Two-sided tail probability of a result at least this far out (1 when not computed)."""
    alarm: str = ""
    """'', 'impossible' or 'improbable'."""


@dataclass(frozen=True)
class TableResult:
    table: str
    days: list[DayResult]
    threshold: Threshold | None
    drift_index: int | None
    drift_direction: str
    cusum_dates: list[dt.date] = field(default_factory=list)
    cusum_upper: tuple[float, ...] = ()
    cusum_lower: tuple[float, ...] = ()
    house_edge: Fraction = Fraction(0)
    seats: int = 1

    @property
    def rounds(self) -> int:
        return sum(d.day.rounds for d in self.days)

    @property
    def handle(self) -> Fraction:
        return sum((d.day.handle for d in self.days), Fraction(0))

    @property
    def actual_win(self) -> Fraction:
        return sum((d.day.win for d in self.days), Fraction(0))

    @property
    def expected_win(self) -> float:
        return sum(d.expected for d in self.days)

    @property
    def sd(self) -> float:
        return math.sqrt(sum(d.sd ** 2 for d in self.days))

    @property
    def z(self) -> float:
        return (float(self.actual_win) - self.expected_win) / self.sd if self.sd else 0.0

    @property
    def hold(self) -> float:
        return float(self.actual_win / self.handle)

    @property
    def drift_date(self) -> dt.date | None:
        return None if self.drift_index is None else self.cusum_dates[self.drift_index]


@dataclass(frozen=True)
class FieldReport:
    alpha: float
    house_edge: Fraction | None
    """The model's house edge when every table shares one model (else per table)."""
    seats: int | None
    tables: dict[str, TableResult]
    day_level: float
    """Per-day two-sided level (alpha / 2 / days)."""

    @property
    def day_alarms(self) -> list[DayResult]:
        return [d for t in self.tables.values() for d in t.days if d.alarm]


class DayLaws:
    """The exact law of a day's house result (in seat bets) for each number of rounds."""

    def __init__(self, seat: SeatLaw, seats: int):
        self.round = seat.table_law(seats)
        self.cache: dict[int, LatticeLaw | None] = {}
        self.recent: dict[int, LatticeLaw | None] = {}

    def tails(self, rounds: int, x: float, *, keep: bool = True) -> float:
        """``keep``: remember the law of this many rounds for the next call (False for a
        window's sum, whose count rarely repeats: memory stays flat)."""
        if rounds in self.cache:
            law = self.cache[rounds]
        elif rounds in self.recent:
            law = self.recent[rounds]
        else:
            law = self.round.power(rounds)
            if keep:
                self.cache[rounds] = law
            else:
                # The last few windows' laws only (tables sharing a theory often share a count).
                self.recent[rounds] = law
                while len(self.recent) > RECENT_WINDOWS:
                    self.recent.pop(next(iter(self.recent)))
        if law is not None:
            p = 2 * law.smaller_tail(x)
            if p > 1e-9:
                return min(1.0, p)
        # Below the FFT's rounding noise (or too wide for it): Chernoff bounds on each side,
        # which can only make the tail larger, so no extra false alarm comes from them.
        low = chernoff_below(self.round, rounds, x)
        high = chernoff_below(self.round.negated(), rounds, -x)
        return min(1.0, 2 * min(low, high))


@dataclass
class TableModel:
    """The theory one table's days are checked against."""

    seat: SeatLaw
    seats: int = 1
    laws: DayLaws | None = None
    # Computed once for all the table's days (a long file has thousands of them).
    round_variance: float = field(init=False, repr=False)
    """Var(table round) / seats**2."""
    hold_range: tuple[tuple[int, int], tuple[int, int]] = field(init=False, repr=False)
    """What the house can make of a round per unit wagered: from paying the most to
    collecting it (each as numerator and positive denominator)."""
    edge: tuple[int, int] = field(init=False, repr=False)
    """The house edge as numerator and positive denominator."""

    def __post_init__(self) -> None:
        if self.seats < 1:
            raise ValueError("at least one seat plays each round")
        if self.laws is None:
            self.laws = DayLaws(self.seat, self.seats)
        self.round_variance = float(self.seat.table_variance(self.seats)) / self.seats ** 2
        lowest, highest = -self.seat.highest, -self.seat.lowest
        self.hold_range = (lowest.as_integer_ratio(), highest.as_integer_ratio())
        self.edge = self.seat.house_edge.as_integer_ratio()


def field_check(days: list[FieldDay], seat: SeatLaw | None = None, *, seats: int = 1,
                alpha: float = DEFAULT_ALPHA, k: float = REFERENCE,
                laws: DayLaws | None = None,
                models: dict[str, TableModel] | None = None) -> FieldReport:
    """Every table's days against theory: one model for all (``seat``, ``seats``; ``laws``
    may be reused across files of one model) or one per table (``models``)."""
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie between 0 and 1, not {alpha}")
    by_table: dict[str, list[FieldDay]] = defaultdict(list)
    for day in sorted(days, key=lambda d: (d.table, d.date)):
        by_table[day.table].append(day)
    default = TableModel(seat, seats, laws) if seat is not None else None
    day_level = alpha / 2 / len(days)
    table_level = alpha / 2 / len(by_table)
    tables = {}
    for name, rows in by_table.items():
        model = (models or {}).get(name, default)
        if model is None:
            raise ValueError(f"no theory given for table {name}")
        results = [_day(d, model, day_level) for d in rows]
        tables[name] = _drift(name, results, table_level, k, model)
    edge = default.seat.house_edge if default else None
    return FieldReport(alpha, edge, default.seats if default else None, tables, day_level)


def window_result(window: FieldDay, model: TableModel, level: float) -> DayResult:
    """Several days' rounds summed into one ``FieldDay`` against the exact law of their sum:
    the band of a trailing window (a floor's 30 days), at the two-sided ``level``."""
    return _day(window, model, level, keep=False)


def _day(d: FieldDay, model: TableModel, level: float, *, keep: bool = True) -> DayResult:
    # A file holds thousands of days: the rationals are taken apart into integers here, as a
    # Fraction would reduce each intermediate by a gcd. Every float is still one correctly
    # rounded division of the exact numerator by the exact denominator, as float(Fraction) is.
    win_n, win_d = d.win.numerator, d.win.denominator
    handle_n, handle_d = d.handle.numerator, d.handle.denominator
    edge_n, edge_d = model.edge
    expected = (edge_n * handle_n) / (edge_d * handle_d)
    sd = handle_n / handle_d / math.sqrt(d.rounds) * math.sqrt(model.round_variance)
    z = (win_n / win_d - expected) / sd if sd else 0.0
    # hold = win / handle = hold_n / hold_d with hold_d > 0.
    hold_n, hold_d = win_n * handle_d, win_d * handle_n
    if hold_d < 0:
        hold_n, hold_d = -hold_n, -hold_d
    elif hold_d == 0:
        raise ZeroDivisionError(f"the day on line {d.line} has no handle")
    (low_n, low_d), (high_n, high_d) = model.hold_range
    if not (low_n * hold_d <= hold_n * low_d and hold_n * high_d <= high_n * hold_d):
        return DayResult(d, expected, sd, z, 0.0, "impossible")
    # The day's win in seat bets (bet = handle / (rounds x seats)), exact until the float.
    p = model.laws.tails(d.rounds, hold_n * (d.rounds * model.seats) / hold_d, keep=keep)
    return DayResult(d, expected, sd, z, p, "improbable" if p < level else "")


def _bucket(days: int) -> int:
    # Thresholds are simulated per number of days; rounding up to a multiple of ten reuses
    # them across tables and only raises h (more days can only add false alarms).
    return days if days <= 10 else -(-days // 10) * 10


def _drift(name: str, results: list[DayResult], level: float, k: float,
           model: TableModel) -> TableResult:
    quiet = [r for r in results if not r.alarm]
    edge, seats = model.seat.house_edge, model.seats
    if not quiet:
        return TableResult(name, results, None, None, "", house_edge=edge, seats=seats)
    limit = threshold(_bucket(len(quiet)), level, k)
    path = cusum([r.z for r in quiet], limit.h, k)
    return TableResult(name, results, limit, path.index, path.direction,
                       [r.day.date for r in quiet], path.upper, path.lower, edge, seats)
