"""The pieces of the opening count (opening.py): hands as decision-tree nodes, settlement
classes, which kinds of card can still matter, the dealer at the end of the round, and
whether a deck is short enough to run out.

A hand past its second card is a node: whether it draws (its own view decides, as in
play.py), the class it settles in if it stands, whether standing shows 7 1/2, and for each
kind of card the node it moves to (or BUST). Nodes are interned by that structure, so two
hands with different cards whose futures decide alike are the same node. ``rel`` of a node is
the set of kinds (a bit mask) that some draw in its future takes without busting: every other
kind busts it wherever it draws.
"""

from __future__ import annotations

from .deck import KINDS, TARGET, most_cards_taken
from .play import HIDDEN, HIT, PlayValues

ALL_KINDS = (1 << KINDS) - 1
BUST, ABSENT = -1, -2
"""Children of a node: a kind that busts the hand, a kind its own view holds none of."""
BUSTED = (-1, False, False)
"""Settlement class of a busted hand; others are (total, two cards, triple)."""
HANDS = 8
"""Radix of a class count in a multiset key: above the most hands a round can hold (4)."""


class HandNodes:
    def __init__(self, play: PlayValues, radix: tuple[int, ...], caps: list[int]):
        self.play = play
        self.radix = radix
        self.caps = caps
        self.by_view: dict[tuple, int] = {}
        self.by_structure: dict[tuple, int] = {}
        self.info: list[tuple] = []
        """Per node: (draws, total, cards, stand class place, standing shows 7 1/2, children)."""
        self.rel: list[int] = []
        self.reach: list[int] = []
        """Per node: how many kinds it can use, then minus its total (the order hands draw in)."""
        self.places: dict[tuple[int, ...], int] = {}
        self.rows: list[tuple[int, ...]] = []
        self.class_bits = 0
        """Bits of a multiset of classes (fixed once every class is made)."""
        self.bust_place = self.class_place(BUSTED)
        # Every class a hand can settle in, made now, so a multiset of them has a fixed width.
        for t in range(1, TARGET + 1):
            for two_cards in (False, True):
                self.class_place((t, two_cards, False))
        self.class_place((TARGET, True, True))
        self.class_bits = (HANDS - 1).bit_length() * len(self.rows)
        self._dealer_kinds: dict[tuple, int] = {}
        self.sets: list[tuple[int, ...]] = []
        self.set_ids: dict[tuple[int, ...], int] = {}
        self.set_rel: list[int] = []
        self.set_next: list[tuple[int, int] | None] = []
        self.set_with: dict[tuple[int, int], int] = {}
        self.hand_set(())
        self.ends: dict[tuple, int] = {}

    def counts_of(self, code: int) -> list[int]:
        return [(code // r) % cap for r, cap in zip(self.radix, self.caps, strict=False)]

    # -- settlement classes ------------------------------------------------------------------
    def class_place(self, cls: tuple) -> int:
        """Place value of a settlement class in a multiset key (hands that settle alike merge)."""
        play = self.play
        nets = (-play.scale,) * play.dealer.nslots if cls == BUSTED else play.settlement.nets(*cls)
        place = self.places.get(nets)
        if place is None:
            if self.class_bits:
                raise RuntimeError(f"settlement class {cls} was not foreseen")
            place = self.places[nets] = HANDS ** len(self.places)
            self.rows.append(nets)
        return place

    def stand_class(self, s: int, m: int, k: int) -> tuple[int, bool]:
        t = self.play.best[m][s]
        place = self.class_place((t, k == 2, bool(m) and k == 2 and s == 14))
        return place, self.play.must_reach and t == TARGET

    # -- hands -------------------------------------------------------------------------------
    def view_action(self, upcard: int, own: int, s: int, m: int, k: int, splits: int) -> str:
        """The action play.py chose for a hand whose own view of the unseen cards is ``own``."""
        play = self.play
        key = (upcard, own, s, m, k, splits)
        action = play.action.get(key)
        if action is None:
            mine = self.counts_of(own)
            play.value(upcard, mine, own, sum(mine), s, m, k, splits)
            action = play.action[key]
        return action

    def node(self, upcard: int, own: int, s: int, m: int, k: int, splits: int = 0) -> int:
        """The node of a hand of k >= 2 cards; ``splits`` only matters to a pair not opened."""
        view = (upcard, own, s, m, k, splits)
        found = self.by_view.get(view)
        if found is not None:
            return found
        play = self.play
        place, showing = self.stand_class(s, m, k)
        t = play.best[m][s]
        rel = 0
        if self.view_action(upcard, own, s, m, k, splits) == HIT:
            mine = self.counts_of(own)
            children = []
            for c in range(KINDS):
                s2, m2 = play.child_hand(c, s, m)
                if not mine[c]:
                    children.append(ABSENT)
                elif play.best[m2][s2] < 0:
                    children.append(BUST)
                else:
                    child = self.node(upcard, own - self.radix[c], s2, m2, k + 1)
                    children.append(child)
                    rel |= 1 << c | self.rel[child]
            structure = (True, place, showing, tuple(children))
        else:
            structure = (False, place, showing)
        found = self.by_structure.get(structure)
        if found is None:
            found = self.by_structure[structure] = len(self.info)
            self.info.append((structure[0], t, k, place, showing,
                              structure[3] if structure[0] else ()))
            self.rel.append(rel)
            self.reach.append(bin(rel).count("1") * 64 - t)
        self.by_view[view] = found
        return found

    # -- sets of hands still drawing ------------------------------------------------------------
    def hand_set(self, hands: tuple[int, ...]) -> int:
        """Id of a multiset of drawing hands (sorted node ids); 0 is the empty set."""
        found = self.set_ids.get(hands)
        if found is None:
            found = self.set_ids[hands] = len(self.sets)
            self.sets.append(hands)
            rel = 0
            for h in hands:
                rel |= self.rel[h]
            self.set_rel.append(rel)
            self.set_next.append(None)
        return found

    def next_to_draw(self, group: int) -> tuple[int, int]:
        """(node, id of the others) of the hand that draws next: the one that can use the most
        kinds of card, then the lowest total, so the kinds that matter drop out soonest."""
        found = self.set_next[group]
        if found is None:
            hands = self.sets[group]
            at = max(range(len(hands)), key=lambda i: (self.reach[hands[i]], -i))
            found = self.set_next[group] = (hands[at], self.hand_set(hands[:at] + hands[at + 1:]))
        return found

    def with_hand(self, group: int, hand: int) -> int:
        key = (group, hand)
        found = self.set_with.get(key)
        if found is None:
            found = self.set_with[key] = self.hand_set(tuple(sorted((*self.sets[group], hand))))
        return found

    # -- the dealer ----------------------------------------------------------------------------
    def dealer_kinds(self, upcard: int, shown: bool, final: bool = False) -> int:
        """Kinds the dealer may draw without busting (a bit mask).

        Before every hand has finished, a dealer not yet bound to reach 7 1/2 may still be.
        """
        key = (upcard, shown, final)
        found = self._dealer_kinds.get(key)
        if found is not None:
            return found
        play = self.play
        if upcard == HIDDEN:
            mask = ALL_KINDS
        else:
            modes = [shown] if final or shown or not play.must_reach else [False, True]
            mask = 0
            for reach in modes:
                mask |= play.dealer.kinds_used(upcard, reach)
        self._dealer_kinds[key] = mask
        return mask

    # -- the end of the round ------------------------------------------------------------------
    def classes(self, key: int) -> list[tuple[int, ...]]:
        """The nets rows of a multiset key of settlement classes, one per hand."""
        out = []
        for row in self.rows:
            key, count = divmod(key, HANDS)
            out += [row] * count
        return out

    def dealer_at_end(self, upcard: int, stock: int, n: int, reach: bool) -> int:
        """Packed dealer outcomes (times n!) on a stock known only in the kinds it can use."""
        key = (upcard, stock, n, reach)
        found = self.ends.get(key)
        if found is not None:
            return found
        counts = self.counts_of(stock)
        # Any stock with these counts of the kinds the dealer can use is as good as another:
        # fill the rest up to each kind's number in the deck.
        missing = n - sum(counts)
        used = self.dealer_kinds(upcard, reach, final=True)
        for c in range(KINDS):
            if missing and not used >> c & 1:
                counts[c] = min(self.caps[c] - 1, missing)
                missing -= counts[c]
        code = sum(x * r for x, r in zip(counts, self.radix, strict=False))
        out = self.play.dealer_packed(upcard, counts, code, n, reach)
        self.ends[key] = out
        return out

    def may_run_out(self, upcard: int, counts: list[int], hands: int) -> bool:
        """Whether some deal could leave a hand or the dealer facing too few cards."""
        reserve = 1 if upcard == HIDDEN else 0
        return most_cards_taken(counts, hands=hands, wild=self.play.wild) + reserve + 1 >= sum(counts)
