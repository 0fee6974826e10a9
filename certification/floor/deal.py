"""One round at a table, dealt card by card by the product's own table (the worked examples'
``SevenHalfTable``: the engine's optimal policy, the engine's settlement), with each decision
the player took recorded, and played again from its cards and decisions."""

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
        self.taken.append(decision.action if decision.final_bet is None
                          else f"{decision.action}:{decision.final_bet}")
        return decision


class ReplayError(ValueError):
    """The cards and decisions cannot be played as recorded."""


class _Replaying:
    def __init__(self, game, decisions: tuple[str, ...]):
        self.game = game
        self.left = list(decisions)

    def decide(self, view) -> Decision:
        if not self.left:
            raise ReplayError("the round asks for more decisions than were recorded")
        action, _, bet = self.left.pop(0).partition(":")
        return Decision(action, Fraction(bet) if bet else None)


class Dealer:
    """Deals rounds of one variant with the optimal policy of ``result``."""

    def __init__(self, rules: SevenHalfRules, result: ExactResult):
        self.rules = rules
        self.result = result
        self.table = SevenHalfTable(rules, result)

    def deal(self, deck: list[str]) -> DealtRound:
        recording = _Recording(self.result.policy)
        self.table.policy = recording
        try:
            played = self.table.play(deck)
        finally:
            self.table.policy = self.result.policy
        return DealtRound(tuple(played.cards), tuple(recording.taken), played.net,
                          frozenset(played.features))

    def replay(self, cards: tuple[str, ...], decisions: tuple[str, ...]) -> tuple[Fraction, frozenset[str]]:
        """The net the variant's settlement pays for these cards and decisions, and the
        rules the round went through (the worked examples' feature names).

        Raises ReplayError when the round needs a card or decision that was not recorded,
        or leaves one unused."""
        replaying = _Replaying(self.result.policy.game, decisions)
        self.table.policy = replaying
        try:
            played = self.table.play(list(cards))
        except StopIteration:
            raise ReplayError("the round needs more cards than were dealt") from None
        finally:
            self.table.policy = self.result.policy
        if len(played.cards) != len(cards):
            raise ReplayError(f"the round uses {len(played.cards)} of the {len(cards)} cards dealt")
        if replaying.left:
            raise ReplayError(f"{len(replaying.left)} recorded decisions were never asked for")
        return played.net, frozenset(played.features)
