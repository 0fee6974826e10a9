"""Shuffle-log battery, log parsing and procedure sampling against plain per-shuffle loops."""

from __future__ import annotations

import random

import numpy as np
import pytest

from casino.rules.cards import check_order, deck_for_size, parse_card
from certification.randomness.procedures import parse_procedure
from certification.randomness.shuffles import format_shuffle_log, read_shuffle_log, run_battery
from certification.randomness.shuffles.defects import defective_log
from tests.benchmarks.conftest import best_of

N, SUBSET = 100_000, 2_000


@pytest.fixture(scope="module")
def big_log_text() -> str:
    log = defective_log("uniform", N, 40, seed=1)
    return format_shuffle_log(log.orders, log.deck)


def _loop_statistics(orders: list[list[int]]) -> None:
    """The battery's core statistics written as a straightforward per-shuffle loop."""
    n = len(orders[0])
    counts = [[0] * n for _ in range(n)]
    moves = [[0] * n for _ in range(n)]
    for t, order in enumerate(orders):
        for j, card in enumerate(order):
            counts[card][j] += 1
        if t == 0:
            continue
        before = {card: j for j, card in enumerate(orders[t - 1])}
        applied = [before[card] for card in order]
        where = {src: j for j, src in enumerate(applied)}
        rising = 1 + sum(where[i + 1] < where[i] for i in range(n - 1))
        fixed = sum(applied[j] == j for j in range(n))
        seen, cycles = set(), 0
        for start in range(n):
            if start not in seen:
                cycles += 1
                k = start
                while k not in seen:
                    seen.add(k)
                    k = applied[k]
        for j, src in enumerate(applied):
            moves[src][j] += 1
        del rising, fixed


def test_battery_speed(big_log_text, record_figure):
    log = read_shuffle_log(big_log_text)
    fast = best_of(lambda: run_battery(log), repeat=3)
    subset = log.orders[:SUBSET].tolist()
    slow = best_of(lambda: _loop_statistics(subset), repeat=1) * (N / SUBSET)
    figure = record_figure(
        "battery 100,000 x 40",
        fast,
        "s",
        baseline_name="per-shuffle loop (scaled)",
        baseline_value=slow,
        higher_is_better=False,
        target="< 5 s with parsing",
    )
    assert figure.value < 5


def test_parse_speed(big_log_text, record_figure):
    fast = best_of(lambda: read_shuffle_log(big_log_text), repeat=3)
    lines = big_log_text.splitlines()[1 : SUBSET + 1]
    deck = deck_for_size(40)

    def per_card() -> None:
        for line in lines:
            _, order = line.split(",")
            cards = [parse_card(code) for code in order.split(" ")]
            assert not check_order(cards, deck)

    slow = best_of(per_card, repeat=1) * (N / SUBSET)
    record_figure(
        "parse 100,000 x 40",
        fast,
        "s",
        baseline_name="per-card objects (scaled)",
        baseline_value=slow,
        higher_is_better=False,
        target="< 5 s with the battery",
    )


def test_procedure_sampler_speed(record_figure):
    procedure = parse_procedure("riffle,riffle,box,riffle,cut")
    rng = np.random.default_rng(1)
    decks = 20_000
    fast = best_of(lambda: procedure.sample(rng, decks, 36), repeat=3)
    py = random.Random(1)

    def one_riffle(deck: list[int]) -> list[int]:
        cut = sum(py.random() < 0.5 for _ in deck)
        top, bottom, out = deck[:cut], deck[cut:], []
        while top or bottom:
            if py.random() * (len(top) + len(bottom)) < len(top):
                out.append(top.pop(0))
            else:
                out.append(bottom.pop(0))
        return out

    def loop() -> None:
        for _ in range(1_000):
            deck = list(range(36))
            for _ in range(3):
                deck = one_riffle(deck)

    slow = best_of(loop, repeat=1) * (decks / 1_000)
    record_figure(
        "procedure sampler 20,000 decks",
        fast,
        "s",
        baseline_name="per-deck loop, riffles only (scaled)",
        baseline_value=slow,
        higher_is_better=False,
    )
