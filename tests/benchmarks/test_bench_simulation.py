"""Simulation speed per core, as ratios against a naive Python loop timed in the same run."""

from __future__ import annotations

import os
import random
import time

import pytest

from casino.rules import PRESETS
from casino.rules.cards import SEVEN_HALF_RANKS, new_deck
from certification.odds.simulation import (
    SimulationSpec,
    build_plan,
    exact_result,
    run_chunk,
    run_local,
)
from tests.benchmarks.conftest import best_of

TARGETS = {  # rounds per second per core with the optimal strategy
    "seven-half-casino": 5e7,
    "seven-half-home": 1e7,
    "sette-e-mezzo": 1e7,
    "siete-y-media": 1e7,
    "nine-ten-eleven": 5e6,
}


def _value2(card) -> int:
    return 1 if card.rank in "JQK" else 2 * SEVEN_HALF_RANKS.index(card.rank) + 2


def naive_casino_round(deck, rng) -> float:
    """One casino round the obvious way: shuffle, deal, a fixed house way (bet 1, hit below 5)."""
    rng.shuffle(deck)
    player, dealer = deck[0], deck[1]
    if dealer.code == "KD":
        return -1.0
    if player.code == "KD":
        return 3.0
    total = _value2(player)
    if total < 10:
        total += _value2(deck[2])
        if total > 15:
            return -2.0
    d = _value2(dealer)
    if d < 12:
        d += _value2(deck[3])
    if d > 15 or total > d:
        return 2.0
    return 0.0 if total == d else -2.0


@pytest.fixture(scope="module")
def naive_rate() -> float:
    deck, rng, n = new_deck(SEVEN_HALF_RANKS), random.Random(1), 100_000

    def loop():
        for _ in range(n):
            naive_casino_round(deck, rng)

    return n / best_of(loop, repeat=3)


def _rate(name: str, rounds: int) -> float:
    rules = PRESETS[name]
    exact_result(rules)
    spec = SimulationSpec(rules, rounds=rounds, seed=1, chunk_rounds=rounds, variant=name)
    plan = build_plan(spec, exact_result(rules).policy)
    run_chunk(SimulationSpec(rules, rounds=1000, seed=2), 0, plan)  # compile / load
    return rounds / best_of(lambda: run_chunk(spec, 0, plan), repeat=3)


@pytest.mark.parametrize("name", list(TARGETS))
def test_rounds_per_second_with_the_optimal_strategy(name, naive_rate, record_figure):
    rate = _rate(name, 1 << 23 if name == "seven-half-casino" else 1 << 21)
    record_figure(f"{name} (optimal, one core)", rate, "rounds/s",
                  baseline_name="naive Python loop (casino, shuffle per round)",
                  baseline_value=naive_rate, higher_is_better=True,
                  target=f">= {TARGETS[name]:.0e} rounds/s")
    assert rate >= TARGETS[name] * 0.5, "far below target (the machine may be loaded)"


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs two cores")
def test_two_workers_on_two_cores(record_figure):
    spec = SimulationSpec(PRESETS["siete-y-media"], rounds=1 << 24, seed=3, chunk_rounds=1 << 20)
    run_local(SimulationSpec(spec.rules, rounds=1000, seed=1), workers=2)

    def timed(workers):
        start = time.perf_counter()
        run_local(spec, workers=workers)
        return time.perf_counter() - start

    one = min(timed(1) for _ in range(2))
    two = min(timed(2) for _ in range(2))
    record_figure("siete-y-media, two workers", spec.rounds / two, "rounds/s",
                  baseline_name="one worker", baseline_value=spec.rounds / one,
                  higher_is_better=True, target=">= 1.8x one worker on a quiet machine")
