"""The four-card round (``two_card.py``), compiled, on sixteen interleaved lanes.

Rounds are played a block at a time in two passes. The first steps all sixteen lanes and
turns each word into its two digits: plain arithmetic on independent lanes, which the
compiler turns into vector instructions. The second reads each round's outcome from the
tables and counts it in its lane's row, so that consecutive counts never wait on the
same memory cell. Rounds before the first whole block of a call (a call may start in
the middle of a step) and after the last are played one at a time, on the same lanes, in
the same order.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit, jit_inline
from .lanes import LANES, split, step

BLOCK_STEPS = 64
_S32 = np.uint64(32)
_M32 = np.uint64(0xFFFFFFFF)


@jit_inline
def _one(a, b, c, w, lane, m12, m34, pair_base, outcome, counts):
    r12, rest = split(step(a, b, c, w, lane), m12)
    r34, rest = split(rest, m34)
    counts[lane, outcome[pair_base[r12] + r34]] += 1


@jit
def play_two_card(state, first_lane, rounds, m12, m34, pair_base, outcome, counts):
    """Play ``rounds`` rounds from lane ``first_lane`` on; ``counts[lane, code]`` grows."""
    a, b, c, w = state[0].copy(), state[1].copy(), state[2].copy(), state[3].copy()
    m12, m34 = np.uint64(m12), np.uint64(m34)
    lane = first_lane
    while lane != 0 and rounds > 0:
        _one(a, b, c, w, lane, m12, m34, pair_base, outcome, counts)
        lane = (lane + 1) % LANES
        rounds -= 1
    steps = rounds // LANES
    digits = np.empty(BLOCK_STEPS * LANES, dtype=np.uint64)
    done = 0
    while done < steps:
        block = min(BLOCK_STEPS, steps - done)
        for s in range(block):
            for j in range(LANES):
                r12, rest = split(step(a, b, c, w, j), m12)
                r34, rest = split(rest, m34)
                digits[s * LANES + j] = r12 | (r34 << _S32)
        for i in range(block * LANES):
            q = digits[i]
            counts[i % LANES, outcome[pair_base[q & _M32] + (q >> _S32)]] += 1
        done += block
    for j in range(rounds % LANES):
        _one(a, b, c, w, j, m12, m34, pair_base, outcome, counts)
    state[0], state[1], state[2], state[3] = a, b, c, w
