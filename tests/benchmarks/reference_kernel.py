"""A yardstick for the casino kernel: what this machine does with nothing in the way.

A fixed-strategy casino round (player draws below 5, dealer below 6, one unit, king of
diamonds first pays 3, king of diamonds to the dealer loses), on sixteen interleaved
xoshiro256++ generators, in a branch-free block loop: card values come from arithmetic
on the deck position, the outcome from comparisons, and each outcome is counted in a
per-lane register, so the whole loop runs in vector instructions. It has no strategy
table, no variant tables, no chunks and nothing to merge; the product's kernel is judged
by how close it comes.
"""

from __future__ import annotations

import numba
import numpy as np

LANES = 16
_S32 = np.uint64(32)
_M32 = np.uint64(0xFFFFFFFF)


@numba.njit(inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@numba.njit(inline="always")
def _split(x, m):
    lo = (x & _M32) * m
    hi = (x >> _S32) * m + (lo >> _S32)
    return np.int64(hi >> _S32), (hi << _S32) | (lo & _M32)


@numba.njit(inline="always")
def _value(place):
    # Places 0..27 are A..7 (four of each, in half points 2..14), 28..38 the other
    # figures (1), 39 the king of diamonds (1 when it is not the first card).
    return 1 if place >= 28 else 2 * (place >> 2) + 2


@numba.njit(error_model="numpy")
def play(state, steps, counts):
    """Play ``steps`` x 16 rounds; counts[k] += rounds ending lose, push, win, king."""
    s0, s1, s2, s3 = state[0].copy(), state[1].copy(), state[2].copy(), state[3].copy()
    n = np.uint64(40)
    n1, n2, n3 = n - np.uint64(1), n - np.uint64(2), n - np.uint64(3)
    lose = np.zeros(LANES, np.int64)
    push = np.zeros(LANES, np.int64)
    win = np.zeros(LANES, np.int64)
    king = np.zeros(LANES, np.int64)
    for _ in range(steps):
        for j in range(LANES):
            a, b, c, d = s0[j], s1[j], s2[j], s3[j]
            x = _rotl(a + d, 23) + a
            t = b << np.uint64(17)
            c ^= a
            d ^= b
            b ^= c
            a ^= d
            c ^= t
            s0[j], s1[j], s2[j], s3[j] = a, b, c, _rotl(d, 45)
            # Four ordered places of a shuffled 40-card deck: the d-th place still free.
            c1, x = _split(x, n)
            d2, x = _split(x, n1)
            d3, x = _split(x, n2)
            d4, x = _split(x, n3)
            c2 = d2 + (d2 >= c1)
            low, high = min(c1, c2), max(c1, c2)
            c3 = d3 + (d3 >= low)
            c3 += c3 >= high
            first, last = min(low, c3), max(high, c3)
            middle = low + high + c3 - first - last
            c4 = d4 + (d4 >= first)
            c4 += c4 >= middle
            c4 += c4 >= last
            player, dealer = _value(c1), _value(c2)
            player += _value(c3) if player < 10 else 0
            dealer += _value(c4) if dealer < 12 else 0
            dealer_king = np.int64(c2 == 39)
            player_king = np.int64(c1 == 39) * (1 - dealer_king)
            settled = (1 - dealer_king - player_king) * np.int64(player <= 15)
            wins = settled * np.int64((dealer > 15) | (player > dealer))
            pushes = settled * np.int64(player == dealer)
            lose[j] += 1 - wins - pushes - player_king
            push[j] += pushes
            win[j] += wins
            king[j] += player_king
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    counts[0] += lose.sum()
    counts[1] += push.sum()
    counts[2] += win.sum()
    counts[3] += king.sum()


def exact_counts() -> np.ndarray:
    """Lose, push, win, king counts over all 40 x 39 x 38 x 37 ordered deals (numpy)."""
    place = np.arange(40)
    value = np.where(place >= 28, 1, 2 * (place >> 2) + 2)
    c1, c2, c3, c4 = np.meshgrid(place, place, place, place, indexing="ij", sparse=True)
    dealt = (c1 != c2) & (c1 != c3) & (c1 != c4) & (c2 != c3) & (c2 != c4) & (c3 != c4)
    player = value[c1] + np.where(value[c1] < 10, value[c3], 0)
    dealer = value[c2] + np.where(value[c2] < 12, value[c4], 0)
    dealer_king = c2 == 39
    player_king = (c1 == 39) & ~dealer_king
    settled = ~dealer_king & ~player_king & (player <= 15)
    wins = settled & ((dealer > 15) | (player > dealer))
    pushes = settled & (player == dealer)
    king = player_king & dealt
    wins, pushes = wins & dealt, pushes & dealt
    total = int(dealt.sum())
    return np.array([total - wins.sum() - pushes.sum() - king.sum(), pushes.sum(), wins.sum(),
                     king.sum()], dtype=np.int64)


def seeded_state(seed: int) -> np.ndarray:
    state = np.random.SeedSequence(seed).generate_state(4 * LANES, np.uint64)
    return state.reshape(4, LANES).copy()
