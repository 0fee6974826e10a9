"""Defective shufflers, for power studies and tests.

Each model returns the permutations a shuffler applies (row t: the previous position of the
card at each new position); :func:`defective_log` chains them into a log as a real shuffler
would, each shuffle starting from the previous output.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from casino.rules.cards import deck_for_size
from certification.randomness.procedures.steps import riffle
from certification.randomness.shuffles.log import ShuffleLog
from certification.randomness.shuffles.permutations import chain


def _swap(perms: np.ndarray, i: np.ndarray | int, j: np.ndarray) -> None:
    rows = np.arange(perms.shape[0])
    a = perms[rows, i].copy()
    perms[rows, i] = perms[rows, j]
    perms[rows, j] = a


def _identity(count: int, n: int) -> np.ndarray:
    return np.broadcast_to(np.arange(n), (count, n)).copy()


def uniform(rng: np.random.Generator, count: int, n: int) -> np.ndarray:
    return rng.permuted(_identity(count, n), axis=1)


def few_riffles(rng: np.random.Generator, count: int, n: int, riffles: int = 3) -> np.ndarray:
    perms = _identity(count, n)
    for _ in range(riffles):
        perms = np.take_along_axis(perms, riffle(rng, count, n), axis=1)
    return perms


def naive_swap(rng: np.random.Generator, count: int, n: int) -> np.ndarray:
    """Swap each position with any position (n^n equally likely paths: biased)."""
    perms = _identity(count, n)
    for i in range(n):
        _swap(perms, i, rng.integers(0, n, count))
    return perms


def sattolo(rng: np.random.Generator, count: int, n: int) -> np.ndarray:
    """Fisher–Yates off by one: j < i strictly, so the result is always a single n-cycle."""
    perms = _identity(count, n)
    for i in range(n - 1, 0, -1):
        _swap(perms, i, rng.integers(0, i, count))
    return perms


def byte_modulo(rng: np.random.Generator, count: int, n: int) -> np.ndarray:
    """Fisher–Yates whose index is a random byte modulo the range (small values favoured)."""
    perms = _identity(count, n)
    for i in range(n - 1, 0, -1):
        _swap(perms, i, rng.integers(0, 256, count) % (i + 1))
    return perms


def sticky_bottom(rng: np.random.Generator, count: int, n: int, q: float = 0.02) -> np.ndarray:
    """Uniform, except that with probability q the previous bottom card stays at the bottom."""
    perms = uniform(rng, count, n)
    stuck = np.flatnonzero(rng.random(count) < q)
    where = np.argmax(perms[stuck] == n - 1, axis=1)
    sub = perms[stuck]
    _swap(sub, where, np.full(stuck.size, n - 1))
    perms[stuck] = sub
    return perms


def glued_neighbours(rng: np.random.Generator, count: int, n: int, q: float = 0.01) -> np.ndarray:
    """Each pair of neighbouring cards stays together with probability q; blocks shuffled uniformly."""
    glued = rng.random((count, n - 1)) < q
    block = np.concatenate(
        [np.zeros((count, 1), dtype=np.int64), np.cumsum(~glued, axis=1)], axis=1
    )
    block_key = rng.random((count, n))
    key = np.take_along_axis(block_key, block, axis=1)
    return np.lexsort((np.broadcast_to(np.arange(n), (count, n)), key), axis=-1)


def repeats_previous(rng: np.random.Generator, count: int, n: int, q: float = 0.05) -> np.ndarray:
    """Uniform, except that with probability q the output repeats the previous one."""
    perms = uniform(rng, count, n)
    perms[rng.random(count) < q] = np.arange(n)
    return perms


DEFECTS: dict[str, tuple[Callable[..., np.ndarray], str]] = {
    "three_riffles": (few_riffles, "3 Gilbert–Shannon–Reeds riffles"),
    "naive_swap": (naive_swap, "swap each card with any position"),
    "sattolo": (sattolo, "Fisher–Yates with j < i (Sattolo)"),
    "byte_modulo": (byte_modulo, "index = random byte mod range"),
    "sticky_bottom": (sticky_bottom, "previous bottom card stays 2% of the time"),
    "glued_neighbours": (glued_neighbours, "each neighbouring pair kept 1% of the time"),
    "repeats_previous": (repeats_previous, "repeats its previous output 5% of the time"),
}


def defective_log(name: str, shuffles: int, deck_size: int = 40, seed: int = 0) -> ShuffleLog:
    """A log of ``shuffles`` chained shuffles from the named model (or ``uniform``)."""
    model = uniform if name == "uniform" else DEFECTS[name][0]
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    perms = model(rng, shuffles, deck_size)
    orders = chain(perms, rng.permutation(deck_size))
    return ShuffleLog(
        ids=np.arange(1, shuffles + 1),
        orders=orders,
        deck=deck_for_size(deck_size),
        deck_size=deck_size,
    )
