"""The switch: with two non-qualifying hands, one card of each may change places.

Main and dice match depend only on the final hand values, so the switch is chosen on rank
compositions first. Under the ``final_hands`` bonus reading the bonus breaks the remaining
ties (RULES.md "Equal choices"), and flushes make that depend on suits: those rounds are
settled by grouping the suit patterns of the six cards (up to relabelling of suits) by
which triples of positions they make single-suited.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import perm, prod

from .hands import NO_VALUE, BonusTable, Composition, hand_value
from .settle import Config, config_of

NO_SWITCH_CONFIG: Config = (NO_VALUE, NO_VALUE)
ALL_COMPOSITIONS: tuple[Composition, ...] = tuple(combinations_with_replacement(range(9), 3))
AFTER_SWITCH = ("neither_qualifies", "one_qualifies_after_switch", "both_qualify_after_switch")
_TRIPLE = {frozenset(t): i for i, t in enumerate(combinations(range(6), 3))}


def _single_suited(labels: tuple[int, ...]) -> int:
    """Bit set of the position triples whose three cards share a suit."""
    return sum(1 << i for t, i in _TRIPLE.items() if len({labels[p] for p in t}) == 1)


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
                 suits: int | None, copies: int | None, allowed: bool):
        """``suits`` and ``copies`` are None for a deck that does not track suits, whose
        bonus is never settled (with_bonus is then unavailable)."""
        self.qualifying = qualifying
        self.md_rank = md_rank
        self.bonus = bonus
        self.copies = copies
        self.allowed = allowed
        self.patterns = [(labels, labelled, _single_suited(labels))
                         for labels, labelled in suit_patterns(6, suits)] if suits else []
        self._suit_weights: dict[tuple[int, ...], dict[int, int]] = {}
        self._values: dict[Composition, int] = {}
        self._swapped: dict[Composition, dict[tuple[int, int], int]] = {}
        self._best: dict[tuple[Composition, Composition], tuple[Config, tuple[int, int] | None]] = {}
        self._final: dict[tuple[Composition, Composition], dict] = {}
        self._after_buy: dict[Composition, dict[Composition, tuple[Config, str, bool]]] = {}

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
        config, option = self.choice(first, second)
        return config, option is not None

    def choice(self, first: Composition, second: Composition) -> tuple[Config, tuple[int, int] | None]:
        """The chosen configuration and the ranks switched (out of first, out of second),
        None to keep the cards; the bonus is not involved."""
        # The chosen configuration does not depend on which hand came first.
        turned = first > second
        key = (second, first) if turned else (first, second)
        hit = self._best.get(key)
        if hit is None:
            chosen, switch = NO_SWITCH_CONFIG, None
            top = (self.md_rank[NO_SWITCH_CONFIG], NO_SWITCH_CONFIG)
            for config, option in self.rank_options(*key)[1:]:
                score = (self.md_rank[config], config)
                if score > top:
                    top, chosen, switch = score, config, option
            hit = self._best[key] = (chosen, switch)
        if turned and hit[1] is not None:
            return hit[0], hit[1][::-1]
        return hit

    def after_buy(self, first: Composition) -> dict[Composition, tuple[Config, str, bool]]:
        """Per second hand bought on ``first``: the configuration, the decision tally it
        counts in and whether a switch is made (bonus not involved). Deck-independent, so
        it is worked out once per first hand and read for every deck."""
        table = self._after_buy.get(first)
        if table is None:
            table = self._after_buy[first] = {}
            for second in ALL_COMPOSITIONS:
                value = self.value(second)
                if value != NO_VALUE:
                    # The second hand stands and the first loses: no switch is allowed.
                    table[second] = (config_of(value, NO_VALUE), "second_qualifies", False)
                    continue
                config, switched = self.best(first, second)
                qualified = sum(v != NO_VALUE for v in config)
                table[second] = (config, AFTER_SWITCH[qualified], switched)
        return table

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
        # A card option's outcome depends on the suits only through whether each final hand
        # is of one suit: settle each option once per (suited, suited) and judge the suit
        # patterns by which triples of positions they make single-suited.
        choices = []
        for option in card_options:
            if option is None and None not in wanted:
                continue
            pos1, pos2 = [0, 1, 2], [3, 4, 5]
            if option is not None:
                i, j = option
                pos1[i], pos2[j] = 3 + j, i
            r1 = tuple(sorted(ranks[p] for p in pos1))
            r2 = tuple(sorted(ranks[p] for p in pos2))
            settled = {}
            for s1 in (False, True):
                for s2 in (False, True):
                    outcome = self._settle(r1, r2, s1, s2, option is not None)
                    config, bonus_net, _ = outcome
                    settled[(s1, s2)] = ((self.md_rank[config], bonus_net, config), outcome)
            choices.append((1 << _TRIPLE[frozenset(pos1)], 1 << _TRIPLE[frozenset(pos2)], settled))
        out: dict = defaultdict(Fraction)
        total = 0
        for mono, weight in self.suit_weights(ranks).items():
            total += weight
            best = None
            for bit1, bit2, settled in choices:
                scored = settled[(bool(mono & bit1), bool(mono & bit2))]
                if best is None or scored[0] > best[0]:
                    best = scored
            out[best[1]] += weight
        return {k: Fraction(w, total) for k, w in out.items()}

    def suit_weights(self, ranks: Composition) -> dict[int, int]:
        """Labelled ways per set of single-suited position triples, for this rank layout."""
        layout = tuple(ranks.index(r) for r in ranks)
        hit = self._suit_weights.get(layout)
        if hit is None:
            hit = defaultdict(int)
            for labels, labelled, mono in self.patterns:
                groups: dict[tuple[int, int], int] = defaultdict(int)
                for r, lab in zip(layout, labels, strict=True):
                    groups[(r, lab)] += 1
                weight = labelled * prod(perm(self.copies, m) for m in groups.values())
                if weight:
                    hit[mono] += weight
            hit = self._suit_weights[layout] = dict(hit)
        return hit

    def _settle(self, r1, r2, suited1: bool, suited2: bool, switched: bool):
        values, paid = [], None
        for ranks, suited in ((r1, suited1), (r2, suited2)):
            v = self.value(ranks)
            values.append(v)
            if v != NO_VALUE:
                pay = self.bonus.payout(ranks, suited)
                if pay is not None and (paid is None or pay > paid):
                    paid = pay
        return config_of(*values), Fraction(-1) if paid is None else Fraction(paid), switched
