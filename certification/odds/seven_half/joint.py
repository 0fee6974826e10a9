"""The round's net jointly with the dealer's outcome: what seats at one table share.

Every seat plays against the same dealer hand, so two seats' results are correlated through
it. The walk (walk.py) keeps only the net of the round; this pass goes down the same tree
with the same decisions (the game's ``choices`` and ``play.action`` tables, filled by its
value pass) and keeps, beside each net, the dealer's outcome: its upcard when the players
see it, and the slot it ends in (a total, bust, or a two-card 7 1/2 that collects). A hand
settled without the dealer (a fold, a bust, a first-card king of diamonds) is paired with
the outcome the dealer reaches from the cards left, as the dealer still plays for the other
seats. Summed over the dealer's outcomes it is the walk's distribution, exactly (tested).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from .deck import FIGURE, KD, KINDS, LABEL, TARGET
from .game import EXCHANGE, FOLD, SHOOT, SevenHalfGame
from .opening import Opening
from .play import HIDDEN, HIT, SPLIT, STAND
from .settle import BUST, NATURAL

DEALER_KING = "king of diamonds first"


def outcome_label(game: SevenHalfGame, upcard: int, slot: int | str) -> str:
    """A readable name for a dealer outcome: 'upcard 5, stands on 6½', 'hidden, bust'."""
    up = "hidden" if upcard == HIDDEN else f"upcard {LABEL[upcard]}"
    if isinstance(slot, str):
        return f"{up}, {slot}"
    o = game.settlement.slots[slot]
    if o == BUST:
        return f"{up}, bust"
    if o == NATURAL:
        return f"{up}, two-card 7½"
    whole, half = divmod(o, 2)
    return f"{up}, {whole if whole else ''}{'½' if half else ''}"


class JointWalk:
    def __init__(self, game: SevenHalfGame):
        self.g = game
        self.caps = [c + 1 for c in game.full]
        self.opening = Opening(game.play, game.radix, self.caps)
        self.out: dict[tuple, dict[int, int]] = defaultdict(lambda: defaultdict(int))

    def counts_of(self, code: int) -> list[int]:
        return [(code // r) % cap for r, cap in zip(self.g.radix, self.caps, strict=True)]

    def run(self) -> dict[str, dict[Fraction, Fraction]]:
        """Dealer outcome label -> {net per initial wager -> exact probability}."""
        g = self.g
        sq = g.scale * g.scale
        pending: dict[int, dict[tuple, int]] = defaultdict(lambda: defaultdict(int))
        for w, u, counts, code, n, p in g.deals():
            if g.kd_first and p == KD:
                self.alone(u, counts, code, n, g.kd_units(), w)
                continue
            if g.kd_first and u == KD:
                self.out[(u, DEALER_KING)][-sq] += w * g.fact[n]
                continue
            if u == HIDDEN and g.kd_first and counts[KD]:
                self.out[(HIDDEN, DEALER_KING)][-sq] += w * counts[KD] * g.fact[n - 1]
            self.first(pending, u, list(counts), code, n, p, 0, w)
        self.levels(pending)
        total = g.fact[g.size]
        joint: dict[str, dict[Fraction, Fraction]] = {}
        for (u, slot), nets in sorted(self.out.items(), key=lambda item: str(item[0])):
            row = {Fraction(k, sq): Fraction(v, total) for k, v in sorted(nets.items()) if v}
            if row:
                joint[outcome_label(g, u, slot)] = row
        return joint

    # -- the dealer at a node ----------------------------------------------------------------
    def dealer_dists(self, u, counts, code, n, reach7):
        """(weight, packed distribution) of the dealer's outcome from this node."""
        dealer = self.g.dealer
        if u != HIDDEN:
            return [(1, dealer.start(u, counts, code, n, reach7))]
        if not self.g.kd_first:
            return [(1, dealer.draw(counts, code, n, 0, 0, 0, reach7))]
        out = []
        for up in self.g.play.live_upcards:
            r = counts[up]
            if r:
                counts[up] = r - 1
                out.append((r, dealer.start(up, counts, code - self.g.radix[up], n - 1, reach7)))
                counts[up] = r
        return out

    def alone(self, u, counts, code, n, net, reach) -> None:
        """A net settled without the dealer, paired with where the dealer ends for the others."""
        for weight, packed in self.dealer_dists(u, counts, code, n, False):
            for slot, d in enumerate(self.g.dealer.unpack(packed)):
                if d:
                    self.out[(u, slot)][net] += reach * weight * d

    def against(self, u, counts, code, n, reach7, nets, units, reach) -> None:
        for weight, packed in self.dealer_dists(u, counts, code, n, reach7):
            for slot, (x, d) in enumerate(zip(nets, self.g.dealer.unpack(packed), strict=False)):
                if d:
                    self.out[(u, slot)][units * x] += reach * weight * d

    # -- the first decision --------------------------------------------------------------------
    def first(self, pending, u, counts, code, n, kind, exchanges, reach) -> None:
        g = self.g
        choice = g.choices[(u, code, kind, exchanges)]
        if choice.action == FOLD:
            self.alone(u, counts, code, n, -g.scale * g.scale, reach)
            return
        if choice.action == EXCHANGE:
            for c in range(KINDS):
                r = counts[c]
                if not r:
                    continue
                counts[c] = r - 1
                if g.kd_first and c == KD:
                    self.alone(u, counts, code - g.radix[c], n - 1, g.kd_units(), reach * r)
                else:
                    self.first(pending, u, counts, code - g.radix[c], n - 1, c, exchanges + 1,
                               reach * r)
                counts[c] = r
            return
        units = g.stake_units(1 + choice.final_bet if choice.final_bet is not None else 1)
        if choice.action == SHOOT:
            _, nets = g.play.stand_nets(TARGET, 0, 2, shot=True)
            for c in range(KINDS):
                r = counts[c]
                if not r:
                    continue
                counts[c] = r - 1
                if c in (FIGURE, KD):
                    self.against(u, counts, code - g.radix[c], n - 1,
                                 g.rules.dealer_must_reach_7_5_vs_revealed, nets, units, reach * r)
                else:
                    self.alone(u, counts, code - g.radix[c], n - 1, -units * g.scale, reach * r)
                counts[c] = r
            return
        s, m = g.hand_start(kind)
        pending[n][(u, code, s, m, 1, g.splits, units)] += reach

    # -- the hand, card by card ----------------------------------------------------------------
    def levels(self, pending) -> None:
        g, play = self.g, self.g.play
        while pending:
            n = max(pending)
            for (u, code, s, m, k, splits, units), reach in pending.pop(n).items():
                counts = self.counts_of(code)
                action = play.action[(u, code, s, m, k, splits)]
                if action == STAND:
                    t, nets = play.stand_nets(s, m, k)
                    self.against(u, counts, code, n, play.must_reach and t == TARGET, nets,
                                 units, reach)
                elif action == HIT:
                    for c in range(KINDS):
                        r = counts[c]
                        if not r:
                            continue
                        s2, m2 = play.child_hand(c, s, m)
                        counts[c] = r - 1
                        if play.best[m2][s2] < 0:
                            self.alone(u, counts, code - g.radix[c], n - 1, -units * g.scale,
                                       reach * r)
                        else:
                            pending[n - 1][(u, code - g.radix[c], s2, m2, k + 1, splits, units)] += reach * r
                        counts[c] = r
                elif action == SPLIT:
                    self.opened(u, counts, code, splits, units, reach)

    def opened(self, u, counts, code, splits, units, reach) -> None:
        g = self.g
        moved = KD if g.kd_first and counts[KD] < g.full[KD] else FIGURE
        base = code + g.radix[FIGURE] + g.radix[moved]
        joint = self.opening.after_pair(u, base, code, (FIGURE, moved), splits - 1)
        for key, packed in joint.items():
            rows = self.opening.classes(key)
            for slot, d in enumerate(g.dealer.unpack(packed)):
                if d:
                    self.out[(u, slot)][units * sum(row[slot] for row in rows)] += reach * d


def seven_half_joint(game: SevenHalfGame) -> dict[str, dict[Fraction, Fraction]]:
    """The joint law of a game whose value pass has run (its decisions are all made)."""
    return JointWalk(game).run()
