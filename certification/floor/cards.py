"""Each card's frequency and its place in the deal against a fair deck, with the test's power.

Under a fair deck shuffled before each round, the k-th card of a round is drawn uniformly
from the cards not yet dealt, whatever made the table deal it (the stopping rules of the
game are predictable). So for each card c, the chance p_k that the k-th card is c is known
before it is dealt, and three tests follow, each an e-process (a non-negative
supermartingale under a fair deck), so Ville's inequality bounds its chance of ever reaching
1 / level by level, with no approximation however few the rounds:

* *short deck* (c missing): the likelihood ratio of the deck without c, prod 1 / (1 - p_k)
  over the cards dealt while c is absent (zero once c is seen);
* *added card* (c too frequent): exp(lambda (O - E) - psi(lambda) E), O the times c is dealt,
  E = sum p_k, psi(lambda) = e^lambda - 1 - lambda, for each lambda of a grid;
* *stacked deal*: the same for each of the round's first positions (always dealt, so c is
  there with chance copies / N), once per position.

Sums over days are kept per table and day (rollup.py); a window of days from any start day
to the day checked is tested, and the union bound covers the start days, the cards, the
tests and the tables: level = alpha / (tables x cards x tests x days), and a test's grid of
lambda shares its level. The window reported is the first to reach the bound; its start day
dates the fault.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

LAMBDAS = (0.25, 0.5, 1.0, 2.0)


@dataclass
class CardDay:
    """A table's day of cards: sufficient statistics of the three tests."""

    rounds: int
    positions: np.ndarray
    """(positions, cards) counts of each card at each always-dealt position."""
    dealt: np.ndarray | None = None
    """O per card (None: only the positions are known)."""
    expected: np.ndarray | None = None
    """E = sum of p_k per card."""
    missing_log_lr: np.ndarray | None = None
    """log prod 1/(1 - p_k) while the card is absent (-inf once it is dealt)."""
    twice: np.ndarray | None = None
    """Rounds in which the card was dealt more than once (impossible from one deck)."""


def card_day(rounds: list[list[int]], deck_size: int, always_dealt: int) -> CardDay:
    """A day's statistics from its rounds, each the list of card indices in deal order
    (a deck holding each card once)."""
    n = deck_size
    longest = max((len(r) for r in rounds), default=0)
    idx = np.full((len(rounds), max(longest, 1)), -1, dtype=np.int64)
    for i, r in enumerate(rounds):
        idx[i, :len(r)] = r
    lengths = (idx >= 0).sum(axis=1)
    # H[k] = sum_{j<k} 1/(n - j): the chance so far that a card not yet seen is dealt.
    steps = np.arange(n)
    harmonic = np.concatenate(([0.0], np.cumsum(1.0 / (n - steps))))
    log_gain = np.log(n / (n - np.minimum(np.arange(n + 1), n - 1)))
    rows = np.arange(len(rounds))
    place = np.full((len(rounds), n), -1, dtype=np.int64)
    seen = np.zeros((len(rounds), n), dtype=np.int64)
    for j in range(idx.shape[1] - 1, -1, -1):
        live = idx[:, j] >= 0
        place[rows[live], idx[live, j]] = j  # the earliest position wins
        np.add.at(seen, (rows[live], idx[live, j]), 1)
    present = place >= 0
    expected = np.where(present, harmonic[place + 1], harmonic[lengths][:, None]).sum(axis=0)
    dealt = present.sum(axis=0)
    missing = np.where(dealt > 0, -np.inf, log_gain[lengths].sum())
    positions = np.zeros((always_dealt, n), dtype=np.int64)
    for j in range(min(always_dealt, idx.shape[1])):
        column = idx[:, j]
        positions[j] = np.bincount(column[column >= 0], minlength=n)
    return CardDay(len(rounds), positions, dealt, expected, missing, (seen > 1).sum(axis=0))


@dataclass(frozen=True)
class CardAlarm:
    table: str
    card: str
    test: str
    """'short deck', 'added card', 'stacked deal (position N)' or 'card dealt twice'."""
    first_day: int
    alarm_day: int
    log_e: float


def tests_per_card(always_dealt: int) -> int:
    return 2 + always_dealt


@dataclass(frozen=True)
class CardSeries:
    """Days x (table, card) columns of the tests' daily statistics (None: not posted)."""

    columns: list[tuple[str, str]]
    rounds: np.ndarray
    positions: np.ndarray
    """(always-dealt positions, days, columns)."""
    deck_size: int
    dealt: np.ndarray | None = None
    expected: np.ndarray | None = None
    missing_log_lr: np.ndarray | None = None
    twice: np.ndarray | None = None


def card_series(tables: dict[str, list[CardDay | None]], cards: list[str], always_dealt: int) -> CardSeries:
    """Each table's days (None: no rounds that day) side by side."""
    columns = [(t, c) for t in tables for c in cards]
    n, days = len(cards), max(len(v) for v in tables.values())

    def stack(get, empty) -> np.ndarray:
        rows = []
        for d in range(days):
            rows.append(np.concatenate([get(v[d]) if d < len(v) and v[d] is not None else empty
                                        for v in tables.values()]))
        return np.array(rows, dtype=float)

    zeros = np.zeros(n)
    positions = np.array([stack(lambda day, j=j: day.positions[j], zeros) for j in range(always_dealt)])
    series = CardSeries(columns, stack(lambda day: np.full(n, day.rounds), zeros), positions, n)
    if any(day is not None and day.dealt is None for v in tables.values() for day in v):
        return series
    return CardSeries(columns, series.rounds, positions, n,
                      stack(lambda day: day.dealt, zeros), stack(lambda day: day.expected, zeros),
                      stack(lambda day: day.missing_log_lr, zeros), stack(lambda day: day.twice, zeros))


def card_alarms(series: CardSeries, level: float) -> list[CardAlarm]:
    """The first alarm of each table, card and test over the days (day 1 first)."""
    bound = math.log(1 / level)
    out = []
    tests = {}
    if series.twice is not None:
        for k in np.nonzero(series.twice.any(axis=0))[0]:
            first = int(np.argmax(series.twice[:, k] > 0)) + 1
            out.append(CardAlarm(*series.columns[k], "card dealt twice", first, first, math.inf))
        tests["short deck"] = [series.missing_log_lr]
        tests["added card"] = excess_terms(series.dealt, series.expected)
    fair = series.rounds / series.deck_size
    for j, placed in enumerate(series.positions):
        tests[f"stacked deal (position {j + 1})"] = excess_terms(placed, fair)
    for test, terms in tests.items():
        share = bound + math.log(len(terms))
        for daily in terms:
            for k, start, day, log_e in _crossings(daily, share):
                out.append(CardAlarm(*series.columns[k], test, start, day, log_e))
    return _first_per_test(out)


def excess_terms(observed: np.ndarray, expected: np.ndarray) -> list[np.ndarray]:
    """The daily log e-values of the added-card test, one per lambda. Each lambda is its own
    e-process at level / len(LAMBDAS) (a union bound, which costs what averaging them would:
    log len(LAMBDAS) on the best one)."""
    return [lam * (observed - expected) - (math.exp(lam) - 1 - lam) * expected for lam in LAMBDAS]


def _crossings(daily: np.ndarray, bound: float):
    """(column, start day, alarm day, log e) of the first window of each column to reach
    the bound: the largest sum over windows ending on a day is the previous largest (if
    positive) plus the day's (Page's recursion), and its window starts where that last
    restarted. A -inf day (the card seen, for the short-deck test) restarts it."""
    best = np.full(daily.shape[1], -np.inf)
    start = np.ones(daily.shape[1], dtype=int)
    done = np.zeros(daily.shape[1], dtype=bool)
    for t in range(daily.shape[0]):
        restart = ~(best > 0)
        start[restart] = t + 1
        best = np.where(restart, 0.0, best) + daily[t]
        hit = (best >= bound) & ~done
        for k in np.nonzero(hit)[0]:
            yield int(k), int(start[k]), t + 1, float(best[k])
        done |= hit


def _first_per_test(alarms: list[CardAlarm]) -> list[CardAlarm]:
    first: dict[tuple, CardAlarm] = {}
    for a in alarms:
        key = (a.table, a.card, a.test)
        if key not in first or a.alarm_day < first[key].alarm_day:
            first[key] = a
    return list(first.values())


@dataclass(frozen=True)
class CardPower:
    level: float
    missing_rounds: int
    """Rounds after a card is lost within which the short-deck test alarms, surely (the
    likelihood ratio grows by the same factor every round without it)."""
    added_day_power: float
    """Chance that the stacked-deal test at the first position alarms within one day of
    ``rounds`` rounds when a second copy of one card is added (exact binomial)."""
    rounds: int


def card_power(level: float, deck_size: int, mean_cards: float, rounds: int) -> CardPower:
    n = deck_size
    per_round = math.log(n / (n - mean_cards))
    missing = math.ceil(math.log(1 / level) / per_round)
    p_fair, p_added = 1 / n, 2 / (n + 1)
    e = rounds * p_fair
    counts = np.arange(rounds + 1, dtype=float)
    best = np.max(excess_terms(counts, np.full_like(counts, e)), axis=0)
    crossing = np.nonzero(best >= math.log(len(LAMBDAS) / level))[0]
    power = float(stats.binom.sf(crossing[0] - 1, rounds, p_added)) if crossing.size else 0.0
    return CardPower(level, missing, power, rounds)
