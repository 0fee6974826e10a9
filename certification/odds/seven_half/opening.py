"""Opening (splitting figures), counted exactly: every hand of the round shares one stock and
one dealer.

The walk (walk.py) hands over each opening it reaches with its count of ways; this pass
pushes those counts forward, one card at a time, over canonical states of the rest of the
round, and settles every ending against the dealer. A count w at a state with n unseen
cards stands for probability w * n! / N!, as in the walk.

A state is: the unseen cards, the hands formed by opening still waiting for their second
card (in table order: taking it is when a hand may open again, and openings are spent in
that order), the hands still drawing, whether a 7 1/2 has been shown, and the settlement
classes of the hands already finished (a multiset packed into one int). Three things keep
the states few (hands.py builds the pieces):

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

CONTEXT_BITS = 16
KINDS_OF = [[c for c in range(KINDS) if mask >> c & 1] for mask in range(1 << KINDS)]
"""The kinds in each set of kinds (a bit mask), made once: every walk builds an Opening."""


class Opening:
    def __init__(self, play: PlayValues, radix: tuple[int, ...], caps: list[int]):
        self.play = play
        self.radix = radix
        self.caps = caps
        self.nodes = HandNodes(play, radix, caps)
        self.kinds_of = KINDS_OF
        self.dealer_mask = {u: (self.nodes.dealer_kinds(u, False), self.nodes.dealer_kinds(u, True))
                            for u in (HIDDEN, *range(KINDS))}
        # A state whose openings are all settled is one int: stock, finished classes, shown,
        # context (upcard, order, stake), drawing hands, from the low bits up.
        self.stock_bits = sum(r * (cap - 1) for r, cap in zip(radix, caps, strict=False)).bit_length()
        self.shown_shift = self.stock_bits + self.nodes.class_bits
        self.context_shift = self.shown_shift + 1
        self.group_shift = self.context_shift + CONTEXT_BITS
        self.contexts: list[tuple[int, bool, int]] = []
        self.context_ids: dict[tuple[int, bool, int], int] = {}
        self.levels: dict[int, dict] = {}
        self.leaves: dict[tuple, int] = defaultdict(int)
        self.moves: dict[tuple, tuple] = {}

    # -- the walk's side ---------------------------------------------------------------------------
    def seed(self, upcard: int, base: int, code: int, pair: tuple[int, int], splits: int,
             units: int, reach: int) -> None:
        """An opening of ``pair`` (kept, moved) with ``splits`` openings left, reached ``reach``
        ways, each hand staking ``units``.

        ``base`` is the code of the unseen cards before any hand's cards were dealt: a hand
        looks only at its own cards, the dealer's upcard and the exchanged fours.
        """
        counts = self.nodes.counts_of(code)
        in_turn = self.nodes.may_run_out(upcard, counts, hands=2 + splits)
        context = self.context(upcard, in_turn, units)
        self.add((context, base, code, pair, 0, splits, False, 0), sum(counts), 2, reach)

    def settle(self, out: dict[int, int]) -> int:
        """Count every seeded opening to its end, adding the round's nets (in units) to ``out``;
        returns the extra wager of the hands formed by opening (count times units)."""
        self.run()
        wager = 0
        dealer = self.play.dealer
        for (context, stock, n, shown, past), weight in self.leaves.items():
            upcard, _in_turn, units = self.contexts[context]
            rows = self.nodes.classes(past)
            hands = 0
            for slot, d in enumerate(dealer.unpack(self.nodes.dealer_at_end(upcard, stock, n, shown))):
                if d:
                    out[units * sum(row[slot] for row in rows)] += weight * d
                    hands += d
            # The first hand's wager was counted when it was placed; each opening adds one.
            wager += weight * hands * units * (len(rows) - 1)
        self.leaves.clear()
        return wager

    def context(self, upcard: int, in_turn: bool, units: int) -> int:
        key = (upcard, in_turn, units)
        found = self.context_ids.get(key)
        if found is None:
            found = self.context_ids[key] = len(self.contexts)
            if found >> CONTEXT_BITS:
                raise RuntimeError("too many opening contexts")
            self.contexts.append(key)
        return found

    # -- states ------------------------------------------------------------------------------------
    def add(self, key, n: int, active: int, weight: int) -> None:
        """Add ``weight`` to a state with ``n`` unseen cards and ``active`` hands in play.

        A tuple key (context, base, stock, queue, group, splits, shown, past) is a state with
        openings to settle; an int key packs one without (see __init__).
        """
        layer = self.levels.get(n * 16 + active)
        if layer is None:
            layer = self.levels[n * 16 + active] = {}
        layer[key] = layer.get(key, 0) + weight

    def drawing(self, context: int, stock: int, group: int, shown: bool, past: int) -> int:
        return (group << self.group_shift | context << self.context_shift
                | shown << self.shown_shift | past << self.stock_bits | stock)

    def masked(self, counts: list[int], mask: int) -> int:
        radix = self.radix
        stock = 0
        for c in self.kinds_of[mask]:
            stock += counts[c] * radix[c]
        return stock

    def relevant(self, upcard: int, queued: bool, group: int, shown: bool) -> int:
        if queued:
            return ALL_KINDS
        return self.nodes.set_rel[group] | self.dealer_mask[upcard][shown]

    def run(self) -> None:
        # Counts flow to fewer cards, or at the same count to fewer hands (a hand that
        # stands without drawing), so this order finishes every state before it is expanded.
        levels = self.levels
        stock_mask = (1 << self.stock_bits) - 1
        past_mask = (1 << self.nodes.class_bits) - 1
        context_mask = (1 << CONTEXT_BITS) - 1
        while levels:
            level = max(levels)
            n = level // 16
            for key, weight in levels.pop(level).items():
                if type(key) is int:
                    stock = key & stock_mask
                    past = key >> self.stock_bits & past_mask
                    shown = key >> self.shown_shift & 1
                    context = key >> self.context_shift & context_mask
                    state = (context, 0, stock, (), key >> self.group_shift, 0, shown, past)
                else:
                    state = key
                self.expand(state, n, weight)

    def expand(self, state: tuple, n: int, weight: int) -> None:
        context, base, stock, queue, group, splits, shown, past = state
        upcard, in_turn, _units = self.contexts[context]
        mask = self.relevant(upcard, bool(queue), group, shown)
        counts = [0] * KINDS
        for c in self.kinds_of[mask]:
            counts[c] = stock // self.radix[c] % self.caps[c]
        if group and (in_turn or not queue):
            self.draw(state, counts, n, mask, weight)
        elif queue:
            self.second_card(state, counts, n, weight)
        else:
            final = self.nodes.dealer_kinds(upcard, shown, final=True)
            self.leaves[(context, self.masked(counts, final), n, shown, past)] += weight

    def settled(self, context, base, counts, n, queue, group, splits, shown, past, weight) -> None:
        """Add a state given its full counts (masked here)."""
        upcard = self.contexts[context][0]
        stock = self.masked(counts, self.relevant(upcard, bool(queue), group, shown))
        active = len(queue) + len(self.nodes.sets[group])
        if queue:
            self.add((context, base, stock, queue, group, splits, shown, past), n, active, weight)
        else:
            self.add(self.drawing(context, stock, group, shown, past), n, active, weight)

    def second_card(self, state, counts, n, weight) -> None:
        """The first hand in the queue takes its second card, and may open again."""
        context, base, _stock, queue, group, splits, shown, past = state
        upcard = self.contexts[context][0]
        play, nodes, radix = self.play, self.nodes, self.radix
        first, rest = queue[0], queue[1:]
        s = VALUE[first]
        if not play.can_draw(upcard, n, play.best[0][s], 1):
            place, showing = nodes.stand_class(s, 0, 1)
            self.settled(context, base, counts, n, rest, group, splits, shown or showing,
                         past + place, weight)
            return
        own = base - radix[first]
        for c in range(KINDS):
            r = counts[c]
            if not r:
                continue
            s2, m2 = play.child_hand(c, s, 0)
            counts[c] = r - 1
            if play.best[m2][s2] < 0:
                self.settled(context, base, counts, n - 1, rest, group, splits, shown,
                             past + nodes.bust_place, weight * r)
            elif splits and play.is_pair(s2, m2, 2) and \
                    nodes.view_action(upcard, own - radix[c], s2, m2, 2, splits) == SPLIT:
                self.settled(context, base, counts, n - 1, (first, *rest, c), group, splits - 1,
                             shown, past, weight * r)
            else:
                hand = nodes.node(upcard, own - radix[c], s2, m2, 2, splits)
                draws, _t, _k, place, showing, _children = nodes.info[hand]
                if draws:
                    self.settled(context, base, counts, n - 1, rest, nodes.with_hand(group, hand),
                                 splits, shown, past, weight * r)
                else:
                    self.settled(context, base, counts, n - 1, rest, group, splits,
                                 shown or showing, past + place, weight * r)
            counts[c] = r

    def draw(self, state, counts, n, mask, weight) -> None:
        """The next hand to draw takes one card (or stands if the stock has run out)."""
        context, base, stock, queue, group, splits, shown, past = state
        upcard = self.contexts[context][0]
        hand, stand, moves, spare_move = self.moves_of(upcard, group, shown, bool(queue))
        _draws, t, k, _place, _showing, _children = self.nodes.info[hand]
        if not self.play.can_draw(upcard, n, t, k):
            others, shown2, place = stand
            self.settled(context, base, counts, n, queue, others, splits, shown2, past + place,
                         weight)
            return
        radix = self.radix
        if queue:
            # Table order with openings still to settle: the rare states of a short deck. The
            # queue stays, so every kind stays relevant (``relevant``): the stock is the whole
            # count, a card of kind c takes its radix off it, and no card is spare.
            queued = len(queue)
            for c, radix_c, _head, others, shown2, place, _dropped, active in moves:
                r = counts[c]
                if r:
                    self.add((context, base, stock - radix_c, queue, others, splits, shown2,
                              past + place), n - 1, queued + active, weight * r)
            return
        fixed = context << self.context_shift | past << self.stock_bits
        levels = self.levels
        below = (n - 1) * 16
        spare = n
        for c, radix_c, head, _others, _shown2, _place, dropped, active in moves:
            r = counts[c]
            if not r:
                continue
            spare -= r
            child = stock - radix_c
            for d in dropped:
                child -= (counts[d] - (d == c)) * radix[d]
            key = head + fixed + child
            layer = levels.get(below + active)
            if layer is None:
                layer = levels[below + active] = {}
            layer[key] = layer.get(key, 0) + weight * r
        if spare:
            # Kinds no hand still drawing and not the dealer can use: each busts this hand and
            # the rest of the round cannot tell them apart, so they are one transition.
            _c, _radix_c, head, _others, _shown2, _place, dropped, active = spare_move
            child = stock
            for d in dropped:
                child -= counts[d] * radix[d]
            self.add(head + fixed + child, n - 1, active, weight * spare)

    def moves_of(self, upcard: int, group: int, shown: bool, queued: bool) -> tuple:
        """Where each kind of card takes the next hand to draw, for every state alike.

        Per kind: (kind, its radix, the packed key part above the finished classes with the
        hand's class added, the hands left, shown, the class added, the kinds that drop out of
        the stock, how many hands then play); also the hand, its standing move, and the move
        of a card no one can use.
        """
        key = (upcard, group, shown, queued)
        found = self.moves.get(key)
        if found is not None:
            return found
        nodes = self.nodes
        hand, others = nodes.next_to_draw(group)
        _draws, _t, _k, place, showing, children = nodes.info[hand]
        mask = self.relevant(upcard, queued, group, shown)

        def move(c: int, child: int) -> tuple:
            group2, shown2, place2 = others, shown, nodes.bust_place
            if child != BUST:
                draws, _t2, _k2, place2, showing2, _children2 = nodes.info[child]
                if draws:
                    group2, place2 = nodes.with_hand(others, child), 0
                else:
                    shown2 = shown or showing2
            mask2 = self.relevant(upcard, queued, group2, shown2)
            head = self.drawing(0, 0, group2, shown2, place2)
            return (c, self.radix[c] if c >= 0 else 0, head, group2, shown2, place2,
                    self.kinds_of[mask & ~mask2], len(nodes.sets[group2]))

        moves = tuple(move(c, children[c]) for c in self.kinds_of[mask])
        found = self.moves[key] = (hand, (others, shown or showing, place), moves, move(-1, BUST))
        return found
