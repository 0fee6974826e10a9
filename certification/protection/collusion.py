"""Exposure 3: k players at one table share their face-down first cards.

Each colluder knows the k - 1 first cards of its partners before it acts, i.e. k - 1 cards
out of play and known (exposure 2 is the case k = 2). Cards the partners draw later are
dealt face up and are public to every seat, so they are not the colluders' gain; the
reading here counts only the shared face-down cards. Exact card removal (every multiset of
k - 1 cards with its hypergeometric weight) wherever the distinct reduced decks are no more
than the samples a simulation would value: the few (at most ``exact_limit_for``) in the exact
part itself, the rest as jobs whose chunks each count a share of the decks and return
their exact weighted sum. Beyond, the partners' cards are sampled and each sample is valued
exactly by the engine (a conditional-expectation estimate: the only noise is which cards
the partners hold).

The control variate is the second-order card-removal model: the exact effects of removing
one card of each kind and the exact interaction of every pair (exposure 2's decks and
k = 3's, which are counted exactly anyway). Its mean under the hypergeometric draw is known
exactly from the draw's factorial moments, and it leaves a fraction of the first-order
model's noise: on Sette e Mezzo at k = 7 the residual standard deviation is 0.10 % of the
stake against 0.39 % with single-card effects only and 2.2 % without a control.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .compositions import Composition, DeckValues
from .result import fraction_text
from .spec import cheap_to_value

SHORT_HANDS_LIMIT = 200
"""Most reduced decks counted exactly per k when both hands are capped at three cards or
fewer (the casino version: about 10 ms a deck; k = 4 on one deck is 165 decks)."""
LONG_HANDS_LIMIT = 60
"""With unlimited draws a deck takes 0.05-0.12 s: k = 2 and k = 3 (at most 45 pairs on one
deck, which the control variate needs anyway) are counted exactly."""


def exact_limit_for(rules) -> int:
    return SHORT_HANDS_LIMIT if cheap_to_value(rules) else LONG_HANDS_LIMIT


def shared_cards(rules, k: int) -> int:
    """Cards a player of a group of k knows besides its own: each partner's face-down first
    card in Seven-and-a-Half; in 9-10-11 every hand is dealt face up, so any player sees the
    other k - 1 seats' three-card first hands without colluding."""
    return (k - 1) * (1 if rules.family == "seven_and_half" else 3)


def collusion_method(values: DeckValues, k: int, counted_limit: int) -> str:
    """How k colluders' gain is found: "exact" in the exact part, "counted" exactly by
    jobs (at most ``counted_limit`` reduced decks, the samples a simulation would value),
    or "simulated"."""
    decks = values.removal_count(shared_cards(values.rules, k))
    if decks <= exact_limit_for(values.rules):
        return "exact"
    return "counted" if decks <= counted_limit else "simulated"


def collusion_exact_gain(values: DeckValues, k: int) -> Fraction:
    return collusion_counted_share(values, k, 0, 1) - values.baseline


def collusion_counted_share(values: DeckValues, k: int, share: int, shares: int) -> Fraction:
    """Sum of p x value over every ``shares``-th reduced deck from the ``share``-th: the
    shares of one k add up to the exact expected value of its colluders' play."""
    removals = values.removals(shared_cards(values.rules, k))
    return sum((p * values.ev(values.minus(removed))
                for i, (removed, p) in enumerate(removals) if i % shares == share), Fraction(0))


class RemovalModel:
    """Second-order model of the gain of knowing removed cards: g(r) ~ sum a_i r_i +
    sum_{i<j} c_ij r_i r_j + sum_i c_ii C(r_i, 2), exact at every one- and two-card removal."""

    def __init__(self, first: list[Fraction], second: dict[tuple[int, int], Fraction]):
        self.first, self.second = first, second

    @classmethod
    def of(cls, values: DeckValues) -> RemovalModel:
        base = values.baseline
        kinds = range(len(values.full))
        first = [values.ev(values.minus(_unit(values, i))) - base if values.full[i] else Fraction(0)
                 for i in kinds]
        second = {}
        for i in kinds:
            for j in kinds[i:]:
                removed = tuple(a + b for a, b in zip(_unit(values, i), _unit(values, j), strict=True))
                if all(r <= n for r, n in zip(removed, values.full, strict=True)):
                    second[(i, j)] = values.ev(values.minus(removed)) - base - first[i] - first[j]
        return cls(first, second)

    def mean(self, values: DeckValues, cards: int) -> Fraction:
        """Exact mean over ``cards`` cards drawn without replacement (factorial moments)."""
        n, m = values.size, cards
        single = [Fraction(m * c, n) for c in values.full]
        pairs = Fraction(m * (m - 1), n * (n - 1))
        total = sum((a * e for a, e in zip(self.first, single, strict=True)), Fraction(0))
        for (i, j), c in self.second.items():
            ni, nj = values.full[i], values.full[j]
            # E[r_i r_j] = m(m-1) n_i n_j / (N(N-1)); E[C(r_i, 2)] = C(m, 2) C(n_i, 2) / C(N, 2).
            total += c * pairs * (ni * nj if i != j else Fraction(ni * (ni - 1), 2))
        return total

    def to_json(self) -> dict:
        return {"first": [fraction_text(a) for a in self.first],
                "second": [[i, j, fraction_text(c)] for (i, j), c in self.second.items()]}

    @classmethod
    def from_json(cls, data: dict) -> RemovalModel:
        return cls([Fraction(a) for a in data["first"]],
                   {(i, j): Fraction(c) for i, j, c in data["second"]})

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(a, C) as floats, C upper-triangular with the C(r_i, 2) weights on the diagonal."""
        kinds = len(self.first)
        a = np.array([float(x) for x in self.first])
        c = np.zeros((kinds, kinds))
        for (i, j), value in self.second.items():
            c[i, j] = float(value)
        return a, c

    @staticmethod
    def control(a: np.ndarray, c: np.ndarray, removed: np.ndarray) -> float:
        cross = np.outer(removed, removed).astype(float)
        np.fill_diagonal(cross, removed * (removed - 1) / 2)
        return float(removed @ a + np.sum(np.triu(c) * cross))


def collusion_sample_sums(values: DeckValues, k: int, rng: np.random.Generator,
                          samples: int, model: RemovalModel) -> dict[str, float]:
    """Sums of the sampled gains g and of their controls c, for ``controlled_mean``."""
    base = values.baseline
    a, c2 = model.arrays()
    kinds = np.repeat(np.arange(len(values.full)), values.full)
    cards = shared_cards(values.rules, k)
    s = dict.fromkeys(("n", "g", "c", "gg", "cc", "gc"), 0.0)
    for _ in range(samples):
        removed = np.bincount(rng.choice(kinds, size=cards, replace=False), minlength=len(values.full))
        g = float(values.ev(values.minus(tuple(int(r) for r in removed))) - base)
        c = model.control(a, c2, removed)
        s["n"] += 1
        s["g"] += g
        s["c"] += c
        s["gg"] += g * g
        s["cc"] += c * c
        s["gc"] += g * c
    return s


def _unit(values: DeckValues, kind: int) -> Composition:
    return tuple(1 if i == kind else 0 for i in range(len(values.full)))
