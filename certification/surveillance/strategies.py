"""What each strategy does at a decision, from the existing exact engines (never a copy).

``public``: the exact optimal strategy for what every player sees (its own cards, and the
dealer's card when it is dealt face up), the policy of ``analyze_seven_half``.
``hole_card``: the optimal strategy of a player who sees the dealer's face-down card, the
policy of the same variant with the card dealt face up (the protection audit's exposure 1).
``partner``: the optimal strategy for the deck less a partner's face-down first card (the
audit's collusion exposure), the policy of the reduced deck from ``DeckValues``.

Answers are cached by what decides them (the kinds of the cards, not their suits), so a
month of decisions costs one exact analysis per distinct deck.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from casino.rules.cards import parse_card
from casino.rules.model import Rules
from certification.odds.results import PlayerView
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.deck import kind_of
from certification.protection.collusion import collusion_exact_gain
from certification.protection.dealer_card import dealer_card_exposure
from certification.protection.exact_part import baseline_ev, deck_values

HOLE_CARD, PARTNER = "hole_card", "partner"
INFORMED_KINDS = (HOLE_CARD, PARTNER)


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of one hand, with what the round later showed about the hidden cards."""

    round_id: str
    table: str
    dealer: str
    player: str
    cards: tuple[str, ...]
    """The hand when deciding, first card first."""
    action: str
    exchanges: int = 0
    hole: str | None = None
    """The dealer's face-down first card, as the round's cards show it afterwards."""
    partners: tuple[tuple[str, str], ...] = ()
    """(player id, face-down first card) of every other player at the table that round."""
    wager: Fraction = Fraction(1)


class UnsupportedGame(ValueError):
    """The informed strategies are the Seven-and-a-Half family's (9-10-11 deals face up)."""


class Strategist:
    def __init__(self, rules: Rules):
        if rules.family != "seven_and_half":
            raise UnsupportedGame(
                f"decisions are judged for the seven_and_half family, not {rules.family}: in "
                "9-10-11 every hand is dealt face up and the dealer is a die")
        self.rules = rules
        self._analysis = analyze_seven_half(rules)
        self._public = self._analysis.policy
        self._seen_analysis = (None if rules.dealer_upcard_visible else analyze_seven_half(
            dataclasses.replace(rules, dealer_upcard_visible=True)))
        self._seen = self._seen_analysis.policy if self._seen_analysis else None
        self._values = deck_values(rules)
        self._cache: dict[tuple, str] = {}
        self._kinds: dict[str, int] = {}

    @property
    def kinds(self) -> tuple[str, ...]:
        """The informed strategies that can part from the public one in this variant."""
        return INFORMED_KINDS if self._seen is not None else (PARTNER,)

    def kind(self, code: str) -> int:
        found = self._kinds.get(code)
        if found is None:
            card = parse_card(code)
            found = self._kinds[code] = kind_of(card.rank, card.suit, self.rules.special_card)
        return found

    def state(self, point: DecisionPoint) -> tuple:
        """The public state: everything the public strategy decides on (kinds, in order)."""
        return (tuple(self.kind(c) for c in point.cards), point.exchanges)

    def _view(self, point: DecisionPoint, upcard: str | None = None) -> PlayerView:
        upcard = upcard if upcard is not None else (point.hole if self.rules.dealer_upcard_visible else None)
        return PlayerView(upcard=upcard, cards=point.cards, exchanges=point.exchanges)

    def public(self, point: DecisionPoint) -> str:
        up = self.kind(point.hole) if self.rules.dealer_upcard_visible and point.hole else None
        key = ("public", self.state(point), up)
        if key not in self._cache:
            self._cache[key] = self._public.decide(self._view(point)).action
        return self._cache[key]

    def hole_card(self, point: DecisionPoint) -> str | None:
        if self._seen is None or point.hole is None:
            return None
        key = (HOLE_CARD, self.state(point), self.kind(point.hole))
        if key not in self._cache:
            self._cache[key] = self._seen.decide(self._view(point, point.hole)).action
        return self._cache[key]

    def partner(self, point: DecisionPoint, known: tuple[str, ...]) -> str:
        """The action of a player who also knows the face-down cards ``known``."""
        removed = [0] * len(self._values.full)
        for code in known:
            removed[self.kind(code)] += 1
        up = self.kind(point.hole) if self.rules.dealer_upcard_visible and point.hole else None
        key = (PARTNER, self.state(point), up, tuple(removed))
        if key not in self._cache:
            policy = self._values.result(self._values.minus(tuple(removed)))
            self._cache[key] = policy.decide(self._view(point)).action
        return self._cache[key]

    def outcomes(self, seen: bool = False) -> dict[Fraction, Fraction]:
        """The exact law of the net per initial wager under optimal play (``seen``: with the
        dealer's face-down card seen)."""
        analysis = self._seen_analysis if seen and self._seen_analysis else self._analysis
        return analysis.bets["main"].outcomes

    def largest_loss(self) -> Fraction:
        """The most a round can lose per initial wager, by the exact laws."""
        return -min(min(self.outcomes(False)), min(self.outcomes(True)))

    def exposure_gain(self, kind: str) -> Fraction:
        """The protection audit's exact gain per initial wager of the exposure ``kind``."""
        return _exposure_gain(self.rules, kind)

    def best_value(self) -> Fraction:
        """What a player is allowed to expect per initial wager in the results test: the exact
        optimal value plus the gains of every exposure the decisions are tested for (a player
        using both is still left to the decision tests, never taken for a past-poster)."""
        return baseline_ev(self.rules) + sum(self.exposure_gain(k) for k in self.kinds)


@lru_cache(maxsize=16)
def _exposure_gain(rules: Rules, kind: str) -> Fraction:
    base = baseline_ev(rules)
    if kind == HOLE_CARD:
        gain = dealer_card_exposure(rules, base).gain_fraction
        return gain if gain is not None else Fraction(0)
    return collusion_exact_gain(deck_values(rules), 2)
