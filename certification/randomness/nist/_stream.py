"""Shared view of one bit stream, so that tests reuse the same sliding windows."""

from __future__ import annotations

import numpy as np

# The widest window any battery test reads (Serial, m=16); narrower windows are right shifts of it.
WIDEST_WINDOW = 16


class NotApplicable(Exception):
    """The stream cannot be judged by this test; the message says why."""


class BitStream:
    """A 0/1 uint8 array plus the cyclic sliding windows several tests share."""

    def __init__(self, bits: np.ndarray) -> None:
        self.bits = np.ascontiguousarray(bits, dtype=np.uint8)
        self.n = int(self.bits.size)
        self._windows: dict[int, np.ndarray] = {}
        self._walk: np.ndarray | None = None

    def walk(self) -> np.ndarray:
        """The ±1 random walk's partial sums (CumulativeSums and both Excursions tests)."""
        if self._walk is None:
            self._walk = np.cumsum(2 * self.bits.astype(np.int32) - 1)
        return self._walk

    def windows(self, m: int) -> np.ndarray:
        """Value of bits[i:i+m] (wrapping round the end), first bit most significant, for every i.

        Serial and ApproximateEntropy define their counts on the cyclic sequence; the template
        tests only read positions whose window stays inside the stream, where wrapping is moot.
        """
        if m in self._windows:
            return self._windows[m]
        if m < WIDEST_WINDOW:
            return self.windows(WIDEST_WINDOW) >> np.uint32(WIDEST_WINDOW - m)
        ext = np.resize(self.bits, self.n + m - 1).astype(np.uint32)
        w = np.zeros(self.n, dtype=np.uint32)
        for j in range(m):
            w <<= np.uint32(1)
            w |= ext[j : j + self.n]
        self._windows[m] = w
        return w


def as_stream(bits: np.ndarray | BitStream) -> BitStream:
    return bits if isinstance(bits, BitStream) else BitStream(bits)
