"""Berlekamp-Massey compiled: ``linear.lockstep_complexities`` one block at a time."""

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
