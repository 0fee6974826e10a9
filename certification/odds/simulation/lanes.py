"""Sixteen interleaved SFC64 generators, for kernels that read exactly one word per round.

One generator is a serial chain (each word depends on the last), so a kernel that needs
only a few operations per word waits on it. Sixteen independent generators stepped side
by side let the compiler keep them in vector registers and advance all of them at once.

Chunk i's lanes are seeded from ``SeedSequence(root, spawn_key=(i,))``: its first 48
state words are the lanes' (a, b, c), three each, with the counter at 1 and twelve steps
discarded, exactly as numpy seeds ``SFC64`` (so ``SFC64`` given that state reproduces a
lane word for word). Round r of a chunk reads the (r // 16)-th word of lane r % 16, so a
chunk's result does not depend on how its rounds are cut into calls.
"""

from __future__ import annotations

import numpy as np

from ._jit import jit, jit_inline

LANES = 16
SEED_STEPS = 12
_S11, _S3, _S24, _S40 = np.uint64(11), np.uint64(3), np.uint64(24), np.uint64(40)
_S32 = np.uint64(32)
_M32 = np.uint64(0xFFFFFFFF)


def lane_states(root_seed: int, index: int) -> np.ndarray:
    """The (4, LANES) state (a, b, c, counter) of chunk ``index``'s lanes, ready to step."""
    seq = np.random.SeedSequence(root_seed, spawn_key=(index,))
    words = seq.generate_state(3 * LANES, np.uint64).reshape(LANES, 3)
    state = np.empty((4, LANES), dtype=np.uint64)
    state[:3] = words.T
    state[3] = 1
    _discard(state[0], state[1], state[2], state[3])
    return state


@jit
def _discard(a, b, c, w):
    for lane in range(LANES):
        for _ in range(SEED_STEPS):
            step(a, b, c, w, lane)


@jit_inline
def step(a, b, c, w, lane):
    """The next word of one lane (numpy's SFC64 recurrence); the lanes' state is in a..w."""
    x, y, z, n = a[lane], b[lane], c[lane], w[lane]
    word = x + y + n
    a[lane] = y ^ (y >> _S11)
    b[lane] = z + (z << _S3)
    c[lane] = ((z << _S24) | (z >> _S40)) + word
    w[lane] = n + np.uint64(1)
    return word


@jit_inline
def split(x, m):
    """(floor(x m / 2**64), x m mod 2**64) for m < 2**32: the next digit and the rest.

    Read as a fraction u = x / 2**64, the first is floor(m u) and the second frac(m u),
    both exact, in two 32 x 32-bit products (which vectorise) instead of a 128-bit one.
    """
    lo = (x & _M32) * m
    hi = (x >> _S32) * m + (lo >> _S32)
    return hi >> _S32, (hi << _S32) | (lo & _M32)
