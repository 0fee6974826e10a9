"""The optimal 9-10-11 strategy as a NineTenElevenPolicy, for simulators and dealers' charts."""

from __future__ import annotations

from fractions import Fraction

from casino.rules.model import NineTenElevenRules

from .hands import NO_VALUE, BonusTable, Composition, composition_of, hand_value
from .settle import Config, config_of


class OptimalPolicy:
    """Decisions that maximise the main bet, ties settled as RULES.md "Equal choices" says.

    ``first_hand`` reads the fold/buy table the exact analysis built. ``switch`` ranks every
    card-level switch by (main EV, dice-match EV[, bonus under the final_hands reading],
    higher hand values) and keeps the cards when no switch ranks strictly higher; the exact
    analysis makes the same choices, so a simulation of this policy estimates its figures.
    """

    def __init__(self, rules: NineTenElevenRules, md_rank: dict[Config, int],
                 bonus: BonusTable, first_actions: dict[Composition, str]):
        self.rules = rules
        self.md_rank = md_rank
        self.bonus = bonus
        self.first_actions = dict(first_actions)
        self._final_hands = rules.bonus_on == "final_hands"
        # A simulator's plan asks about tens of thousands of switches, each scoring ten
        # pairs of hands drawn from a few hundred distinct ones.
        self._values: dict[tuple[str, ...], int] = {}

    def value(self, cards) -> int:
        key = tuple(cards)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = hand_value(composition_of(key), self.rules.qualifying_totals)
        return found

    def first_hand(self, cards: tuple[str, str, str]) -> str:
        comp = composition_of(cards)
        if hand_value(comp, self.rules.qualifying_totals) != NO_VALUE:
            return "stand"
        return self.first_actions.get(comp, "fold")

    def switch(self, first: tuple[str, str, str],
               second: tuple[str, str, str]) -> tuple[int, int] | None:
        if not self.rules.switch_allowed:
            return None
        if self.value(first) != NO_VALUE or self.value(second) != NO_VALUE:
            return None
        best, chosen = self._score(first, second), None
        for i in range(3):
            for j in range(3):
                if first[i][0].upper() == second[j][0].upper():
                    continue
                h1, h2 = list(first), list(second)
                h1[i], h2[j] = second[j], first[i]
                score = self._score(h1, h2)
                if score > best:
                    best, chosen = score, (i, j)
        return chosen

    def bonus_net(self, hands) -> Fraction:
        """The bonus result of these final hands: the best category of a qualifying hand."""
        paid = None
        for hand in hands:
            comp = composition_of(hand)
            if hand_value(comp, self.rules.qualifying_totals) == NO_VALUE:
                continue
            pay = self.bonus.payout(comp, len({c[1].upper() for c in hand}) == 1)
            if pay is not None and (paid is None or pay > paid):
                paid = pay
        return Fraction(-1) if paid is None else Fraction(paid)

    def _score(self, h1, h2) -> tuple:
        config = config_of(self.value(h1), self.value(h2))
        if self._final_hands:
            return (self.md_rank[config], self.bonus_net((h1, h2)), config)
        return (self.md_rank[config], config)
