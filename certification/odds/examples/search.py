"""Finding a dealt round for every (bet, rule, outcome) the rules of play must illustrate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .records import Example, Missing


@dataclass(frozen=True)
class Wanted:
    bet: str
    feature: str
    outcome: str
    impossible: str = ""
    """Why no round can end this way (empty: it can, and the search looks for one)."""


Forcing = dict[int, str]
"""Deck position -> the card moved there before the round is dealt."""


def _forced(order: list[str], forcing: Forcing) -> list[str]:
    out = list(order)
    for position, card in sorted(forcing.items()):
        here = out.index(card, position) if card in out[position:] else out.index(card)
        out[position], out[here] = out[here], out[position]
    return out


def search(*, deck: Sequence[str], wanted: list[Wanted], forcings: dict[str, list[Forcing]],
           play: Callable[[list[str]], list[Example]], seed: int, attempts: int
           ) -> tuple[list[Example], list[Missing], int]:
    """Deal seeded shuffles until every wanted slot has an example or ``attempts`` run out.

    Each attempt serves one of the features still missing an example: its forcings (a card
    moved to a position) are applied in turn to a fresh shuffle, so rare rules are reached
    without inventing a deck order.
    """
    rng = np.random.Generator(np.random.PCG64(seed))
    open_slots = {(w.bet, w.feature, w.outcome) for w in wanted if not w.impossible}
    found: dict[tuple[str, str, str], Example] = {}
    tried = 0
    while open_slots and tried < attempts:
        missing = sorted({feature for _, feature, _ in open_slots})
        feature = missing[tried % len(missing)]
        patterns = forcings.get(feature) or [{}]
        forcing = patterns[(tried // len(missing)) % len(patterns)]
        order = _forced([deck[i] for i in rng.permutation(len(deck))], forcing)
        tried += 1
        # One slot per round, the sought feature's first, so no round is printed twice.
        for example in sorted(play(order), key=lambda e: e.feature != feature):
            key = (example.bet, example.feature, example.outcome)
            if key in open_slots:
                found[key] = example
                open_slots.discard(key)
                break
    examples, missing_out = [], []
    for w in wanted:
        key = (w.bet, w.feature, w.outcome)
        if key in found:
            examples.append(found[key])
        elif w.impossible:
            missing_out.append(Missing(w.bet, w.feature, w.outcome, w.impossible))
        else:
            missing_out.append(Missing(
                w.bet, w.feature, w.outcome,
                f"not reached in {tried:,} shuffled decks dealt under the optimal strategy "
                f"(seed {seed})"))
    return examples, missing_out, tried
