"""The player's hand after the first-card decisions: stand, hit or open, valued exactly.

Values are integers: expected net per unit of stake, times ``scale`` (the payouts'
common denominator), times n! (n = cards not yet seen by anyone's hand). With a hidden
upcard the unknown dealer card is still among those n cards and every value is the
joint value over the upcards the player cannot rule out.
"""

from __future__ import annotations

from .dealer import DealerCounter
from .deck import (
    FIGURE,
    KD,
    KINDS,
    MATTA_HALF,
    MATTA_HALF_UNTIL_NEXT,
    MATTA_WILD,
    TARGET,
    VALUE,
    player_best_totals,
)
from .settle import Settlement

STAND, HIT, SPLIT = "stand", "hit", "split"
HIDDEN = -1
NO_LIMIT = 10**6
"""The card limit of a player who has none (more cards than any deck holds)."""


class PlayValues:
    def __init__(self, *, settlement: Settlement, dealer: DealerCounter, radix: tuple[int, ...],
                 factorials: list[int], wild: bool, kd_first: bool, max_cards: int | None,
                 must_reach: bool, split_figures: bool, minimums: tuple[int, ...] | None = None,
                 first_matta_draws: bool = False):
        """``minimums``: per kind of upcard the least total the player may stand on (None:
        any total); ``first_matta_draws``: a first-card matta counted 1/2 must draw."""
        self.settlement = settlement
        self.dealer = dealer
        self.radix = radix
        self.fact = factorials
        self.wild = wild
        self.max_cards = max_cards if max_cards is not None else NO_LIMIT
        self.must_reach = must_reach
        self.split_figures = split_figures
        self.best = player_best_totals()
        self.minimums = minimums
        # Whether a hand that may draw must draw somewhere: below the standing minimum, or
        # holding a first-card matta counted 1/2 (m of 2 or 3) alone.
        self.restricted = minimums is not None or first_matta_draws
        self.first_matta_draws = first_matta_draws
        # A first-card king of diamonds is settled before play, so the player acting
        # knows the dealer's first card is not it.
        self.live_upcards = [c for c in range(KINDS) if not (kd_first and c == KD)]
        self.kd_first = kd_first
        self.scale = settlement.scale
        self.memo: dict[tuple, int] = {}
        self.action: dict[tuple, str] = {}
        self.on_graph: dict[object, tuple[list[int], list[bool]]] = {}
        """Per graph of hands (hand_graph.HandGraph): every hand's value and whether it hits."""
        self._draws: dict[tuple[int, int], tuple] = {}

    # -- helpers -------------------------------------------------------------------------
    def child_hand(self, c: int, s: int, m: int) -> tuple[int, int]:
        if self.wild and c == KD:
            return s, MATTA_WILD
        # A first-card matta at 1/2 until the next card is wild from then on.
        return s + VALUE[c], (MATTA_WILD if m == MATTA_HALF_UNTIL_NEXT else m)

    def must_draw(self, upcard: int, t: int, m: int, k: int) -> bool:
        """Whether a hand of total ``t`` that may draw is not allowed to stand: a first-card
        matta counted 1/2 alone, or a total below the minimum against this upcard."""
        if k == 1 and m >= MATTA_HALF:
            return True
        return self.minimums is not None and t < self.minimums[upcard]

    def live(self, counts: list[int], n: int) -> int:
        """How many of the n unseen cards may be the hidden upcard."""
        return n - counts[KD] if self.kd_first else n

    def fixed(self, upcard: int, counts: list[int], n: int, net: int) -> int:
        """A net settled without the dealer (a bust), at the scale of a node with n cards."""
        if upcard == HIDDEN:
            return net * self.live(counts, n) * self.fact[n - 1]
        return net * self.fact[n]

    def dealer_packed(self, upcard: int, counts: list[int], code: int, n: int, reach: bool) -> int:
        """The dealer's packed outcome distribution (times n!) against a standing hand.

        A hidden upcard that may not be the king of diamonds sums one distribution per
        upcard, weighted by its count: packed slots never carry (each stays below n!), so
        dotting the sum equals summing the dots.
        """
        dealer = self.dealer
        if upcard != HIDDEN:
            return dealer.start(upcard, counts, code, n, reach)
        if not self.kd_first:
            # The unseen upcard is just the dealer's first draw from the unseen cards.
            return dealer.draw(counts, code, n, 0, 0, 0, reach)
        total = 0
        for u in self.live_upcards:
            r = counts[u]
            if r:
                counts[u] = r - 1
                total += r * dealer.start(u, counts, code - self.radix[u], n - 1, reach)
                counts[u] = r
        return total

    def dealer_vs(self, upcard: int, counts: list[int], code: int, n: int, reach: bool,
                  nets: tuple[int, ...]) -> int:
        return self.dealer.dot(self.dealer_packed(upcard, counts, code, n, reach), nets)

    def stand_nets(self, s: int, m: int, k: int, shot: bool = False) -> tuple[int, tuple[int, ...]]:
        t = self.best[m][s]
        triple = bool(m) and k == 2 and s == 14
        return t, self.settlement.nets(t, k == 2, triple, shot)

    def stand(self, upcard: int, counts: list[int], code: int, n: int, s: int, m: int, k: int) -> int:
        t, nets = self.stand_nets(s, m, k)
        return self.dealer_vs(upcard, counts, code, n, self.must_reach and t == TARGET, nets)

    def shoot(self, upcard: int, counts: list[int], code: int, n: int) -> int:
        """A shot seven: one more card face down; a figure (any 1/2 card) makes 7 1/2."""
        _, nets = self.stand_nets(15, 0, 2, shot=True)
        total = 0
        for c in range(KINDS):
            r = counts[c]
            if not r:
                continue
            if c in (FIGURE, KD):
                counts[c] = r - 1
                total += r * self.dealer_vs(upcard, counts, code - self.radix[c], n - 1,
                                            self.must_reach, nets)
                counts[c] = r
            else:
                counts[c] = r - 1
                total += r * self.fixed(upcard, counts, n - 1, -self.scale)
                counts[c] = r
        return total

    # -- the recursion -------------------------------------------------------------------
    def can_draw(self, upcard: int, n: int, t: int, k: int) -> bool:
        # A hidden upcard is one of the n unseen cards, so one must stay for the dealer.
        return t < TARGET and k < self.max_cards and n > (1 if upcard == HIDDEN else 0)

    def draws(self, s: int, m: int) -> tuple[tuple[int, int, int, bool], ...]:
        """Per kind: (kind, the hand's s and m after drawing it, whether that busts)."""
        found = self._draws.get((s, m))
        if found is None:
            rows = []
            for c in range(KINDS):
                s2, m2 = self.child_hand(c, s, m)
                rows.append((c, s2, m2, self.best[m2][s2] < 0))
            found = self._draws[(s, m)] = tuple(rows)
        return found

    def hit(self, upcard: int, counts: list[int], code: int, n: int, s: int, m: int, k: int,
            splits: int) -> int:
        # The hottest loop of an analysis: the memo is read here before calling value(), and
        # a bust is worth the same whichever card made it unless a hidden upcard's chance of
        # being the first-card king of diamonds depends on that card.
        bust = None
        if upcard != HIDDEN:
            bust = -self.scale * self.fact[n - 1]
        elif not self.kd_first:
            bust = -self.scale * (n - 1) * self.fact[n - 2]
        memo, radix, k1 = self.memo, self.radix, k + 1
        drawn = 0
        for c, s2, m2, busts in self.draws(s, m):
            r = counts[c]
            if not r:
                continue
            if busts:
                if bust is not None:
                    drawn += r * bust
                    continue
                counts[c] = r - 1
                drawn += r * self.fixed(upcard, counts, n - 1, -self.scale)
                counts[c] = r
                continue
            child = code - radix[c]
            found = memo.get((upcard, child, s2, m2, k1, splits))
            if found is None:
                counts[c] = r - 1
                found = self.value(upcard, counts, child, n - 1, s2, m2, k1, splits)
                counts[c] = r
            drawn += r * found
        return drawn

    def opened_hand(self, upcard: int, counts: list[int], code: int, n: int, splits: int) -> int:
        """A hand formed by opening: its one figure takes a card at once (see the notes)."""
        if not self.can_draw(upcard, n, 1, 1):
            return self.stand(upcard, counts, code, n, 1, 0, 1)
        return self.hit(upcard, counts, code, n, 1, 0, 1, splits)

    def is_pair(self, s: int, m: int, k: int) -> bool:
        # Two 1/2 cards without the matta: J, Q, K (and a later king of diamonds).
        return self.split_figures and k == 2 and s == 2 and not m

    def value(self, upcard: int, counts: list[int], code: int, n: int, s: int, m: int, k: int,
              splits: int) -> int:
        key = (upcard, code, s, m, k, splits)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        t = self.best[m][s]
        if self.restricted and self.can_draw(upcard, n, t, k) and self.must_draw(upcard, t, m, k):
            best, action = self.hit(upcard, counts, code, n, s, m, k, splits), HIT
        else:
            best = self.stand(upcard, counts, code, n, s, m, k)
            action = STAND
            if self.can_draw(upcard, n, t, k):
                drawn = self.hit(upcard, counts, code, n, s, m, k, splits)
                if drawn > best:
                    best, action = drawn, HIT
        if splits and self.is_pair(s, m, k):
            # Whether to open is judged on each hand alone, with the cards known at the
            # opening removed (the first hand keeps the openings left, the new one gets
            # none); the round's figures are then counted exactly (opening.py).
            opened = (self.opened_hand(upcard, counts, code, n, splits - 1)
                      + self.opened_hand(upcard, counts, code, n, 0))
            if opened > best:
                best, action = opened, SPLIT
        self.memo[key] = best
        self.action[key] = action
        return best
