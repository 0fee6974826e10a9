"""An independent two-seat table of Siete y Media, dealt card by card, for the seat covariance.

It shares no code with the engine or the economics package: one 40-card deck per round,
seat 1 and seat 2 each get a card, then the dealer's upcard; each seat mimics the dealer
(draws below 6); the dealer draws below 6, or to 7 1/2 when any seat still in shows 7 1/2
(the Spanish rule, for the whole table); ties go to the bank; a winning 7 1/2 pays 2 to 1.
What it measures includes what the model leaves out: card removal between the seats and the
dealer's rule triggered by the other seat.
"""

from __future__ import annotations

import random

import numpy as np

VALUES = [v for v in (2, 4, 6, 8, 10, 12, 14) for _ in range(4)] + [1] * 12  # half points


def _seat(total: int, deck: list[int]) -> int:
    while total < 12:
        total += deck.pop()
    return total


def _net(seat: int, dealer: int) -> int:
    if seat > 15:
        return -1
    if dealer > 15 or seat > dealer:
        return 2 if seat == 15 else 1
    return -1


def play(rounds: int, seed: int, *, must_reach: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Each round's net of seat 1 and of seat 2 (``must_reach``: the Spanish rule is on)."""
    rng = random.Random(seed)
    xs, ys = np.empty(rounds, dtype=np.int8), np.empty(rounds, dtype=np.int8)
    for i in range(rounds):
        deck = VALUES[:]
        rng.shuffle(deck)
        a, b, up = deck.pop(), deck.pop(), deck.pop()
        a = _seat(a, deck)
        b = _seat(b, deck)
        target = 15 if must_reach and 15 in (a, b) else 12
        dealer = up
        while dealer < target:
            dealer += deck.pop()
        xs[i], ys[i] = _net(a, dealer), _net(b, dealer)
    return xs, ys
