"""Shared view of one bit stream, so that tests reuse the same sliding windows."""

from __future__ import annotations

import numpy as np

# The widest window any battery test reads (Serial, m=16); narrower windows are right shifts of it.
WIDEST_WINDOW = 16


# The farthest state RandomExcursionsVariant counts.
EXCURSION_REACH = 9
# A table lookup: numpy's arithmetic on uint8 with wider operands takes a slow cast.
_STEPS = np.array([-1, 1], dtype=np.int64)


class NotApplicable(Exception):
    """The stream cannot be judged by this test; the message says why."""


class BitStream:
    """A 0/1 uint8 array plus the cyclic sliding windows several tests share."""

    def __init__(self, bits: np.ndarray) -> None:
        self.bits = np.ascontiguousarray(bits, dtype=np.uint8)
        self.n = int(self.bits.size)
        self._windows: dict[int, np.ndarray] = {}
        self._counts: dict[int, np.ndarray] = {}
        self._walk: np.ndarray | None = None
        self._near: tuple[np.ndarray, np.ndarray] | None = None

    def walk(self) -> np.ndarray:
        """The ±1 random walk's partial sums (CumulativeSums and both Excursions tests)."""
        if self._walk is None:
            self._walk = np.cumsum(_STEPS[self.bits])
        return self._walk

    def walk_near_origin(self) -> tuple[np.ndarray, np.ndarray]:
        """Positions and values of the partial sums within ±9 of zero, the only states the
        Excursions tests read (a few thousand of the million sums on a random stream)."""
        if self._near is None:
            walk = self.walk()
            positions = np.flatnonzero(np.abs(walk) <= EXCURSION_REACH)
            self._near = positions, walk[positions]
        return self._near

    def pattern_counts(self, m: int) -> np.ndarray:
        """How often each m-bit pattern occurs among the cyclic windows (index = its value).

        A narrower window is the widest one shifted right, so its counts are the widest
        counts summed over the dropped low bits: one pass over the stream serves every m.
        """
        if m not in self._counts:
            if m < WIDEST_WINDOW:
                wide = self.pattern_counts(WIDEST_WINDOW)
                counts = wide.reshape(1 << m, 1 << (WIDEST_WINDOW - m)).sum(axis=1)
            else:
                counts = np.bincount(self.windows(m), minlength=1 << m)
            self._counts[m] = counts
        return self._counts[m]

    def windows(self, m: int) -> np.ndarray:
        """Value of bits[i:i+m] (wrapping round the end), first bit most significant, for every i.

        Serial and ApproximateEntropy define their counts on the cyclic sequence; the template
        tests only read positions whose window stays inside the stream, where wrapping is moot.
        """
        if m in self._windows:
            return self._windows[m]
        if m < WIDEST_WINDOW:
            return self.windows(WIDEST_WINDOW) >> np.uint32(WIDEST_WINDOW - m)
        ext = np.resize(self.bits, self.n + m - 1)
        w = _sixteen_bit_windows(ext, self.n) if m == 16 else _shifted_windows(ext, self.n, m)
        self._windows[m] = w
        return w


def _shifted_windows(ext: np.ndarray, n: int, m: int) -> np.ndarray:
    wide = ext.astype(np.uint32)
    w = np.zeros(n, dtype=np.uint32)
    for j in range(m):
        w <<= np.uint32(1)
        w |= wide[j : j + n]
    return w


def _sixteen_bit_windows(ext: np.ndarray, n: int) -> np.ndarray:
    """The 16-bit windows from packed bytes: the window at 8k + r is bits 23 - r … 8 - r of
    the three bytes from k, so eight strided passes over n / 8 values do the work of sixteen
    passes over n."""
    packed = np.packbits(ext)
    b = np.zeros(packed.size + 2, dtype=np.uint32)
    b[: packed.size] = packed
    triples = (b[:-2] << np.uint32(16)) | (b[1:-1] << np.uint32(8)) | b[2:]
    w = np.empty(n, dtype=np.uint32)
    for r in range(8):
        count = (n - r + 7) // 8
        np.bitwise_and(triples[:count] >> np.uint32(8 - r), np.uint32(0xFFFF), out=w[r::8])
    return w


def as_stream(bits: np.ndarray | BitStream) -> BitStream:
    return bits if isinstance(bits, BitStream) else BitStream(bits)
