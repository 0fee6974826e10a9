"""Settling a round's final hands against the die.

The die is independent of the cards, so a round's whole settlement (main and dice match)
depends only on its *configuration*: the values of the hands still in play, highest
first, NO_VALUE for a hand that lost by not qualifying. A fold is ``(NO_VALUE,)``, a
standing hand ``(v,)``, a bought round ``(a, b)``; the length is the number of main
wagers placed.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement

from casino.rules.model import NineTenElevenRules

from .hands import NO_VALUE

Config = tuple[int, ...]
WIN = None


def die_faces(rules: NineTenElevenRules) -> tuple[int | None, ...]:
    return tuple(WIN if face == "WIN" else int(face) for face in rules.die_faces)


class Settlement:
    """Exact per-configuration results for one variant's die and paytable."""

    def __init__(self, rules: NineTenElevenRules):
        self.rules = rules
        self.faces = die_faces(rules)
        self.win = rules.payouts.main_win
        self.match = rules.payouts.dice_match
        self._main: dict[Config, dict[Fraction, Fraction]] = {}
        self._dice: dict[Config, dict[Fraction, Fraction]] = {}
        self._main_ev: dict[Config, Fraction] = {}
        self._dice_ev: dict[Config, Fraction] = {}

    def hand_net(self, value: int, face: int | None) -> Fraction:
        if value == NO_VALUE:
            return Fraction(-1)
        if face is WIN or face < value:
            return self.win
        return Fraction(0) if face == value else Fraction(-1)

    def dice_net(self, config: Config, face: int | None) -> Fraction:
        """The dice-match bet against one roll: a WIN face pushes, a matching hand pays."""
        if face is WIN:
            return Fraction(0)
        return self.match if face in config else Fraction(-1)

    def main_net(self, config: Config, face: int | None) -> Fraction:
        """Every main wager of the round against one roll, added up."""
        return sum((self.hand_net(v, face) for v in config), Fraction(0))

    def main(self, config: Config) -> dict[Fraction, Fraction]:
        """Net main result (all hands together, one roll) -> probability."""
        if config not in self._main:
            out: dict[Fraction, Fraction] = defaultdict(Fraction)
            p = Fraction(1, len(self.faces))
            for face in self.faces:
                out[self.main_net(config, face)] += p
            self._main[config] = dict(out)
        return self._main[config]

    def dice(self, config: Config) -> dict[Fraction, Fraction]:
        """Net dice-match result: one bet, paid once; a WIN face pushes every such bet."""
        if config not in self._dice:
            out: dict[Fraction, Fraction] = defaultdict(Fraction)
            p = Fraction(1, len(self.faces))
            for face in self.faces:
                out[self.dice_net(config, face)] += p
            self._dice[config] = dict(out)
        return self._dice[config]

    def main_ev(self, config: Config) -> Fraction:
        ev = self._main_ev.get(config)
        if ev is None:
            ev = self._main_ev[config] = sum((net * p for net, p in self.main(config).items()),
                                             Fraction(0))
        return ev

    def dice_ev(self, config: Config) -> Fraction:
        ev = self._dice_ev.get(config)
        if ev is None:
            ev = self._dice_ev[config] = sum((net * p for net, p in self.dice(config).items()),
                                             Fraction(0))
        return ev

    def two_hand_configs(self) -> list[Config]:
        values = sorted({*self.rules.qualifying_totals, NO_VALUE}, reverse=True)
        return [tuple(c) for c in combinations_with_replacement(values, 2)]

    def two_hand_ranks(self) -> dict[Config, int]:
        """Dense rank of (main EV, dice-match EV) per two-hand configuration.

        Equal choices (RULES.md): the main bet decides; where it ties, the dice match.
        Configurations with equal rank are equally good on both bets.
        """
        configs = self.two_hand_configs()
        keys = {c: (self.main_ev(c), self.dice_ev(c)) for c in configs}
        ordered = sorted(set(keys.values()))
        return {c: ordered.index(keys[c]) for c in configs}


def config_of(*values: int) -> Config:
    return tuple(sorted(values, reverse=True))
