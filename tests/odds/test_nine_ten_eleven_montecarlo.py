"""A small fixed-seed simulation of the optimal policy agrees with the exact figures."""

from __future__ import annotations

import math

import numpy as np
import pytest

from casino.rules import evolve, preset
from casino.rules.cards import new_deck
from certification.odds.nine_ten_eleven import analyze_nine_ten_eleven
from tests.odds.nine_ten_eleven_reference import bonus_net, settle, value

ROUNDS = 60_000
SEED = 20240911


def simulate(rules, rounds: int, seed: int) -> dict[str, np.ndarray]:
    """Per-round net results of main, bonus and dice match, dealing from shuffled shoes."""
    policy = analyze_nine_ten_eleven(rules).policy
    cards = np.array([c.code for c in new_deck("A23456789", rules.decks)])
    rng = np.random.default_rng(seed)
    deals = rng.permuted(np.tile(np.arange(cards.size), (rounds, 1)), axis=1)[:, :6]
    rolls = rng.integers(0, len(rules.die_faces), rounds)
    q = rules.qualifying_totals
    out = {name: np.empty(rounds) for name in ("main", "bonus", "dice_match")}
    for k in range(rounds):
        h1 = tuple(cards[deals[k, :3]])
        h2 = tuple(cards[deals[k, 3:]])
        action = policy.first_hand(h1)
        if action == "buy":
            switch = policy.switch(h1, h2)
            a, b = list(h1), list(h2)
            if switch is not None:
                i, j = switch
                a[i], b[j] = h2[j], h1[i]
            finals = (tuple(a), tuple(b))
        else:
            finals = (h1,)
        values = tuple(value(h, q) for h in finals) if action != "fold" else (None,)
        main, dice, _ = settle(values, rules)[rolls[k]]
        judged = (h1,) if rules.bonus_on == "first_hand" or action == "fold" else finals
        out["main"][k] = main
        out["dice_match"][k] = dice
        out["bonus"][k] = bonus_net(judged, rules)
    return out


@pytest.mark.parametrize("changes", [{}, {"decks": 2}])
def test_simulated_means_lie_within_four_standard_errors(changes):
    rules = evolve(preset("nine-ten-eleven"), **changes)
    exact = analyze_nine_ten_eleven(rules).bets
    nets = simulate(rules, ROUNDS, SEED)
    for name, x in nets.items():
        se = exact[name].sd / math.sqrt(x.size)
        assert abs(x.mean() - float(exact[name].ev)) < 4 * se, (name, x.mean(), float(exact[name].ev))
