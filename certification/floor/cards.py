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
  E = sum p_k, psi(lambda) = e^lambda - 1 - lambda, averaged over a grid of lambda;
* *stacked deal*: the same for each of the round's first positions (always dealt, so c is
  there with chance copies / N), once per position.

Sums over days are kept per table and day (rollup.py); a window of days from any start day
to the day checked is tested, and the union bound covers the start days, the cards, the
tests and the tables: level = alpha / (tables x cards x tests x days).
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
    dealt: np.ndarray
    """O per card."""
    expected: np.ndarray
    """E = sum of p_k per card."""
    missing_log_lr: np.ndarray
    """log prod 1/(1 - p_k) while the card is absent (-inf once it is dealt)."""
    positions: np.ndarray
    """(positions, cards) counts of each card at each always-dealt position."""
    twice: np.ndarray
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
    return CardDay(len(rounds), dealt, expected, missing, positions, (seen > 1).sum(axis=0))


def excess_log_e(observed: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """log of the added-card e-value, averaged over LAMBDAS."""
    terms = [lam * (observed - expected) - (math.exp(lam) - 1 - lam) * expected for lam in LAMBDAS]
    return np.logaddexp.reduce(np.stack(terms), axis=0) - math.log(len(LAMBDAS))


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


def card_alarms(table: str, days: list[CardDay], cards: list[str], level: float) -> list[CardAlarm]:
    """The first alarm of each card and test over ``days`` (day 1 first)."""
    bound = math.log(1 / level)
    out = []
    for c, card in enumerate(cards):
        twice = [d for d, day in enumerate(days, 1) if day.twice[c]]
        if twice:
            out.append(CardAlarm(table, card, "card dealt twice", twice[0], twice[0], math.inf))
        series = {"short deck": np.array([day.missing_log_lr[c] for day in days])}
        o = np.array([day.dealt[c] for day in days], dtype=float)
        e = np.array([day.expected[c] for day in days])
        series["added card"] = (o, e)
        for j in range(days[0].positions.shape[0] if days else 0):
            po = np.array([day.positions[j, c] for day in days], dtype=float)
            pe = np.array([day.rounds / len(cards) for day in days], dtype=float)
            series[f"stacked deal (position {j + 1})"] = (po, pe)
        for test, data in series.items():
            found = _first_window(data, bound)
            if found:
                out.append(CardAlarm(table, card, test, *found))
    return out


def _first_window(data, bound: float) -> tuple[int, int, float] | None:
    """(start day, alarm day, log e) of the first window to reach the bound."""
    for t in range(1, (len(data) if isinstance(data, np.ndarray) else len(data[0])) + 1):
        if isinstance(data, np.ndarray):
            window = np.cumsum(data[:t][::-1])[::-1]  # sums from each start s to t
        else:
            o = np.cumsum(data[0][:t][::-1])[::-1]
            e = np.cumsum(data[1][:t][::-1])[::-1]
            window = excess_log_e(o, e)
        best = int(np.argmax(window))
        if window[best] >= bound:
            return best + 1, t, float(window[best])
    return None


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
    crossing = np.nonzero(excess_log_e(counts, np.full_like(counts, e)) >= math.log(1 / level))[0]
    power = float(stats.binom.sf(crossing[0] - 1, rounds, p_added)) if crossing.size else 0.0
    return CardPower(level, missing, power, rounds)
