"""Worked examples for the rules of play: concrete hands dealt from a deck, settled by the engines.

Every example is a round actually played: cards come off a shuffled deck in order, the
player decides as the exact analysis' optimal policy says, and the round is settled by the
same settlement code the exact engine counts with. A commission reads the amounts paid; a
test checks each one is a net the exact outcome table gives positive probability.

The deck orders come from a seeded generator (the seed is printed), and a few cards are
moved to the front where a rule needs a particular card (a four to exchange, a seven to
shoot); the rest of the deck stays in its shuffled order.
"""

from __future__ import annotations

from casino.rules.model import Rules
from certification.odds.results import ExactResult

from .records import (
    DEFAULT_ATTEMPTS,
    DEFAULT_SEED,
    OUTCOMES,
    SUIT_SYMBOLS,
    Example,
    ExampleSet,
    Missing,
    amount,
    card_name,
    outcome_of,
)

__all__ = [
    "DEFAULT_ATTEMPTS", "DEFAULT_SEED", "OUTCOMES", "SUIT_SYMBOLS", "Example", "ExampleSet",
    "Missing", "amount", "card_name", "outcome_of", "worked_examples",
]


def worked_examples(rules: Rules, result: ExactResult, *, seed: int = DEFAULT_SEED,
                    attempts: int = DEFAULT_ATTEMPTS) -> ExampleSet:
    """A win, a loss and a push for every bet and every rule in force, where one can occur."""
    if rules.family == "seven_and_half":
        from .seven_half import seven_half_examples

        return seven_half_examples(rules, result, seed=seed, attempts=attempts)
    from .nine_ten_eleven import nine_ten_eleven_examples

    return nine_ten_eleven_examples(rules, result, seed=seed, attempts=attempts)
