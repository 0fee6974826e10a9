"""The battery's slowest loops compiled: Berlekamp-Massey (``linear.py``), the reference's
32x32 elimination (``rank_fft.py``) and Universal's table of last positions
(``entropy.py``); each has a numpy twin that gives the same answers."""

from __future__ import annotations

import numpy as np

from certification.compiled import jit


@jit
def compiled_complexities(blocks, out):
    """Complexities of the rows of ``blocks`` into ``out``, over (M + 1) / 64 words a block."""
    count, length = blocks.shape
    words = (length + 1 + 63) // 64
    c = np.zeros(words, dtype=np.uint64)
    d = np.zeros(words, dtype=np.uint64)
    history = np.zeros(words, dtype=np.uint64)
    one, top = np.uint64(1), np.uint64(63)
    for b in range(count):
        c[:] = 0
        d[:] = 0
        history[:] = 0
        c[0] = one
        d[0] = np.uint64(2)
        complexity = 0
        for step in range(length):
            carry = np.uint64(blocks[b, step])
            parity = np.uint64(0)
            for w in range(words):
                h = history[w]
                history[w] = (h << one) | carry
                carry = h >> top
                parity ^= c[w] & history[w]
            for shift in (32, 16, 8, 4, 2, 1):
                parity ^= parity >> np.uint64(shift)
            if parity & one:
                grow = complexity <= step // 2
                c_carry = np.uint64(0)
                d_carry = np.uint64(0)
                for w in range(words):
                    cw, dw = c[w], d[w]
                    c[w] = cw ^ dw
                    d[w] = ((cw if grow else dw) << one) | (c_carry if grow else d_carry)
                    c_carry, d_carry = cw >> top, dw >> top
                if grow:
                    complexity = step + 1 - complexity
            else:
                d_carry = np.uint64(0)
                for w in range(words):
                    dw = d[w]
                    d[w] = (dw << one) | d_carry
                    d_carry = dw >> top
        out[b] = complexity


@jit
def compiled_ranks(rows, out):
    """Ranks of the (N, 32) uint32 matrices in ``rows`` into ``out``: the reference's
    elimination step for step, as ``rank_fft.lockstep_ranks`` does for all at once."""
    side = rows.shape[1]
    a = np.empty(side, dtype=np.uint32)
    for m in range(rows.shape[0]):
        for r in range(side):
            a[r] = rows[m, r]
        for i in range(side - 1):
            bit = np.uint32(1) << np.uint32(side - 1 - i)
            if (a[i] & bit) == 0:
                for r in range(i + 1, side):
                    if (a[r] & bit) != 0:
                        a[i], a[r] = a[r], a[i]
                        break
            if (a[i] & bit) != 0:
                for r in range(i + 1, side):
                    if (a[r] & bit) != 0:
                        a[r] ^= a[i]
        for i in range(side - 1, 0, -1):
            bit = np.uint32(1) << np.uint32(side - 1 - i)
            if (a[i] & bit) == 0:
                for r in range(i - 1, -1, -1):
                    if (a[r] & bit) != 0:
                        a[i], a[r] = a[r], a[i]
                        break
            if (a[i] & bit) != 0:
                for r in range(i):
                    if (a[r] & bit) != 0:
                        a[r] ^= a[i]
        rank = 0
        for r in range(side):
            rank += a[r] != 0
        out[m] = rank


@jit
def compiled_distances(values, table_size, out):
    """Universal's distances, walking the blocks with a table of last positions."""
    last = np.zeros(table_size, dtype=np.int64)
    for i in range(values.size):
        position = i + 1
        out[i] = position - last[values[i]]
        last[values[i]] = position
