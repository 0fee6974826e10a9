"""Models of hand-shuffling steps, each sampled for many decks at once.

Every step returns ``src`` (decks × n): the position, before the step, of the card that ends
at each position. Models (all standard, all parameterised so a lab can fit its dealers):

* ``riffle`` — Gilbert–Shannon–Reeds: cut Binomial(n, ½), drop cards with probability
  proportional to packet sizes. Equivalently every output position takes its card from the
  top packet or the bottom packet by a fair coin, which is how it is sampled here.
* ``cut`` — one cut at Binomial(n, ½), the top packet put underneath.
* ``box`` (strip) — the deck is split into ``packets`` contiguous packets (default 4) with
  Multinomial(n, uniform) sizes; the packets are restacked in reverse order, each packet
  keeping its own order. This is the "box" of casino procedures.
* ``overhand`` — Pemantle's model: every gap between neighbouring cards is a break with
  probability ``p`` (default 0.2, packets of about five cards); the packets are restacked
  in reverse order, each keeping its own order.
* ``wash`` (smoosh) — no accepted model of a table wash exists. It is modelled as ``moves``
  random transpositions (default ⌈n·ln n⌉, about twice the Diaconis–Shahshahani cut-off
  ½·n·ln n), i.e. close to uniform but not exactly. Its strength is an assumption: a
  verdict that rests on a wash rests on this parameter, and a lab should lower it to
  match a short or lazy wash.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


def riffle(rng: np.random.Generator, decks: int, n: int) -> np.ndarray:
    from_bottom = rng.random((decks, n)) < 0.5
    top_rank = np.cumsum(~from_bottom, axis=1) - 1
    bottom_rank = np.cumsum(from_bottom, axis=1) - 1
    cut = (~from_bottom).sum(axis=1, keepdims=True)
    return np.where(from_bottom, cut + bottom_rank, top_rank)


def cut(rng: np.random.Generator, decks: int, n: int) -> np.ndarray:
    at = rng.binomial(n, 0.5, size=decks)[:, None]
    return (np.arange(n) + at) % n


def _restack_reversed(packet: np.ndarray, n: int) -> np.ndarray:
    # Later packets go on top; inside a packet the order is kept.
    return np.argsort(-packet * n + np.arange(n), axis=1, kind="stable")


def box(rng: np.random.Generator, decks: int, n: int, packets: float = 4) -> np.ndarray:
    k = int(packets)
    if k < 2:
        raise ValueError("a box needs at least 2 packets")
    sizes = rng.multinomial(n, [1 / k] * k, size=decks)
    starts = np.cumsum(sizes, axis=1)[:, :-1]
    packet = (np.arange(n)[None, :, None] >= starts[:, None, :]).sum(axis=2)
    return _restack_reversed(packet, n)


def overhand(rng: np.random.Generator, decks: int, n: int, p: float = 0.2) -> np.ndarray:
    if not 0 < p <= 1:
        raise ValueError("an overhand break probability must lie in (0, 1]")
    breaks = rng.random((decks, n - 1)) < p
    packet = np.concatenate(
        [np.zeros((decks, 1), dtype=np.int64), np.cumsum(breaks, axis=1)], axis=1
    )
    return _restack_reversed(packet, n)


def wash(rng: np.random.Generator, decks: int, n: int, moves: float | None = None) -> np.ndarray:
    m = math.ceil(n * math.log(n)) if moves is None else int(moves)
    src = np.broadcast_to(np.arange(n), (decks, n)).copy()
    rows = np.arange(decks)
    for _ in range(m):
        i = rng.integers(0, n, decks)
        j = rng.integers(0, n, decks)
        src[rows, i], src[rows, j] = src[rows, j], src[rows, i].copy()
    return src


@dataclass(frozen=True)
class StepKind:
    sample: Callable[..., np.ndarray]
    parameter: str | None
    about: str


STEPS: dict[str, StepKind] = {
    "riffle": StepKind(riffle, None, "Gilbert–Shannon–Reeds riffle"),
    "cut": StepKind(cut, None, "one binomial cut"),
    "box": StepKind(box, "packets", "strip into packets restacked in reverse (default 4)"),
    "overhand": StepKind(overhand, "p", "Pemantle overhand, break probability p (default 0.2)"),
    "wash": StepKind(wash, "moves", "wash as random transpositions (default ⌈n·ln n⌉)"),
}
