"""Card limits no hand can reach: a variant with one plays the same game as without it.

Every card adds at least half a point to a hand (a figure, or the matta at its lowest), and
a hand draws only while its total is below its target: a hand of k cards holds at least k
half points, so it never draws a card past its target's number of half points. A limit at
or above that number never stops anything, and the variant's every figure is the one
without it. A search meets such variants often (a dealer standing at 5 limited to 10 or
more cards, say), and analyses the game once.
"""

from __future__ import annotations

import dataclasses
import math

from casino.rules.model import SevenHalfRules

from .deck import TARGET


def dealer_card_reach(rules: SevenHalfRules) -> int:
    """The most cards the dealer can ever hold: its target in half points (7 1/2 wherever it
    must reach a revealed 7 1/2)."""
    if rules.dealer_must_reach_7_5_vs_revealed:
        return TARGET
    return min(math.ceil(rules.dealer_stands_at * 2), TARGET)


def same_game(rules: SevenHalfRules) -> SevenHalfRules:
    """``rules`` with every card limit no hand can reach written as no limit."""
    changes = {}
    if rules.player_max_cards is not None and rules.player_max_cards >= TARGET:
        changes["player_max_cards"] = None
    if rules.dealer_max_cards is not None and rules.dealer_max_cards >= dealer_card_reach(rules):
        changes["dealer_max_cards"] = None
    return dataclasses.replace(rules, **changes) if changes else rules
