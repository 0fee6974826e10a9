"""The round's net jointly with the dealer's outcome: what seats at one table share.

Every seat plays against the same dealer hand, so two seats' results are correlated through
it. The walk (walk.py) keeps only the net of the round; this pass goes down the same tree
with the same decisions (the game's ``choices`` and ``play.action`` tables, filled by its
value pass) and keeps, beside each net, the dealer's outcome: its upcard when the players
see it, and the slot it ends in (a total, bust, or a two-card 7 1/2 that collects). A hand
settled without the dealer (a fold, a bust, a first-card king of diamonds) is paired with
the outcome the dealer reaches from the cards left, as the dealer still plays for the other
seats. It is the walk itself (``Walk``), with the two ways an ending is tallied and the
opening overridden, so both go down one tree with one set of decisions. Summed over the
dealer's outcomes it is the walk's distribution, exactly (tested).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from .deck import FIGURE, KD, LABEL
from .game import SevenHalfGame
from .play import HIDDEN
from .settle import BUST, NATURAL
from .walk import Walk

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


class JointWalk(Walk):
    """The walk's tree and decisions, tallying each net beside the dealer's outcome."""

    def __init__(self, game: SevenHalfGame):
        super().__init__(game)
        self.out: dict[tuple, dict[int, int]] = defaultdict(lambda: defaultdict(int))

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

    def alone(self, u, counts, code, n, net, reach, label=None, stake_units=0) -> None:
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
