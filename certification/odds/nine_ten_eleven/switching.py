"""The switch: with two non-qualifying hands, one card of each may change places.

Main and dice match depend only on the final hand values, so the switch is chosen on rank
compositions first. Under the ``final_hands`` bonus reading the bonus breaks the remaining
ties (RULES.md "Equal choices"), and flushes make that depend on suits: those rounds are
settled by enumerating every suit pattern of the six cards up to relabelling of suits.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import perm, prod

from .hands import NO_VALUE, BonusTable, Composition, hand_value
from .settle import Config, config_of

NO_SWITCH_CONFIG: Config = (NO_VALUE, NO_VALUE)


def swap(hand: Composition, out_rank: int, in_rank: int) -> Composition:
    cards = list(hand)
    cards.remove(out_rank)
    cards.append(in_rank)
    return tuple(sorted(cards))


def suit_patterns(slots: int, suits: int) -> list[tuple[tuple[int, ...], int]]:
    """Suit labellings of ``slots`` cards up to relabelling: (labels, labelled copies)."""
    out: list[tuple[tuple[int, ...], int]] = []

    def grow(labels: tuple[int, ...], used: int) -> None:
        if len(labels) == slots:
            out.append((labels, perm(suits, used)))
            return
        for s in range(min(used + 1, suits)):
            grow(labels + (s,), max(used, s + 1))

    grow((), 0)
    return out


class Switcher:
    """Best switch for a pair of non-qualifying compositions, memoised per pair."""

    def __init__(self, qualifying, md_rank: dict[Config, int], bonus: BonusTable,
                 suits: int, copies: int, allowed: bool):
        self.qualifying = qualifying
        self.md_rank = md_rank
        self.bonus = bonus
        self.copies = copies
        self.allowed = allowed
        self.patterns = suit_patterns(6, suits)
        self._values: dict[Composition, int] = {}
        self._swapped: dict[Composition, dict[tuple[int, int], int]] = {}
        self._best: dict[tuple[Composition, Composition], tuple[Config, bool]] = {}
        self._final: dict[tuple[Composition, Composition], dict] = {}

    def value(self, hand: Composition) -> int:
        v = self._values.get(hand)
        if v is None:
            v = self._values[hand] = hand_value(hand, self.qualifying)
        return v

    def swapped(self, hand: Composition) -> dict[tuple[int, int], int]:
        """Value of ``hand`` after giving up a card of rank a for one of rank b, per (a, b)."""
        table = self._swapped.get(hand)
        if table is None:
            table = self._swapped[hand] = {
                (a, b): self.value(swap(hand, a, b))
                for a in set(hand) for b in range(9) if a != b
            }
        return table

    def rank_options(self, first: Composition, second: Composition):
        """(config, (rank out of first, rank out of second) or None) for each distinct choice."""
        options: list[tuple[Config, tuple[int, int] | None]] = [(NO_SWITCH_CONFIG, None)]
        if self.allowed:
            out1, out2 = self.swapped(first), self.swapped(second)
            for a in sorted(set(first)):
                for b in sorted(set(second)):
                    if a != b:
                        options.append((config_of(out1[(a, b)], out2[(b, a)]), (a, b)))
        return options

    def best(self, first: Composition, second: Composition) -> tuple[Config, bool]:
        """The chosen configuration and whether a switch is made (bonus not involved)."""
        # The chosen configuration does not depend on which hand came first.
        key = (first, second) if first <= second else (second, first)
        hit = self._best.get(key)
        if hit is None:
            chosen, switched = NO_SWITCH_CONFIG, False
            top = (self.md_rank[NO_SWITCH_CONFIG], NO_SWITCH_CONFIG)
            for config, option in self.rank_options(*key)[1:]:
                score = (self.md_rank[config], config)
                if score > top:
                    top, chosen, switched = score, config, option is not None
            hit = self._best[key] = (chosen, switched)
        return hit

    def with_bonus(self, first: Composition, second: Composition) -> dict:
        """(config, bonus net, switched) -> probability over the suits, bonus on final hands."""
        key = (first, second)
        if key not in self._final:
            self._final[key] = self._with_bonus(first, second)
        return self._final[key]

    def _with_bonus(self, first: Composition, second: Composition) -> dict:
        options = self.rank_options(first, second)
        top = max(self.md_rank[c] for c, _ in options)
        tied = [(c, o) for c, o in options if self.md_rank[c] == top]
        if all(c == NO_SWITCH_CONFIG for c, _ in tied):
            return {(NO_SWITCH_CONFIG, Fraction(-1), False): Fraction(1)}
        wanted = {o for _, o in tied}
        ranks = first + second
        card_options = [None] + [
            (i, j) for i in range(3) for j in range(3)
            if (first[i], second[j]) in wanted
        ]
        out: dict = defaultdict(Fraction)
        total = 0
        for labels, labelled in self.patterns:
            groups: dict[tuple[int, int], int] = defaultdict(int)
            for r, s in zip(ranks, labels, strict=True):
                groups[(r, s)] += 1
            weight = labelled * prod(perm(self.copies, m) for m in groups.values())
            if not weight:
                continue
            total += weight
            cards = list(zip(ranks, labels, strict=True))
            best_score, best_outcome = None, None
            for option in card_options:
                if option is None and None not in wanted:
                    continue
                h1, h2 = cards[:3], cards[3:]
                if option is not None:
                    i, j = option
                    h1[i], h2[j] = cards[3 + j], cards[i]
                outcome = self._settle_cards(h1, h2, option is not None)
                config, bonus_net, _ = outcome
                score = (self.md_rank[config], bonus_net, config)
                if best_score is None or score > best_score:
                    best_score, best_outcome = score, outcome
            out[best_outcome] += weight
        return {k: Fraction(w, total) for k, w in out.items()}

    def _settle_cards(self, h1, h2, switched: bool) -> tuple[Config, Fraction, bool]:
        values, paid = [], None
        for hand in (h1, h2):
            ranks = tuple(sorted(r for r, _ in hand))
            v = self.value(ranks)
            values.append(v)
            if v != NO_VALUE:
                pay = self.bonus.payout(ranks, len({s for _, s in hand}) == 1)
                if pay is not None and (paid is None or pay > paid):
                    paid = pay
        return config_of(*values), Fraction(-1) if paid is None else Fraction(paid), switched
