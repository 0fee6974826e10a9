"""Permutation statistics, vectorised over many shuffles, and their exact null laws.

Row-wise arrays throughout: ``orders[t, j]`` is the card at position j after shuffle t and
``applied[t, j]`` the position, in the previous order, of the card now at position j. The
applied permutation is what a shuffler actually does; absolute positions of a chained log
can look uniform even when every shuffle is badly biased (a biased step applied to an
already random deck gives a random deck).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import factorial

import numpy as np


def inverse(perms: np.ndarray) -> np.ndarray:
    """Row-wise inverse: ``inverse(p)[t, p[t, j]] == j``."""
    inv = np.empty_like(perms)
    np.put_along_axis(inv, perms, np.broadcast_to(np.arange(perms.shape[1]), perms.shape), axis=1)
    return inv


def applied_permutations(orders: np.ndarray) -> np.ndarray:
    """For each consecutive pair of rows, the input position of the card at each output position."""
    positions = inverse(orders)
    return np.take_along_axis(positions[:-1], orders[1:], axis=1)


def rising_sequences(applied: np.ndarray) -> np.ndarray:
    """Rising sequences of each shuffle: 1 + cards whose input successor now lies above them."""
    out_pos = inverse(applied)
    return 1 + (out_pos[:, 1:] < out_pos[:, :-1]).sum(axis=1)


def fixed_points(applied: np.ndarray) -> np.ndarray:
    return (applied == np.arange(applied.shape[1])).sum(axis=1)


def cycle_counts(perms: np.ndarray) -> np.ndarray:
    """Cycles per row: a position counts if it is the smallest of its cycle (pointer doubling)."""
    n = perms.shape[1]
    smallest = np.broadcast_to(np.arange(n), perms.shape).copy()
    step = perms.copy()
    reach = 1
    while reach < n:
        smallest = np.minimum(smallest, np.take_along_axis(smallest, step, axis=1))
        step = np.take_along_axis(step, step, axis=1)
        reach *= 2
    return (smallest == np.arange(n)).sum(axis=1)


def successions(applied: np.ndarray) -> np.ndarray:
    """Input-adjacent pairs still adjacent, in the same order, after the shuffle."""
    out_pos = inverse(applied)
    return (out_pos[:, 1:] == out_pos[:, :-1] + 1).sum(axis=1)


def guess_hits(applied: np.ndarray) -> np.ndarray:
    """Correct guesses of a guesser who knows the previous order.

    Before each card is turned the guesser names the unseen card that continues the current
    rising sequence (the next-lowest input position above the last card shown), else the
    unseen card highest in the previous order. Riffles, cuts, boxes and overhand packets all
    keep runs of the input order together, so this is the Diaconis–Fulman–Holmes style
    guesser that profits from them. Decks of up to 64 cards keep the seen set as one bitmask.
    """
    shuffles, n = applied.shape
    if n > 64:
        raise ValueError("the guessing test supports decks of at most 64 cards")
    full = np.uint64((1 << n) - 1) if n < 64 else np.uint64(0xFFFFFFFFFFFFFFFF)
    unseen = np.full(shuffles, full, dtype=np.uint64)
    bits = np.left_shift(np.uint64(1), np.arange(n, dtype=np.uint64))
    hits = np.zeros(shuffles, dtype=np.int64)
    last = None
    for j in range(n):
        if last is None:
            guess = _lowest_bit(unseen)
        else:
            above = unseen & ~((bits[last] << np.uint64(1)) - np.uint64(1))
            guess = np.where(above != 0, _lowest_bit(above), _lowest_bit(unseen))
        card = applied[:, j]
        hits += guess == card
        unseen &= ~bits[card]
        last = card
    return hits


def _lowest_bit(masks: np.ndarray) -> np.ndarray:
    low = masks & (~masks + np.uint64(1))
    # Empty masks only occur in the branch np.where discards; map them to bit 0 harmlessly.
    low = np.where(low == 0, np.uint64(1), low)
    return np.log2(low.astype(np.float64)).astype(np.int64)


@lru_cache(maxsize=64)
def eulerian_row(n: int) -> tuple[int, ...]:
    """Permutations of n with exactly r rising sequences, r = 1..n (Eulerian numbers, exact)."""
    row = [1]
    for m in range(2, n + 1):
        row = [
            (k + 1) * (row[k] if k < len(row) else 0) + (m - k) * (row[k - 1] if k >= 1 else 0)
            for k in range(m)
        ]
    return tuple(row)


def rising_pmf(n: int) -> np.ndarray:
    total = factorial(n)
    return np.array([float(Fraction(a, total)) for a in eulerian_row(n)])


@lru_cache(maxsize=64)
def fixed_point_pmf(n: int) -> np.ndarray:
    """P(k fixed points) = (1/k!) Σ_{j≤n−k} (−1)^j / j!, exactly, for k = 0..n."""
    probs = []
    for k in range(n + 1):
        s = sum(Fraction((-1) ** j, factorial(j)) for j in range(n - k + 1))
        probs.append(float(s / factorial(k)))
    return np.array(probs)


@lru_cache(maxsize=64)
def cycle_pmf(n: int) -> np.ndarray:
    """P(k cycles) = c(n, k) / n! (unsigned Stirling numbers of the first kind), k = 0..n."""
    row = [1]  # c(0, 0)
    for m in range(1, n + 1):
        row = [0] + [
            (row[k - 1] if k - 1 < len(row) else 0) + (m - 1) * (row[k] if k < len(row) else 0)
            for k in range(1, m + 1)
        ]
    total = factorial(n)
    return np.array([float(Fraction(c, total)) for c in row])


def harmonic(n: int, power: int = 1) -> float:
    return float(sum(Fraction(1, k**power) for k in range(1, n + 1)))


def chain(applied: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Orders of a shuffler that applies ``applied[t]`` to its previous output, from ``start``."""
    orders = np.empty_like(applied)
    current = np.asarray(start)
    for t in range(applied.shape[0]):
        current = current[applied[t]]
        orders[t] = current
    return orders
