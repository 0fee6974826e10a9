"""Opening (splitting figures), counted exactly: every hand of the round shares one stock and
one dealer.

From the moment a pair opens, the round's future is a function of the unseen cards, the hand
being played (with its own cards, which is all its decisions look at), the figures waiting
to be played as new hands, the openings left and whether a 7 1/2 has been shown. Its value
is a joint distribution: for each multiset of the hands' settlement classes (packed into
one int; classes that pay alike against every dealer outcome are merged), the dealer's
packed outcome counts (dealer.py's convention, times n!). The caller turns a class multiset
and a dealer slot into the round's net, so a finished hand never has to be carried in the
state, and states repeat across the many ways of reaching them.
"""

from __future__ import annotations

from .deck import FIGURE, KD, KINDS, TARGET, VALUE
from .play import HIDDEN, HIT, SPLIT, PlayValues

BUSTED = (-1, False, False)
"""Settlement class of a busted hand; others are (total, two cards, triple)."""
HANDS = 8
"""Radix of a class count in a multiset key: above the most hands a round can hold (4)."""


class Opening:
    def __init__(self, play: PlayValues, radix: tuple[int, ...], caps: list[int]):
        self.play = play
        self.radix = radix
        self.caps = caps
        self.memo: dict[tuple, dict[tuple, int]] = {}
        self.ends: dict[tuple, int] = {}
        self.places: dict[tuple[int, ...], int] = {}
        self.rows: list[tuple[int, ...]] = []
        self.bust_place = self.class_place(BUSTED)

    def counts_of(self, code: int) -> list[int]:
        return [(code // r) % cap for r, cap in zip(self.radix, self.caps, strict=False)]

    # -- the dealer, once, after every hand ---------------------------------------------------
    def dealer(self, upcard: int, code: int, reach: bool) -> int:
        key = (upcard, code, reach)
        hit = self.ends.get(key)
        if hit is not None:
            return hit
        play, dealer = self.play, self.play.dealer
        counts = self.counts_of(code)
        n = sum(counts)
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

    # -- settlement classes ------------------------------------------------------------------
    def class_place(self, cls: tuple) -> int:
        """Place value of a settlement class in a multiset key (hands that settle alike merge)."""
        nets = (-self.play.scale,) * self.play.dealer.nslots if cls == BUSTED \
            else self.play.settlement.nets(*cls)
        place = self.places.get(nets)
        if place is None:
            place = self.places[nets] = HANDS ** len(self.places)
            self.rows.append(nets)
        return place

    def classes(self, key: int) -> list[tuple[int, ...]]:
        """The nets rows of a multiset key, one per hand."""
        out = []
        for row in self.rows:
            key, count = divmod(key, HANDS)
            out += [row] * count
        return out

    # -- the hands, in order --------------------------------------------------------------------
    def after_pair(self, upcard: int, base: int, code: int, pair: tuple[int, int],
                   splits: int) -> dict[int, int]:
        """The round from an opening of ``pair`` (kept, moved) with ``splits`` openings left.

        ``base`` is the code of the unseen cards before any hand's cards were dealt: a hand
        looks only at its own cards, the dealer's upcard and the exchanged fours.
        """
        kept, moved = pair
        counts = self.counts_of(code)
        return self.hand(upcard, base, counts, code, sum(counts), kept, base - self.radix[kept],
                         VALUE[kept], 0, 1, (moved,), splits, False)

    def next_hand(self, upcard, base, counts, code, n, pending, splits, shown) -> dict[int, int]:
        if not pending:
            return {0: self.dealer(upcard, code, shown)}
        kind = pending[0]
        return self.hand(upcard, base, counts, code, n, kind, base - self.radix[kind], VALUE[kind],
                         0, 1, pending[1:], splits, shown)

    def hand(self, upcard, base, counts, code, n, first, own, s, m, k, pending, splits,
             shown) -> dict[int, int]:
        key = (upcard, base, code, first, own, s, m, k, pending, splits, shown)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        play = self.play
        t = play.best[m][s]
        if k == 1:
            # A hand formed by opening takes its second card at once.
            action = HIT if play.can_draw(upcard, n, t, k) else "stand"
        else:
            vkey = (upcard, own, s, m, k, splits)
            action = play.action.get(vkey)
            if action is None:
                mine = self.counts_of(own)
                play.value(upcard, mine, own, sum(mine), s, m, k, splits)
                action = play.action[vkey]
            if action == HIT and not play.can_draw(upcard, n, t, k):
                action = "stand"  # the hand's own view counts cards other hands hold
        if action == SPLIT:
            kept, moved = first, self.other(first, base, own)
            out = self.hand(upcard, base, counts, code, n, kept, base - self.radix[kept],
                            VALUE[kept], 0, 1, (*pending, moved), splits - 1, shown)
        elif action == HIT:
            out = {}
            get = out.get
            radix = self.radix
            for c in range(KINDS):
                r = counts[c]
                if not r:
                    continue
                s2, m2 = play.child_hand(c, s, m)
                counts[c] = r - 1
                if play.best[m2][s2] < 0:
                    child = self.finish(upcard, base, counts, code - radix[c], n - 1,
                                        self.bust_place, pending, splits, shown)
                else:
                    child = self.hand(upcard, base, counts, code - radix[c], n - 1, first,
                                      own - radix[c], s2, m2, k + 1, pending, splits, shown)
                counts[c] = r
                for classes, packed in child.items():
                    out[classes] = get(classes, 0) + r * packed
        else:
            place = self.class_place((t, k == 2, bool(m) and k == 2 and s == 14))
            out = self.finish(upcard, base, counts, code, n, place, pending, splits,
                              shown or (play.must_reach and t == TARGET))
        self.memo[key] = out
        return out

    def finish(self, upcard, base, counts, code, n, place, pending, splits,
               shown) -> dict[int, int]:
        rest = self.next_hand(upcard, base, counts, code, n, pending, splits, shown)
        return {classes + place: packed for classes, packed in rest.items()}

    def other(self, first: int, base: int, own: int) -> int:
        """The second card of the pair held by a hand whose first card is ``first``."""
        if first == KD:
            return FIGURE
        held = self.counts_of(base - own)
        return KD if held[KD] else FIGURE
