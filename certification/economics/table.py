"""A table's theoretical win, its volatility, and the bankroll it needs.

Theoretical win = house edge (per initial wager) x average initial bet x decisions per hour
x occupied seats: every seat plays every round (decision) at the average bet. Volatility
includes the seats' shared dealer (rounds.py); the daily and monthly laws are the exact
per-round table law summed over the day's rounds by FFT (lattice.py), with every seat at
the average bet (bets that vary widen the spread). Rounds are independent because the deck
is shuffled before every round.

Bankroll (Lundberg's inequality, Cramér-Lundberg): when the house has the edge, the
adjustment coefficient R > 0 solves E[exp(-R T)] = 1 for the house's result T of one round;
a bankroll b is then ruined with probability at most exp(-R b) over an unlimited number of
rounds, so b = ln(1 / p) / R suffices for a ruin probability p. It is stated at the table
limits: every seat taken and betting the table's maximum.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from casino.rules.phrases import N_

from .lattice import LatticeLaw, Tail, probability_below
from .rounds import SeatLaw

DEFAULT_DECISIONS_PER_HOUR = {"seven_and_half": 60, "nine_ten_eleven": 50}
"""Rounds dealt per hour at a busy table: a short round of one card and a few draws each
(Seven and a Half), a little slower with buying and switching (9-10-11)."""
DAYS_PER_MONTH = 30


@dataclass(frozen=True)
class TableSetup:
    decisions_per_hour: int
    seats: int
    """Occupied seats (each plays every round)."""
    average_bet: Fraction
    hours: Fraction
    """Hours open per day."""
    table_seats: int | None = None
    max_bet: Fraction | None = None
    ruin_probability: float = 0.01
    days_per_month: int = DAYS_PER_MONTH

    def __post_init__(self) -> None:
        problems = []
        if self.decisions_per_hour < 1:
            problems.append("decisions per hour must be at least 1")
        if self.seats < 1:
            problems.append("at least one seat must be occupied")
        if self.average_bet <= 0:
            problems.append("the average bet must be positive")
        if not 0 < self.hours <= 24:
            problems.append("hours open must lie between 0 and 24")
        if not 0 < self.ruin_probability < 1:
            problems.append("the ruin probability must lie between 0 and 1")
        if problems:
            raise ValueError("; ".join(problems))

    @property
    def rounds_per_day(self) -> int:
        return max(1, round(self.decisions_per_hour * self.hours))


@dataclass(frozen=True)
class Bankroll:
    amount: float | None
    ruin_probability: float
    seats: int
    bet: Fraction
    reason: str = ""


@dataclass(frozen=True)
class TableEconomics:
    setup: TableSetup
    house_edge: Fraction
    seat_sd: float
    seat_correlation: float
    theo_win_per_hour: Fraction
    theo_win_per_day: Fraction
    sd_per_hour: float
    sd_per_day: float
    p_losing_day: Tail
    p_losing_month: Tail
    bankroll: Bankroll
    daily: list[tuple[float, float, float]] = field(repr=False, default_factory=list)
    """Histogram of the day's result: (from, to, probability) in money."""


def table_economics(seat: SeatLaw, setup: TableSetup) -> TableEconomics:
    bet, seats = setup.average_bet, setup.seats
    per_round = seat.table_law(seats)
    rounds_day = setup.rounds_per_day
    theo_hour = seat.house_edge * bet * setup.decisions_per_hour * seats
    variance_round = seat.table_variance(seats) * bet * bet
    day_law = per_round.power(rounds_day)
    return TableEconomics(
        setup=setup,
        house_edge=seat.house_edge,
        seat_sd=math.sqrt(seat.variance),
        seat_correlation=seat.correlation,
        theo_win_per_hour=theo_hour,
        theo_win_per_day=seat.house_edge * bet * rounds_day * seats,
        sd_per_hour=math.sqrt(variance_round * setup.decisions_per_hour),
        sd_per_day=math.sqrt(variance_round * rounds_day),
        p_losing_day=probability_below(per_round, rounds_day, 0.0, day_law),
        p_losing_month=probability_below(per_round, rounds_day * setup.days_per_month, 0.0),
        bankroll=bankroll(seat, setup),
        daily=histogram(day_law, float(bet)) if day_law is not None else [],
    )


def adjustment_coefficient(law: LatticeLaw) -> float | None:
    """R > 0 with E[exp(-R T)] = 1 for the house's round result T; None without an edge."""
    if law.mean <= 0 or law.values.min() >= 0:
        return None if law.mean <= 0 else math.inf
    high = 1.0
    while law.log_mgf(-high) <= 0:
        high *= 2
    from scipy import optimize  # not at start-up (lattice.py)

    return optimize.brentq(lambda r: law.log_mgf(-r), high / 2 ** 40, high, xtol=1e-14, rtol=1e-12)


def bankroll(seat: SeatLaw, setup: TableSetup) -> Bankroll:
    seats = setup.table_seats or setup.seats
    bet = setup.max_bet or setup.average_bet
    r = adjustment_coefficient(seat.table_law(seats))
    if r is None:
        return Bankroll(None, setup.ruin_probability, seats, bet,
                        N_("the players have the edge: no bankroll is enough in the long run"))
    if math.isinf(r):
        return Bankroll(0.0, setup.ruin_probability, seats, bet, N_("the house cannot lose a round"))
    return Bankroll(math.log(1 / setup.ruin_probability) / r * float(bet),
                    setup.ruin_probability, seats, bet)


def histogram(law: LatticeLaw, unit: float, bins: int = 40) -> list[tuple[float, float, float]]:
    """The law (in units of one bet) as ``bins`` money intervals over its central 99.98%."""
    cdf = law.probs.cumsum()
    values = law.values * unit
    low = values[int((cdf < 1e-4).sum())]
    high = values[min(int((cdf < 1 - 1e-4).sum()), values.size - 1)]
    if high <= low:
        return [(float(low), float(high), 1.0)]
    width = (high - low) / bins
    out = []
    for i in range(bins):
        a, b = low + i * width, low + (i + 1) * width
        mask = (values >= a) & ((values < b) if i < bins - 1 else (values <= b))
        out.append((float(a), float(b), float(law.probs[mask].sum())))
    return out
