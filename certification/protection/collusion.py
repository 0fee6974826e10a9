"""Exposure 3: k players at one table share their face-down first cards.

Each colluder knows the k - 1 first cards of its partners before it acts, i.e. k - 1 cards
out of play and known (exposure 2 is the case k = 2). Cards the partners draw later are
dealt face up and are public to every seat, so they are not the colluders' gain; the
reading here counts only the shared face-down cards. Exact card removal (every multiset of
k - 1 cards with its hypergeometric weight) while the number of distinct reduced decks is
at most ``exact_limit``; beyond, the partners' cards are sampled and each sample is valued
exactly by the engine (a conditional-expectation estimate: the only noise is which cards
the partners hold). The sum of the partners' cards' single-card effects (exposure 2's
exact numbers) is a control variate whose mean is known exactly ((k - 1) times the average
single-card effect), which removes the first-order part of that noise.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .compositions import DeckValues

SHORT_HANDS_LIMIT = 200
"""Most reduced decks counted exactly per k when both hands are capped at three cards or
fewer (the casino version: about 10 ms a deck; k = 4 on one deck is 165 decks)."""
LONG_HANDS_LIMIT = 10
"""With unlimited draws a deck takes 0.1-0.3 s, so only k = 2 (nine decks) is counted
exactly and the exact exposures of any preset stay within seconds on one core."""


def exact_limit_for(rules) -> int:
    short = all(m is not None and m <= 3 for m in (rules.player_max_cards, rules.dealer_max_cards))
    return SHORT_HANDS_LIMIT if short else LONG_HANDS_LIMIT


def collusion_is_exact(values: DeckValues, k: int, exact_limit: int | None = None) -> bool:
    limit = exact_limit_for(values.rules) if exact_limit is None else exact_limit
    return values.removal_count(k - 1) <= limit


def collusion_exact_gain(values: DeckValues, k: int) -> Fraction:
    total = sum((p * values.ev(values.minus(removed)) for removed, p in values.removals(k - 1)),
                Fraction(0))
    return total - values.baseline


def collusion_sample_sums(values: DeckValues, k: int, rng: np.random.Generator,
                          samples: int) -> dict[str, float]:
    """Sums of the sampled gains g and of their controls c, for ``controlled_mean``."""
    base = values.baseline
    effects = np.array([float(e - base) for e in single_effects(values)])
    kinds = np.repeat(np.arange(len(values.full)), values.full)
    s = dict.fromkeys(("n", "g", "c", "gg", "cc", "gc"), 0.0)
    for _ in range(samples):
        removed = np.bincount(rng.choice(kinds, size=k - 1, replace=False), minlength=len(values.full))
        g = float(values.ev(values.minus(tuple(int(r) for r in removed))) - base)
        c = float(removed @ effects)
        s["n"] += 1
        s["g"] += g
        s["c"] += c
        s["gg"] += g * g
        s["cc"] += c * c
        s["gc"] += g * c
    return s


def control_mean(values: DeckValues, k: int) -> Fraction:
    """Exact mean of the control: k - 1 times the average single-card effect."""
    base = values.baseline
    return (k - 1) * sum((Fraction(n, values.size) * (e - base)
                          for n, e in zip(values.full, single_effects(values), strict=True) if n),
                         Fraction(0))


def single_effects(values: DeckValues) -> list[Fraction]:
    """Value of the deck without one card of each kind (the full deck's for absent kinds)."""
    out = []
    for kind, n in enumerate(values.full):
        removed = tuple(1 if i == kind else 0 for i in range(len(values.full)))
        out.append(values.ev(values.minus(removed)) if n else values.baseline)
    return out
