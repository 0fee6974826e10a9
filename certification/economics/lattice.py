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

MAX_POINTS = 1 << 24
"""Largest lattice one FFT may use (about 270 MB of complex numbers at most)."""
FFT_FLOOR = 1e-9
SURE_MARGIN = 1e-6
"""How far under half its law's mass a tail's float sum must be to be surely the smaller."""


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
        # Imported here, as scipy.optimize below: every web process and worker loads this
        # module with the field-results pages (about a quarter of a second of start-up).
        from scipy import fft

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

    @cached_property
    def _mass_and_middle(self) -> tuple[float, int]:
        mass = float(self.probs.sum())
        return mass, int(np.cumsum(self.probs).searchsorted(mass / 2))

    def smaller_tail(self, x: float) -> float:
        """``min(below(x, inclusive=True), above(x, inclusive=True))``, the same float.

        The two slices cover every point, so when the side towards the nearer end holds
        clearly under half the mass, the other holds more and is not summed: a field check
        asks this of every day. "Clearly" is a margin of 1e-6, far above the error of a float
        sum of non-negative numbers (at most n x 1.1e-16 of it, n < 2**24 points).
        """
        mass, middle = self._mass_and_middle
        end = self.values.searchsorted(x, side="right")
        start = self.values.searchsorted(x, side="left")
        if end <= middle:
            below = float(self.probs[:end].sum())
            if below < mass / 2 - SURE_MARGIN:
                return below
            return min(below, float(self.probs[start:].sum()))
        above = float(self.probs[start:].sum())
        if above < mass / 2 - SURE_MARGIN:
            return above
        return min(float(self.probs[:end].sum()), above)

    def log_mgf(self, theta: float) -> float:
        """log E[exp(theta X)], computed stably."""
        a = theta * self.values
        top = a.max()
        return float(top + np.log(self.probs @ np.exp(a - top)))


def chernoff_below(law: LatticeLaw, n: int, x: float) -> float:
    """An upper bound on P(sum of n rounds <= x) (Chernoff), for tails the FFT cannot resolve."""
    if x >= n * law.mean:
        return 1.0
    from scipy import optimize

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
