"""Random words and bounded draws, shared by every kernel.

Words come from numpy's SFC64 generator, seeded by ``SeedSequence(root, spawn_key=(i,))``
for chunk i and stepped inside the kernel (the same recurrence as numpy's C code, so
``SFC64(seed).random_raw()`` reproduces a chunk's words exactly).

A word is read as a fraction u in [0, 1); successive draws take its mixed-radix digits
(d = floor(n u), then u = frac(n u)) until the product P of the ranges used would pass
``BUDGET``, when a fresh word is read. Each ordered outcome of a word's draws covers
2**64 / P words give or take one, so no outcome is off by more than 2**-38 of its
probability: far below anything a run can observe, with no rejection loop. Every round
starts on a fresh word, and words are used strictly in order, so results do not depend
on how the stream is cut into buffers.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit_inline

BUDGET = 1 << 26
BUFFER_WORDS = 1 << 12
_S11, _S3, _S24, _S40 = np.uint64(11), np.uint64(3), np.uint64(24), np.uint64(40)
_S32 = np.uint64(32)
_M32 = np.uint64(0xFFFFFFFF)


def chunk_state(root_seed: int, index: int) -> np.ndarray:
    """The generator state for chunk ``index`` of a run with this root seed."""
    seq = np.random.SeedSequence(root_seed, spawn_key=(index,))
    return np.array(np.random.SFC64(seq).state["state"]["state"], dtype=np.uint64)


@jit_inline
def refill(state, words, pos):
    """Move the unused words to the front, fill the rest; returns the new position (0)."""
    keep = words.shape[0] - pos
    for i in range(keep):
        words[i] = words[pos + i]
    a, b, c, w = state[0], state[1], state[2], state[3]
    one = np.uint64(1)
    for i in range(keep, words.shape[0]):
        tmp = a + b + w
        w += one
        a = b ^ (b >> _S11)
        b = c + (c << _S3)
        c = ((c << _S24) | (c >> _S40)) + tmp
        words[i] = tmp
    state[0], state[1], state[2], state[3] = a, b, c, w
    return 0


@jit_inline
def mulhi(x, m):
    """floor(x * m / 2**64) for m < 2**32, without 128-bit integers."""
    return ((x >> _S32) * m + (((x & _M32) * m) >> _S32)) >> _S32


@jit_inline
def draw(words, pos, x, budget, n):
    """A uniform integer in [0, n); returns (value, pos, x, budget)."""
    if budget * n > BUDGET:
        x = words[pos]
        pos += 1
        budget = 1
    m = np.uint64(n)
    r = mulhi(x, m)
    x = x * m
    return np.int64(r), pos, x, budget * n


@jit_inline
def deal(words, pos, x, budget, deck, k):
    """Deal position k of a round by a partial Fisher-Yates step; returns (card, ...).

    ``deck`` is a fresh copy of the deck for each round; only positions k and up are
    still in the stock, so the dealt card need not be written back.
    """
    n = deck.shape[0]
    j, pos, x, budget = draw(words, pos, x, budget, n - k)
    j += k
    card = deck[j]
    deck[j] = deck[k]
    return card, pos, x, budget
