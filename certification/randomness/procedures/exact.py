"""Exact distance from uniform after GSR riffles (Bayer & Diaconis, 1992).

After k riffles a permutation with r rising sequences has probability
C(2^k + n − r, n) / 2^(kn), and A(n, r) permutations have r rising sequences (Eulerian
numbers), so the total variation distance is a finite exact sum. It is done in Fractions
and turned into a float at the end: the terms cancel to many digits for large k.

A cut or box after the riffles is another independent random permutation, and composing
with any independent shuffle never increases the distance (U * R = U), so the riffle-only
figure is an exact *upper bound* for a procedure that contains that run of riffles. It is
not the procedure's distance: the steps in between do not commute with riffles.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from certification.randomness.shuffles.permutations import eulerian_row


@lru_cache(maxsize=512)
def riffle_tv(n: int, k: int) -> float:
    if k < 0 or n < 1:
        raise ValueError("need n ≥ 1 cards and k ≥ 0 riffles")
    uniform = Fraction(1, factorial(n))
    a = 2**k
    total = Fraction(0)
    for r, count in enumerate(eulerian_row(n), start=1):
        prob = Fraction(comb(a + n - r, n), a**n)
        total += count * abs(prob - uniform)
    return float(total / 2)


def riffles_needed(n: int, threshold: float, limit: int = 40) -> int:
    """Fewest GSR riffles whose exact distance from uniform is below ``threshold``."""
    for k in range(1, limit + 1):
        if riffle_tv(n, k) < threshold:
            return k
    raise ValueError(f"more than {limit} riffles needed for a {n}-card deck")
