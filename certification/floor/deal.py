"""One round at a table, dealt card by card by the product's own table (the worked examples'
``SevenHalfTable``: the engine's optimal policy, the engine's settlement), with each decision
the player took recorded as a table system posts it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from casino.rules.model import SevenHalfRules
from certification.odds.examples.seven_half import SevenHalfTable
from certification.odds.results import Decision, ExactResult


@dataclass(frozen=True)
class DealtRound:
    cards: tuple[str, ...]
    """Every card in the order dealt."""
    decisions: tuple[str, ...]
    """The player's decisions in the order taken ('hit', 'stand', 'exchange', ...)."""
    net: Fraction
    """The seat's net in units of its wager (positive: the player won)."""
    features: frozenset[str]


class _Recording:
    def __init__(self, policy):
        self.policy = policy
        self.taken: list[str] = []
        self.game = policy.game

    def decide(self, view) -> Decision:
        decision = self.policy.decide(view)
        if view.splits_left and decision.action != "split":
            return decision  # the table asks again without the opening: one decision, once
        self.taken.append(decision.action if decision.final_bet is None
                          else f"{decision.action}:{decision.final_bet}")
        return decision


class Dealer:
    """Deals rounds of one variant with the optimal policy of ``result``."""

    def __init__(self, rules: SevenHalfRules, result: ExactResult):
        self.rules = rules
        self.result = result
        self.table = SevenHalfTable(rules, result, narrate=False)

    def deal(self, deck: list[str]) -> DealtRound:
        recording = _Recording(self.result.policy)
        self.table.policy = recording
        try:
            played = self.table.play(deck)
        finally:
            self.table.policy = self.result.policy
        return DealtRound(tuple(played.cards), tuple(recording.taken), played.net,
                          frozenset(played.features))
