"""Clean months drawn at rollup level, to measure the floor's false-alarm rate cheaply.

A month's floor (tables, pits, shifts, the dealers' rota) is laid out as month.py lays it
out, but no round is dealt: each (table, day, dealer) cell's house result is drawn from the
exact law of the sum of its rounds (the variant's per-round law to the power of the rounds,
``DayLaws``), which is exactly the law a clean floor's rollup has. Of the card statistics
only the always-dealt positions have a law at rollup level (each position's card is uniform
over the deck, round by round), so a clean month checks the return tests and the
stacked-deal tests; the other card tests keep their share of alpha unspent, so the rate
measured is, if anything, below the floor's.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from certification.economics.field import TableModel

from .cards import CardDay
from .month import SHIFTS, MonthSpec, rota_of_day
from .rollup import FloorRollup


def clean_rollup(spec: MonthSpec, model: TableModel, cards: list[str], always_dealt: int,
                 rng: np.random.Generator) -> FloorRollup:
    rollup = FloorRollup(cards, always_dealt)
    law = model.laws.round.power(spec.rounds_per_shift)
    cdf = np.cumsum(law.probs)
    tables = spec.table_specs
    rota_rng = random.Random(int(rng.integers(2**63)))
    shifts = [(day, rota_of_day(rota_rng, spec, tables, day, {}))
              for day in range(1, spec.days + 1) for _ in range(SHIFTS)]
    draws = np.searchsorted(cdf, rng.random((len(shifts), len(tables))) * cdf[-1])
    n = spec.rounds_per_shift
    stakes = {t.name: int(t.stake) if t.stake == int(t.stake) else t.stake for t in tables}
    for (day, rota), row in zip(shifts, draws, strict=True):
        for t, k in zip(tables, row, strict=True):
            # Whole amounts stay ints (a Fraction's gcd on every sum is most of the cost).
            win = int(law.low + k) * stakes[t.name]
            win = win // law.denominator if win % law.denominator == 0 else Fraction(win, law.denominator)
            rollup.cells[t.name, day, rota[t.name]].add(n, n * stakes[t.name], win)
    rounds = n * SHIFTS
    keys = [(t.name, day) for day in range(1, spec.days + 1) for t in tables]
    counts = _positions(rng, len(keys), rounds, len(cards), always_dealt)
    for i, key in enumerate(keys):
        rollup.card_days[key] = CardDay(rounds, counts[i])
    return rollup


def _positions(rng: np.random.Generator, days: int, rounds: int, deck: int, always_dealt: int) -> np.ndarray:
    """(days, positions, cards) counts of the first cards of each round of a shuffled deck
    (distinct, each uniform)."""
    if always_dealt <= 2:
        first = rng.integers(0, deck, (days, rounds))
        second = (first + rng.integers(1, deck, (days, rounds))) % deck
        picks = np.stack((first, second), axis=2)[..., :always_dealt]
    else:
        picks = np.argsort(rng.random((days, rounds, deck)), axis=2)[..., :always_dealt]
    offsets = (np.arange(days)[:, None] * always_dealt + np.arange(always_dealt)[None, :]) * deck
    flat = (picks + offsets[:, None, :]).ravel()
    return np.bincount(flat, minlength=days * always_dealt * deck).reshape(days, always_dealt, deck)
