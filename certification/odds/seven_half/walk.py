"""Forward pass: the exact distribution of the round's net under the optimal strategy.

The value pass (game.py, play.py) chose every decision; this pass pushes the number of
ordered ways of reaching each state down the tree, level by level (one level per card
dealt), and settles each ending against the cached dealer distributions. A count c at a
node with n unseen cards stands for probability c * n! / N!, so endings from every level
add up over the common denominator N!.
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
        self.caps = [c + 1 for c in game.full]
        self.opening = Opening(game.play, game.radix, self.caps)

    def counts_of(self, code: int) -> list[int]:
        return [(code // r) % cap for r, cap in zip(self.g.radix, self.caps, strict=False)]

    def mass(self, upcard: int, counts: list[int], n: int) -> int:
        return self.g.play.fixed(upcard, counts, n, 1)

    # -- the whole round ---------------------------------------------------------------------
    def run(self) -> tuple[dict[Fraction, Fraction], dict[str, Fraction], Fraction]:
        g = self.g
        sq = g.scale * g.scale
        out: dict = defaultdict(int)
        dec: dict[str, int] = defaultdict(int)
        self.wager = 0
        pending: dict[int, dict[tuple, int]] = defaultdict(lambda: defaultdict(int))
        for w, u, counts, code, n, p in g.deals():
            if g.kd_first and p == KD:
                self.settle(out, dec, "kd_first_card", g.kd_units(), w * g.fact[n], g.scale)
                continue
            if g.kd_first and u == KD:
                self.settle(out, dec, "dealer_kd_first_card", -sq, w * g.fact[n], g.scale)
                continue
            if u == HIDDEN and g.kd_first and counts[KD]:
                self.settle(out, dec, "dealer_kd_first_card", -sq,
                            w * counts[KD] * g.fact[n - 1], g.scale)
            self.first(out, dec, pending, u, list(counts), code, n, p, 0, w)
        self.levels(out, dec, pending)
        self.wager += self.opening.settle(out)
        total = g.fact[g.size]
        outcomes = {Fraction(k, sq): Fraction(v, total) for k, v in sorted(out.items()) if v}
        decisions = {k: Fraction(v, total) for k, v in dec.items()}
        return outcomes, decisions, Fraction(self.wager, total * g.scale)

    def settle(self, out, dec, label: str, net: int, count: int, stake_units: int) -> None:
        out[net] += count
        dec[label] += count
        self.wager += count * stake_units

    def first(self, out, dec, pending, u, counts, code, n, kind, exchanges, reach) -> None:
        g = self.g
        choice = g.choices[(u, code, kind, exchanges)]
        if choice.action == FOLD:
            self.settle(out, dec, "fold", -g.scale * g.scale, reach * self.mass(u, counts, n), g.scale)
            return
        if choice.action == EXCHANGE:
            if exchanges == 0:
                dec["exchange"] += reach * self.mass(u, counts, n)
            for c in range(KINDS):
                r = counts[c]
                if not r:
                    continue
                counts[c] = r - 1
                if g.kd_first and c == KD:
                    self.settle(out, dec, "kd_first_card", g.kd_units(),
                                reach * r * self.mass(u, counts, n - 1), g.scale)
                else:
                    self.first(out, dec, pending, u, counts, code - g.radix[c], n - 1, c,
                               exchanges + 1, reach * r)
                counts[c] = r
            return
        stake = 1 + choice.final_bet if choice.final_bet is not None else 1
        units = g.stake_units(stake)
        here = reach * self.mass(u, counts, n)
        self.wager += here * units
        if choice.final_bet is not None:
            dec[f"final_bet_{choice.final_bet}"] += here
        if choice.action == SHOOT:
            dec["shoot"] += here
            self.shoot(out, u, counts, code, n, reach, units)
            return
        s, m = g.hand_start(kind)
        pending[n][(u, code, s, m, 1, g.splits, units)] += reach

    def shoot(self, out, u, counts, code, n, reach, units) -> None:
        g = self.g
        _, nets = g.play.stand_nets(TARGET, 0, 2, shot=True)
        for c in range(KINDS):
            r = counts[c]
            if not r:
                continue
            counts[c] = r - 1
            if c in (FIGURE, KD):
                self.against_dealer(out, u, counts, code - g.radix[c], n - 1, g.rules.dealer_must_reach_7_5_vs_revealed,
                                    nets, units, reach * r)
            else:
                out[-units * g.scale] += reach * r * self.mass(u, counts, n - 1)
            counts[c] = r

    def against_dealer(self, out, u, counts, code, n, reach7, nets, units, reach) -> None:
        dealer = self.g.dealer
        if u != HIDDEN:
            dists = [(1, dealer.start(u, counts, code, n, reach7))]
        elif not self.g.kd_first:
            dists = [(1, dealer.draw(counts, code, n, 0, 0, 0, reach7))]
        else:
            dists = []
            for up in self.g.play.live_upcards:
                r = counts[up]
                if r:
                    counts[up] = r - 1
                    dists.append((r, dealer.start(up, counts, code - self.g.radix[up], n - 1, reach7)))
                    counts[up] = r
        for weight, packed in dists:
            for x, d in zip(nets, dealer.unpack(packed), strict=False):
                if d:
                    out[units * x] += reach * weight * d

    # -- the hand, card by card ----------------------------------------------------------------
    def levels(self, out, dec, pending) -> None:
        g, play = self.g, self.g.play
        while pending:
            n = max(pending)
            for (u, code, s, m, k, splits, units), reach in pending.pop(n).items():
                counts = self.counts_of(code)
                action = play.action[(u, code, s, m, k, splits)]
                here = reach * self.mass(u, counts, n)
                if action == STAND:
                    dec["stand"] += here
                    t, nets = play.stand_nets(s, m, k)
                    self.against_dealer(out, u, counts, code, n,
                                        play.must_reach and t == TARGET, nets, units, reach)
                elif action == HIT:
                    if k == 1:
                        dec["hit"] += here
                    for c in range(KINDS):
                        r = counts[c]
                        if not r:
                            continue
                        s2, m2 = play.child_hand(c, s, m)
                        counts[c] = r - 1
                        if play.best[m2][s2] < 0:
                            out[-units * g.scale] += reach * r * self.mass(u, counts, n - 1)
                        else:
                            pending[n - 1][(u, code - g.radix[c], s2, m2, k + 1, splits, units)] += reach * r
                        counts[c] = r
                elif action == SPLIT:
                    dec["split"] += here
                    self.opened(out, u, counts, code, n, splits, units, reach)

    def opened(self, out, u, counts, code, n, splits, units, reach) -> None:
        """An opening: the rest of the round is counted jointly once the walk is done (opening.py)."""
        g = self.g
        moved = KD if g.kd_first and counts[KD] < g.full[KD] else FIGURE
        base = code + g.radix[FIGURE] + g.radix[moved]
        self.opening.seed(u, base, code, (FIGURE, moved), splits - 1, units, reach)
