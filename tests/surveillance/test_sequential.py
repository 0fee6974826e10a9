"""The paired test: what counts, its thresholds, and its false-case rate over 200 clean months."""

from __future__ import annotations

import math

import numpy as np
import pytest

from certification.surveillance.players import partner_alpha
from certification.surveillance.sequential import ALPHA, BETA, PairSprt, first_crossings, thresholds


def test_pairs_count_only_when_the_action_follows_the_hidden_card():
    t = PairSprt()
    assert t.add("five", "hit", "hit", 1) is None  # waits for a decision with the other call
    assert t.add("five", "hit", "stand", 2) is None  # same informed call: waits too
    assert t.add("five", "stand", "stand", 3, "R3")[2] == 1  # hit-when-told, stand-when-told
    assert t.add("five", "stand", "hit", 4, "R4") == (None, "R4", -1)  # with 2: the opposite
    t.add("six", "hit", "hit", 6)
    assert t.add("six", "stand", "hit", 7) is None  # the same action twice says nothing
    assert (t.pairs, t.concordant, t.discordant) == (3, 1, 1)


def test_a_player_always_following_the_card_is_flagged_and_thresholds_are_walds():
    upper, lower = thresholds()
    assert upper == pytest.approx(math.log(1 / ALPHA))
    assert lower == pytest.approx(math.log(BETA / (1 - ALPHA)))
    t = PairSprt()
    n = 0
    while t.flagged_at is None:
        n += 1
        t.add("s", "hit" if n % 2 else "stand", "hit" if n % 2 else "stand", n)
    assert t.concordant == math.ceil(upper / math.log(0.9 / 0.5))
    assert t.status == "flagged"


def test_partner_levels_sum_to_half_alpha():
    assert sum(partner_alpha(j) for j in range(1, 100_000)) == pytest.approx(ALPHA / 2, rel=1e-4)


def test_clean_months_false_cases_within_the_stated_rate():
    """200 clean months of 20 players, each tested against the hole card and 4 partners with
    300 informative pairs apiece (more than a month gives, the worst case): under the null
    a pair is concordant or discordant with equal chance, whatever the player's strategy."""
    rng = np.random.default_rng(20261128)
    months, players, pairs = 200, 20, 300
    levels = [ALPHA / 2] + [partner_alpha(j) for j in range(1, 5)]
    flagged = np.zeros((months, players), dtype=bool)
    for level in levels:
        coins = rng.choice(np.array([-1, 1], dtype=np.int8), size=(months * players, pairs))
        flagged |= (first_crossings(coins, level) >= 0).reshape(months, players)
    cases, trials = int(flagged.sum()), months * players
    # The stated rate is alpha per player; the binomial band's upper end at 99.9 %.
    upper = _binomial_upper(trials, ALPHA, 0.999)
    assert cases <= upper, (cases, upper)
    # A test that can fail: the same coins at ten times the level are caught exceeding it.
    loose = first_crossings(rng.choice(np.array([-1, 1], dtype=np.int8), size=(trials, pairs)), 0.05)
    assert int((loose >= 0).sum()) > upper


def _binomial_upper(n: int, p: float, q: float) -> int:
    total, k = 0.0, 0
    while True:
        total += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if total >= q:
            return k
        k += 1
