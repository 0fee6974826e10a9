"""Random words and bounded draws, shared by every kernel.

Words come from numpy's SFC64 generator, seeded by ``SeedSequence(root, spawn_key=(i,))``
for chunk i and stepped inside the kernel (the same recurrence as numpy's C code, so
``SFC64(seed).random_raw()`` reproduces a chunk's words exactly). The four-card casino
kernel, which needs one word a round, reads sixteen generators side by side (``lanes.py``).

A word is read as a fraction u in [0, 1); successive draws take its mixed-radix digits
(d = floor(n u), then u = frac(n u)) until the product P of the ranges used would pass
``BUDGET``, when a fresh word is read. Each ordered outcome of a word's draws covers
2**64 / P words give or take one, so no outcome is off by more than 2**-38 of its
probability: far below anything a run can observe, with no rejection loop. Every round
starts on a fresh word, and words are used strictly in order, so results do not depend
on how the stream is cut into buffers.

A card is dealt by a partial Fisher-Yates step on the kernel's deck: position k swaps
with a uniform position in [k, n). The deck is not reset between rounds; a shuffle of
any arrangement is as uniform as a shuffle of a fresh one, and the arrangement a round
starts from is itself determined by the chunk's words. The Seven-and-a-half kernels deal
a round's first ``CARDS`` places before play, whether the round uses them or not.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit_inline

BUDGET = 1 << 26
BUFFER_WORDS = 1 << 12
# Cards the Seven-and-a-half kernels deal before a round's first decision (see
# seven_half_walk): enough for nearly every round, few enough to deal cheaply.
CARDS = 7
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
def draw(x, budget, n, fresh):
    """A uniform integer in [0, n): returns (value, x, budget, words used: 0 or 1).

    ``fresh`` is the next unread word, taken only when ``x`` has too few digits left.
    The helpers here take no arrays: an array passed to a helper costs two atomic
    reference-count updates per call in numba's output, more than the draw itself.
    """
    used = 0
    if budget * n > BUDGET:
        x = fresh
        budget = 1
        used = 1
    m = np.uint64(n)
    r = mulhi(x, m)
    return np.int64(r), x * m, budget * n, used
