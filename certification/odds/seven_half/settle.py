"""How a finished hand is paid against each possible dealer outcome, in integer units."""

from __future__ import annotations

import math
from fractions import Fraction

from casino.rules.model import SevenHalfRules

from .deck import TARGET

BUST = 16
NATURAL = 17
_EVERY_NET: dict[tuple, tuple] = {}
_EVERY_NET_KEPT = 4096
_NETS: dict[tuple, dict] = {}
"""Each ``nets_inputs``' nets by class of standing hand, shared by every settlement of the
process with those inputs (a search builds one settlement per variant)."""


def _lcm_of_denominators(values: list[Fraction | None]) -> int:
    out = 1
    for v in values:
        if v is not None:
            out = math.lcm(out, Fraction(v).denominator)
    return out


class Settlement:
    """Dealer outcome slots and the player's net (per unit of stake, times ``scale``).

    Nets are integers: every payout is multiplied by ``scale``, the least common multiple
    of the payouts' denominators, so the counting never leaves the integers.
    """

    def __init__(self, rules: SevenHalfRules, *, short_stock: bool = False):
        p = rules.payouts
        self.rules = rules
        self.short_stock = short_stock
        self.scale = _lcm_of_denominators(
            [p.win, p.seven_and_half, p.natural, p.triple, p.kd_first_card, p.shoot_seven,
             p.dealer_natural_collects, rules.final_bet_min, rules.final_bet_max]
        )
        # The dealer stands on a total t (half points) when t / 2 >= dealer_stands_at.
        self.threshold = math.ceil(rules.dealer_stands_at * 2)
        self.natural_collects = p.dealer_natural_collects is not None
        totals = range(1, TARGET + 1)
        # A restricted deck can run out, leaving the dealer below its standing total.
        if rules.dealer_max_cards is None and not short_stock:
            totals = [t for t in totals if t >= min(self.threshold, TARGET)]
        self.slots: list[int] = list(totals) + [BUST] + ([NATURAL] if self.natural_collects else [])
        self.slot_of = {o: i for i, o in enumerate(self.slots)}
        self._cache: dict[tuple[int, bool, bool, bool], tuple[int, ...]] | None = None

    def outcome(self, total: int, cards: int) -> int:
        """The slot of a dealer that stops with ``total`` (-1 for bust) after ``cards`` cards."""
        if total < 0:
            return self.slot_of[BUST]
        if total == TARGET and cards == 2 and self.natural_collects:
            return self.slot_of[NATURAL]
        return self.slot_of[total]

    def units(self, amount: Fraction) -> int:
        scaled = amount * self.scale
        assert scaled.denominator == 1
        return int(scaled)

    def win_amount(self, total: int, two_cards: bool, triple: bool, shot: bool) -> Fraction:
        p = self.rules.payouts
        if shot:
            return p.shoot_seven if p.shoot_seven is not None else p.win
        return p.winning(total_is_7_5=total == TARGET, two_cards=two_cards, is_triple=triple)

    def nets_inputs(self) -> tuple:
        """Everything ``nets`` reads: settlements equal in these pay every hand alike."""
        p = self.rules.payouts
        return (tuple(self.slots), self.scale, self.rules.ties, p.win, p.seven_and_half,
                p.natural, p.triple, p.shoot_seven, p.dealer_natural_amount)

    def every_net(self) -> tuple[tuple[int, ...], ...]:
        """``nets`` of every class of standing hand (total, two cards, triple, shot), worked
        out once per ``nets_inputs`` in the process: a search meets the same ones again and
        again, each in a settlement of its own."""
        key = self.nets_inputs()
        found = _EVERY_NET.get(key)
        if found is None:
            found = tuple(self.nets(t, two, triple, shot) for t in range(1, TARGET + 1)
                          for two in (False, True) for triple in (False, True)
                          for shot in (False, True))
            if len(_EVERY_NET) >= _EVERY_NET_KEPT:
                _EVERY_NET.clear()
            _EVERY_NET[key] = found
        return found

    def nets(self, total: int, two_cards: bool, triple: bool = False, shot: bool = False) -> tuple[int, ...]:
        """Net per unit stake (times ``scale``) of a standing hand against each dealer slot."""
        key = (total, two_cards, triple, shot)
        cache = self._cache
        if cache is None:
            inputs = self.nets_inputs()
            cache = _NETS.get(inputs)
            if cache is None:
                if len(_NETS) >= _EVERY_NET_KEPT:
                    _NETS.clear()
                cache = _NETS[inputs] = {}
            self._cache = cache
        hit = cache.get(key)
        if hit is not None:
            return hit
        s = self.scale
        win = self.units(self.win_amount(total, two_cards, triple, shot))
        tie = 0 if self.rules.ties == "push" else -s
        holds_reale = total == TARGET and two_cards
        out = []
        for o in self.slots:
            if o == NATURAL:
                out.append(-s if holds_reale else -self.units(self.rules.payouts.dealer_natural_amount))
            elif o == BUST:
                out.append(win)
            elif total > o:
                out.append(win)
            elif total == o:
                out.append(tie)
            else:
                out.append(-s)
        result = tuple(out)
        cache[key] = result
        return result
