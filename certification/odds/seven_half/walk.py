"""Forward pass: the exact distribution of the round's net under the optimal strategy.

The value pass (game.py, play.py) chose every decision; this pass pushes the number of
ordered ways of reaching each state down the tree, level by level (one level per card
dealt), and settles each ending against the cached dealer distributions. A count c at a
node with n unseen cards stands for probability c * n! / N!, so endings from every level
add up over the common denominator N!.

An ending reaches the tallies through two methods only: ``alone`` (settled without the
dealer: a fold, a bust, a king of diamonds) and ``against`` (settled against the dealer's
outcome), with ``opened`` for a pair that opens. A pass that keeps more than the net (the
joint law with the dealer's outcome, joint.py) overrides those and walks the same tree.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from .deck import FIGURE, KD, KINDS, TARGET
from .game import EXCHANGE, FOLD, SHOOT, SevenHalfGame
from .opening import Opening
from .play import HIDDEN, HIT, SPLIT, STAND


class Walk:
    def __init__(self, game: SevenHalfGame):
        self.g = game
        self.caps = game.caps
        self.opening = Opening(game.play, game.radix, self.caps)
        self.out: dict = defaultdict(int)
        self.dec: dict[str, int] = defaultdict(int)
        self.wager = 0

    def counts_of(self, code: int) -> list[int]:
        return [(code // r) % cap for r, cap in zip(self.g.radix, self.caps, strict=False)]

    def mass(self, upcard: int, counts: list[int], n: int) -> int:
        return self.g.play.fixed(upcard, counts, n, 1)

    # -- the whole round ---------------------------------------------------------------------
    def run(self) -> tuple[dict[Fraction, Fraction], dict[str, Fraction], Fraction]:
        g = self.g
        sq = g.scale * g.scale
        pending: dict[int, dict[tuple, int]] = defaultdict(lambda: defaultdict(int))
        for w, u, counts, code, n, p in g.deals():
            if g.kd_first and p == KD:
                self.settle("kd_first_card", g.kd_units(), w * g.fact[n], g.scale)
                continue
            if g.kd_first and u == KD:
                self.settle("dealer_kd_first_card", -sq, w * g.fact[n], g.scale)
                continue
            if u == HIDDEN and g.kd_first and counts[KD]:
                self.settle("dealer_kd_first_card", -sq, w * counts[KD] * g.fact[n - 1], g.scale)
            self.first(pending, u, list(counts), code, n, p, 0, w)
        self.levels(pending)
        self.wager += self.opening.settle(self.out)
        total = g.fact[g.size]
        outcomes = {Fraction(k, sq): Fraction(v, total) for k, v in sorted(self.out.items()) if v}
        decisions = {k: Fraction(v, total) for k, v in self.dec.items()}
        return outcomes, decisions, Fraction(self.wager, total * g.scale)

    def settle(self, label: str | None, net: int, count: int, stake_units: int) -> None:
        self.out[net] += count
        if label:
            self.dec[label] += count
        self.wager += count * stake_units

    # -- the two ways an ending is tallied -----------------------------------------------------
    def alone(self, u, counts, code, n, net, reach, label=None, stake_units=0) -> None:
        """An ending settled without the dealer, from a node with these unseen cards."""
        self.settle(label, net, reach * self.mass(u, counts, n), stake_units)

    def against(self, u, counts, code, n, reach7, nets, units, reach) -> None:
        """A standing hand against the dealer: ``nets`` holds its net per dealer outcome."""
        for weight, packed in self.dealer_dists(u, counts, code, n, reach7):
            for x, d in zip(nets, self.g.dealer.unpack(packed), strict=False):
                if d:
                    self.out[units * x] += reach * weight * d

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

    # -- the first decision --------------------------------------------------------------------
    def first(self, pending, u, counts, code, n, kind, exchanges, reach) -> None:
        g = self.g
        choice = g.choices[(u, code, kind, exchanges)]
        if choice.action == FOLD:
            self.alone(u, counts, code, n, -g.scale * g.scale, reach, "fold", g.scale)
            return
        if choice.action == EXCHANGE:
            if exchanges == 0:
                self.dec["exchange"] += reach * self.mass(u, counts, n)
            for c in range(KINDS):
                r = counts[c]
                if not r:
                    continue
                counts[c] = r - 1
                if g.kd_first and c == KD:
                    self.alone(u, counts, code - g.radix[c], n - 1, g.kd_units(), reach * r,
                               "kd_first_card", g.scale)
                else:
                    self.first(pending, u, counts, code - g.radix[c], n - 1, c, exchanges + 1,
                               reach * r)
                counts[c] = r
            return
        units = g.bet_units(choice.final_bet)
        here = reach * self.mass(u, counts, n)
        self.wager += here * units
        if choice.final_bet is not None:
            self.dec[f"final_bet_{choice.final_bet}"] += here
        if choice.action == SHOOT:
            self.dec["shoot"] += here
            self.shoot(u, counts, code, n, reach, units)
            return
        s, m = g.hand_start(kind)
        pending[n][(u, code, s, m, 1, g.splits, units)] += reach

    def shoot(self, u, counts, code, n, reach, units) -> None:
        g = self.g
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

    # -- the hand, card by card ----------------------------------------------------------------
    def levels(self, pending) -> None:
        g, play = self.g, self.g.play
        while pending:
            n = max(pending)
            for (u, code, s, m, k, splits, units), reach in pending.pop(n).items():
                counts = self.counts_of(code)
                action = play.action[(u, code, s, m, k, splits)]
                here = reach * self.mass(u, counts, n)
                if action == STAND:
                    self.dec["stand"] += here
                    t, nets = play.stand_nets(s, m, k)
                    self.against(u, counts, code, n, play.must_reach and t == TARGET, nets,
                                 units, reach)
                elif action == HIT:
                    if k == 1:
                        self.dec["hit"] += here
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
                    self.dec["split"] += here
                    self.opened(u, counts, code, splits, units, reach)

    def opened(self, u, counts, code, splits, units, reach) -> None:
        """An opening: the rest of the round is counted jointly once the walk is done (opening.py)."""
        g = self.g
        moved = KD if g.kd_first and counts[KD] < g.full[KD] else FIGURE
        base = code + g.radix[FIGURE] + g.radix[moved]
        self.opening.seed(u, base, code, (FIGURE, moved), splits - 1, units, reach)
