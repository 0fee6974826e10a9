"""Opening (splitting figures), counted exactly: every hand of the round shares one stock and
one dealer.

The walk (walk.py) hands over each opening it reaches with its count of ways; this pass
pushes those counts forward, one card at a time, over canonical states of the rest of the
round, and settles every ending against the dealer. A count w at a state with n unseen
cards stands for probability w * n! / N!, as in the walk.

A state is: the unseen cards, the hands formed by opening still waiting for their second
card (in table order: taking it is when a hand may open again, and openings are spent in
that order), the hands still drawing, whether a 7 1/2 has been shown, and the settlement
classes of the hands already finished (packed into one int). Three things keep the states
few (hands.py builds the pieces):

* A hand drawing is a node of its own decision tree. Hands whose futures decide alike are
  one node whatever cards they hold; a hand that stands leaves the state, its class kept.
* The stock is canonical: a kind of card that busts every hand still drawing and the dealer
  is only counted, never told apart, so stocks that differ only in such cards are one state,
  and a draw of any of them is one transition, weighted by how many there are.
* With card removal a deal is a uniform random permutation, and each hand's draws depend on
  its own cards only, so once every opening is settled the hands may draw in any order
  without changing any probability. The hand that can still use the most kinds of card draws
  next: the kinds that matter drop out of the stock as early as possible. That holds while
  the stock cannot run out; on a deck small enough to run out the hands play in table order,
  one after the other, as dealt.
"""

from __future__ import annotations

from collections import defaultdict

from .deck import KINDS, VALUE
from .hands import ALL_KINDS, BUST, HandNodes
from .play import HIDDEN, SPLIT, PlayValues

HANDS = 8
"""Radix of a class count in a multiset key: above the most hands a round can hold (4)."""
MOST_HALF_POINTS = 29
"""A hand or the dealer takes at most 7 1/2 and then one card of at most 7 (in half points)."""


class Opening:
    def __init__(self, play: PlayValues, radix: tuple[int, ...], caps: list[int]):
        self.play = play
        self.radix = radix
        self.caps = caps
        self.nodes = HandNodes(play, radix, caps)
        self.kinds_of = [[c for c in range(KINDS) if mask >> c & 1] for mask in range(1 << KINDS)]
        self.levels: dict[int, dict[tuple, int]] = {}
        self.leaves: dict[tuple, int] = defaultdict(int)
        self.ends: dict[tuple, int] = {}
        self.dealer_mask = {u: (self.nodes.dealer_kinds(u, False), self.nodes.dealer_kinds(u, True))
                            for u in (HIDDEN, *range(KINDS))}

    # -- the walk's side ---------------------------------------------------------------------------
    def seed(self, upcard: int, base: int, code: int, pair: tuple[int, int], splits: int,
             units: int, reach: int) -> None:
        """An opening of ``pair`` (kept, moved) with ``splits`` openings left, reached ``reach``
        ways, each hand staking ``units``.

        ``base`` is the code of the unseen cards before any hand's cards were dealt: a hand
        looks only at its own cards, the dealer's upcard and the exchanged fours.
        """
        counts = self.nodes.counts_of(code)
        n = sum(counts)
        in_turn = self.may_run_out(upcard, counts, hands=2 + splits)
        self.emit(upcard, base, code, n, pair, 0, splits, False, in_turn, units, 0, reach)

    def settle(self, out: dict[int, int]) -> int:
        """Count every seeded opening to its end, adding the round's nets (in units) to ``out``;
        returns the extra wager of the hands formed by opening (count times units)."""
        self.run()
        wager = 0
        dealer = self.play.dealer
        for (upcard, stock, n, shown, units, past), weight in self.leaves.items():
            rows = self.classes(past)
            packed = self.dealer(upcard, stock, n, shown)
            hands = 0
            for slot, d in enumerate(dealer.unpack(packed)):
                if d:
                    out[units * sum(row[slot] for row in rows)] += weight * d
                    hands += d
            # The first hand's wager was counted when it was placed; each opening adds one.
            wager += weight * hands * units * (len(rows) - 1)
        self.leaves.clear()
        return wager

    def classes(self, key: int) -> list[tuple[int, ...]]:
        """The nets rows of a multiset key, one per hand."""
        out = []
        for row in self.nodes.rows:
            key, count = divmod(key, HANDS)
            out += [row] * count
        return out

    def may_run_out(self, upcard: int, counts: list[int], hands: int) -> bool:
        """Whether some deal could leave a hand or the dealer facing too few cards.

        The hands and the dealer together take cards worth at most MOST_HALF_POINTS each;
        the most cards that can be worth that little are the cheapest ones.
        """
        budget = MOST_HALF_POINTS * (hands + 1)
        taken = 0
        for c in sorted(range(KINDS), key=self.nodes.half_points):
            worth = self.nodes.half_points(c)
            take = counts[c] if not worth else min(counts[c], budget // worth)
            taken += take
            budget -= take * worth
        reserve = 1 if upcard == HIDDEN else 0
        return taken + reserve + 1 >= sum(counts)

    # -- states ------------------------------------------------------------------------------------
    def relevant(self, upcard: int, queue: tuple, group: int, shown: bool) -> int:
        if queue:
            return ALL_KINDS
        return self.nodes.set_rel[group] | self.dealer_mask[upcard][shown]

    def emit(self, upcard, base, stock, n, queue, group, splits, shown, in_turn, units, past,
             weight) -> None:
        """Add ``weight`` to a state; ``stock`` is already masked to the state's kinds."""
        if queue:
            key = (upcard, base, stock, queue, group, splits, shown, in_turn, units, past)
            level = n * 16 + len(queue) + len(self.nodes.sets[group])
        else:
            key = (upcard, 0, stock, (), group, 0, shown, in_turn, units, past)
            level = n * 16 + len(self.nodes.sets[group])
        layer = self.levels.get(level)
        if layer is None:
            layer = self.levels[level] = {}
        layer[key] = layer.get(key, 0) + weight

    def masked(self, counts: list[int], mask: int) -> int:
        radix = self.radix
        stock = 0
        for c in self.kinds_of[mask]:
            stock += counts[c] * radix[c]
        return stock

    def run(self) -> None:
        # Counts flow to fewer cards, or at the same count to fewer hands (a hand that
        # stands without drawing), so this order finishes every state before it is expanded.
        levels = self.levels
        while levels:
            level = max(levels)
            n = level // 16
            for key, weight in levels.pop(level).items():
                self.expand(key, n, weight)

    def expand(self, key: tuple, n: int, weight: int) -> None:
        upcard, base, stock, queue, group, splits, shown, in_turn, units, past = key
        mask = self.relevant(upcard, queue, group, shown)
        counts = [0] * KINDS
        for c in self.kinds_of[mask]:
            counts[c] = stock // self.radix[c] % self.caps[c]
        if group and (in_turn or not queue):
            self.draw(upcard, base, counts, stock, mask, n, queue, group, splits, shown, in_turn,
                      units, past, weight)
        elif queue:
            self.second_card(upcard, base, counts, n, queue, group, splits, shown, in_turn, units,
                             past, weight)
        else:
            final = self.nodes.dealer_kinds(upcard, shown, final=True)
            self.leaves[(upcard, self.masked(counts, final), n, shown, units, past)] += weight

    def second_card(self, upcard, base, counts, n, queue, group, splits, shown, in_turn, units,
                    past, weight) -> None:
        """The first hand in the queue takes its second card, and may open again."""
        play, nodes, radix = self.play, self.nodes, self.radix
        first, rest = queue[0], queue[1:]
        s = VALUE[first]
        if not play.can_draw(upcard, n, play.best[0][s], 1):
            place, showing = nodes.stand_class(s, 0, 1)
            self.settled(upcard, base, counts, n, rest, group, splits, shown or showing, in_turn,
                         units, past + place, weight)
            return
        own = base - radix[first]
        for c in range(KINDS):
            r = counts[c]
            if not r:
                continue
            s2, m2 = play.child_hand(c, s, 0)
            counts[c] = r - 1
            if play.best[m2][s2] < 0:
                self.settled(upcard, base, counts, n - 1, rest, group, splits, shown, in_turn,
                             units, past + nodes.bust_place, weight * r)
            elif splits and play.is_pair(s2, m2, 2) and \
                    nodes.view_action(upcard, own - radix[c], s2, m2, 2, splits) == SPLIT:
                queue2 = (first, *rest, c)
                self.emit(upcard, base, self.masked(counts, ALL_KINDS), n - 1, queue2, group,
                          splits - 1, shown, in_turn, units, past, weight * r)
            else:
                hand = nodes.node(upcard, own - radix[c], s2, m2, 2, splits)
                draws, _t, _k, place, showing, _children = nodes.info[hand]
                if draws:
                    self.settled(upcard, base, counts, n - 1, rest, nodes.with_hand(group, hand),
                                 splits, shown, in_turn, units, past, weight * r)
                else:
                    self.settled(upcard, base, counts, n - 1, rest, group, splits,
                                 shown or showing, in_turn, units, past + place, weight * r)
            counts[c] = r

    def settled(self, upcard, base, counts, n, queue, group, splits, shown, in_turn, units, past,
                weight) -> None:
        mask = self.relevant(upcard, queue, group, shown)
        self.emit(upcard, base, self.masked(counts, mask), n, queue, group, splits, shown, in_turn,
                  units, past, weight)

    def draw(self, upcard, base, counts, stock, mask, n, queue, group, splits, shown, in_turn,
             units, past, weight) -> None:
        """The next hand to draw takes one card (or stands if the stock has run out)."""
        nodes, radix, dealer_mask = self.nodes, self.radix, self.dealer_mask[upcard]
        hand, others = nodes.next_to_draw(group)
        _draws, t, k, place, showing, children = nodes.info[hand]
        if not self.play.can_draw(upcard, n, t, k):
            self.settled(upcard, base, counts, n, queue, others, splits, shown or showing,
                         in_turn, units, past + place, weight)
            return
        spare = n
        open_queue = ALL_KINDS if queue else 0
        set_rel = nodes.set_rel
        for c in self.kinds_of[mask]:
            r = counts[c]
            if not r:
                continue
            spare -= r
            child = children[c]
            shown2, past2, group2 = shown, past, others
            if child == BUST:
                past2 += nodes.bust_place
            else:
                draws, _t, _k, place2, showing2, _children = nodes.info[child]
                if draws:
                    group2 = nodes.with_hand(others, child)
                else:
                    shown2 = shown or showing2
                    past2 += place2
            mask2 = open_queue | set_rel[group2] | dealer_mask[shown2]
            stock2 = stock - radix[c]
            if mask2 != mask:
                counts[c] = r - 1
                for d in self.kinds_of[mask & ~mask2]:
                    stock2 -= counts[d] * radix[d]
                counts[c] = r
            self.emit(upcard, base, stock2, n - 1, queue, group2, splits, shown2, in_turn, units,
                      past2, weight * r)
        if spare:
            # Kinds no hand still drawing and not the dealer can use: each busts this hand and
            # the rest of the round cannot tell them apart, so they are one transition.
            self.settled(upcard, base, counts, n - 1, queue, others, splits, shown, in_turn, units,
                         past + nodes.bust_place, weight * spare)

    # -- the dealer, once, after every hand ---------------------------------------------------
    def dealer(self, upcard: int, stock: int, n: int, reach: bool) -> int:
        """Packed dealer outcomes (times n!) on a stock known only in the kinds it can use."""
        key = (upcard, stock, n, reach)
        found = self.ends.get(key)
        if found is not None:
            return found
        counts = self.nodes.counts_of(stock)
        # Any stock with these counts of the kinds the dealer can use is as good as another:
        # fill the rest up to each kind's number in the deck.
        missing = n - sum(counts)
        for c in range(KINDS):
            if missing and not self.nodes.dealer_kinds(upcard, reach, final=True) >> c & 1:
                counts[c] = min(self.caps[c] - 1, missing)
                missing -= counts[c]
        code = sum(x * r for x, r in zip(counts, self.radix, strict=False))
        play, dealer = self.play, self.play.dealer
        if upcard != HIDDEN:
            out = dealer.start(upcard, counts, code, n, reach)
        elif not play.kd_first:
            out = dealer.draw(counts, code, n, 0, 0, 0, reach)
        else:
            out = 0
            for u in play.live_upcards:
                r = counts[u]
                if r:
                    counts[u] = r - 1
                    out += r * dealer.start(u, counts, code - self.radix[u], n - 1, reach)
                    counts[u] = r
        self.ends[key] = out
        return out
