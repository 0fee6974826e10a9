"""Laws on a lattice of results, and sums of many independent rounds by FFT.

A round's result per bet unit takes values k / denominator; a law is the vector of their
probabilities from ``low`` upward. Sums of n independent rounds are the n-th convolution
power, computed in one FFT (floating point: figures below about 1e-9 may be rounding noise, and the
tails report a Chernoff bound there instead).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np
from scipy import fft, optimize

MAX_POINTS = 1 << 24
"""Largest lattice one FFT may use (about 270 MB of complex numbers at most)."""
FFT_FLOOR = 1e-9


def common_denominator(values) -> int:
    out = 1
    for v in values:
        out = math.lcm(out, Fraction(v).denominator)
    return out


@dataclass(frozen=True)
class LatticeLaw:
    probs: np.ndarray
    low: int
    """Lattice index of ``probs[0]``; value = (low + i) / denominator."""
    denominator: int

    @classmethod
    def of(cls, law: dict[Fraction, Fraction], denominator: int | None = None) -> LatticeLaw:
        d = denominator or common_denominator(law)
        index = {int(v * d): float(p) for v, p in law.items()}
        if any(Fraction(v) * d != int(v * d) for v in law):
            raise ValueError(f"the law's values are not multiples of 1/{d}")
        low, high = min(index), max(index)
        probs = np.zeros(high - low + 1)
        for k, p in index.items():
            probs[k - low] += p
        return cls(probs, low, d)

    @cached_property
    def values(self) -> np.ndarray:
        # Computed once per law: a field check asks one day's law for tails many times.
        values = (self.low + np.arange(self.probs.size)) / self.denominator
        values.setflags(write=False)
        return values

    @property
    def mean(self) -> float:
        return float(self.probs @ self.values)

    @property
    def variance(self) -> float:
        v = self.values
        return float(self.probs @ (v - self.mean) ** 2)

    def negated(self) -> LatticeLaw:
        return LatticeLaw(self.probs[::-1].copy(), -(self.low + self.probs.size - 1), self.denominator)

    def convolve(self, other: LatticeLaw) -> LatticeLaw:
        assert other.denominator == self.denominator
        return LatticeLaw(np.convolve(self.probs, other.probs), self.low + other.low, self.denominator)

    def power(self, n: int) -> LatticeLaw | None:
        """The law of the sum of n independent copies (None when too wide for one FFT)."""
        if n < 1:
            raise ValueError("n must be at least 1")
        size = n * (self.probs.size - 1) + 1
        if size > MAX_POINTS:
            return None
        length = fft.next_fast_len(size, real=True)
        spectrum = fft.rfft(self.probs, length) ** n
        probs = np.clip(fft.irfft(spectrum, length)[:size], 0.0, None)
        return LatticeLaw(probs, n * self.low, self.denominator)

    # The values ascend, so the points below (or above) x are a prefix (a suffix) found by
    # bisection; summing that slice adds the same numbers in the same order as a mask would.
    def below(self, x: float, *, inclusive: bool = False) -> float:
        end = self.values.searchsorted(x, side="right" if inclusive else "left")
        return float(self.probs[:end].sum())

    def above(self, x: float, *, inclusive: bool = False) -> float:
        start = self.values.searchsorted(x, side="left" if inclusive else "right")
        return float(self.probs[start:].sum())

    def log_mgf(self, theta: float) -> float:
        """log E[exp(theta X)], computed stably."""
        a = theta * self.values
        top = a.max()
        return float(top + np.log(self.probs @ np.exp(a - top)))


def chernoff_below(law: LatticeLaw, n: int, x: float) -> float:
    """An upper bound on P(sum of n rounds <= x) (Chernoff), for tails the FFT cannot resolve."""
    if x >= n * law.mean:
        return 1.0
    result = optimize.minimize_scalar(
        lambda t: n * law.log_mgf(-t) + t * x, bounds=(0.0, 50.0 * law.denominator), method="bounded")
    return float(min(1.0, math.exp(result.fun)))


@dataclass(frozen=True)
class Tail:
    probability: float
    method: str
    """'fft' (the law of the sum) or 'chernoff bound' (an upper bound where the FFT is noise)."""

    def text(self) -> str:
        if self.method == "fft":
            return f"{self.probability:.3g}"
        return f"at most {self.probability:.2g}"


def probability_below(law: LatticeLaw, n: int, x: float, summed: LatticeLaw | None = None) -> Tail:
    """P(sum of n independent rounds < x), by FFT (``summed``: that sum's law, if already
    computed); a Chernoff bound where the FFT is noise."""
    bound = chernoff_below(law, n, x)
    summed = summed if summed is not None else law.power(n)
    if summed is not None:
        p = summed.below(x)
        # The FFT's rounding error is about 1e-12 on wide lattices: a figure that small, or
        # one above a bound it must respect, is noise.
        if FFT_FLOOR <= p <= bound * (1 + 1e-9):
            return Tail(p, "fft")
    return Tail(bound, "chernoff bound")
