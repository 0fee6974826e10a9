"""The built-in shuffler for virtual tables and test data.

Fisher–Yates driven by the operating system's CSPRNG (``os.urandom``). Each swap index is
drawn without modulo bias: a 32-bit word w is accepted only below the largest multiple of
the range that fits in 2^32, then reduced. A shuffle of n cards therefore carries the full
log2(n!) bits of entropy: 138.1 bits for 36 cards, 159.2 for 40, 225.6 for 52. (It is not a
certified device; a casino's production shuffler must be certified on its own.)
"""

from __future__ import annotations

import math
import os

import numpy as np

from casino.rules.cards import deck_for_size
from certification.randomness.shuffles.log import format_shuffle_log
from certification.randomness.shuffles.permutations import chain

_WORD = 2**32


def entropy_bits(n: int) -> float:
    """Entropy of one uniform shuffle of n distinct cards: log2(n!)."""
    return math.lgamma(n + 1) / math.log(2)


def _words(count: int) -> np.ndarray:
    return np.frombuffer(os.urandom(4 * count), dtype=np.uint32).astype(np.int64)


def uniform_below(bounds: np.ndarray) -> np.ndarray:
    """One unbiased integer in [0, b) for each b of ``bounds``, by rejection sampling."""
    bounds = np.asarray(bounds, dtype=np.int64)
    if (bounds < 1).any() or (bounds > _WORD).any():
        raise ValueError("bounds must lie in 1..2^32")
    limits = (_WORD // bounds) * bounds
    out = np.empty_like(bounds)
    pending = np.arange(bounds.size)
    while pending.size:
        words = _words(pending.size)
        ok = words < limits[pending]
        out[pending[ok]] = words[ok] % bounds[pending[ok]]
        pending = pending[~ok]
    return out


def shuffle_permutations(count: int, n: int) -> np.ndarray:
    """``count`` independent uniform permutations of n (row t: source position per slot)."""
    perms = np.broadcast_to(np.arange(n), (count, n)).copy()
    rows = np.arange(count)
    for i in range(n - 1, 0, -1):
        j = uniform_below(np.full(count, i + 1))
        perms[rows, i], perms[rows, j] = perms[rows, j], perms[rows, i].copy()
    return perms


def shuffle(cards: list) -> list:
    """A uniformly shuffled copy of ``cards``."""
    perm = shuffle_permutations(1, len(cards))[0]
    return [cards[k] for k in perm]


def chained_orders(shuffles: int, deck_size: int) -> np.ndarray:
    """Orders of ``shuffles`` consecutive shuffles, each of the previous output, from new-deck order."""
    return chain(shuffle_permutations(shuffles, deck_size), np.arange(deck_size))


def write_shuffle_log(shuffles: int, deck_size: int = 40) -> str:
    """CSV text of a shuffle log of ``shuffles`` chained shuffles (RULES.md format)."""
    return format_shuffle_log(chained_orders(shuffles, deck_size), deck_for_size(deck_size))
