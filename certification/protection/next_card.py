"""Exposure 6: the player knows the next card to be dealt.

A predictable random number generator (an online game deals from a shuffled deck that is
drawn card by card), a marked or flashed top card, a dealer who shows the next card while
burning or pitching: at every decision the player knows which card it would receive by
asking for one, which is also the card the dealer draws first if the player stands. The
player then plays the best move for that card. Exact: every deal of the deck is counted as
the exact engine counts it, with the engine's own dealer distributions, settlement and rules
of drawing (``SevenHalfGame``); only the player's choice differs, made with the next card in
view. The gain is that value less the certified one.

Read as the engine reads the round: the first decision (fold, final bet, exchanging a four,
shooting a seven) is taken with the next card known too; an exchanged four's replacement is
that card. Opening two figures is not taken (a player who may open does at least as well,
so the gain shown is then a lower bound, and says so). A first-card king of diamonds with the
dealer's card face down is not valued (the risk is then unknown, not none).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from casino.rules.cards import Card
from casino.rules.model import Rules, SevenHalfRules
from certification.odds.seven_half.deck import FIGURE, FOUR, KD, KINDS, SEVEN, TARGET
from certification.odds.seven_half.game import SevenHalfGame
from certification.odds.seven_half.play import HIDDEN

from .result import Countermeasure, ExposureResult, exact_exposure, not_applicable

NAME, TITLE = "next_card", "Next card known"


class NextCardPlayer:
    """The round's value to a player who always knows the next card, exactly.

    Values are integers as in the engine: at a node with n unseen cards, the value of a
    choice made knowing the next card is its expectation per unit of stake times (n-1)! and
    the payouts' scale (times the scale again once a stake is placed); a node's value before
    the card is seen, the count-weighted sum of those, is its expectation times n!.
    """

    def __init__(self, rules: SevenHalfRules, deck: Sequence[Card | str] | None = None):
        self.rules = rules
        self.g = SevenHalfGame(rules, deck)
        self.memo: dict[tuple, int] = {}
        self.firsts: dict[tuple, int] = {}

    # -- the dealer when the player stands, its first draw known --------------------------
    def _dealer_after(self, hand: tuple[int, int], k: int, counts: list[int], code: int,
                      n: int, reach: bool, nets: tuple[int, ...], drawn: list[int]) -> int:
        """Value (times n!) of a dealer holding ``hand`` (k cards) whose next cards are
        ``drawn`` in that order, then the unseen ``counts`` (n cards)."""
        d, g = self.g.dealer, self.g
        s, m = hand
        if d.stops(s, m, k, reach):
            return nets[g.settlement.outcome(d.best[m][s], k)] * g.fact[n]
        if drawn:
            return self._dealer_after(d.child(drawn[0], s, m), k + 1, counts, code, n, reach,
                                      nets, drawn[1:])
        return d.dot(d.draw(counts, code, n, s, m, k, reach), nets)

    def stand_known(self, u: int, counts: list[int], code: int, n: int, s: int, m: int, k: int,
                    c: int) -> int:
        """A standing hand with the next card ``c`` known (times (n-1)! and the scale)."""
        g = self.g
        t, nets = g.play.stand_nets(s, m, k)
        reach = g.play.must_reach and t == TARGET
        counts[c] -= 1
        code -= g.radix[c]
        if u != HIDDEN:
            value = self._dealer_after(g.dealer.child(u, 0, 0), 1, counts, code, n - 1, reach,
                                       nets, [c])
        else:
            # The dealer's face-down card is any unseen card but the next one.
            value = 0
            for h in range(KINDS):
                r = counts[h]
                if r:
                    counts[h] = r - 1
                    value += r * self._dealer_after(g.dealer.child(h, 0, 0), 1, counts,
                                                    code - g.radix[h], n - 2, reach, nets, [c])
                    counts[h] = r
        counts[c] += 1
        return value

    # -- the hand ----------------------------------------------------------------------------
    def value(self, u: int, counts: list[int], code: int, n: int, s: int, m: int, k: int) -> int:
        """Expected net per unit stake times n! and the scale, before the next card is seen."""
        key = (u, code, s, m, k)
        found = self.memo.get(key)
        if found is None:
            found = 0
            for c in range(KINDS):
                r = counts[c]
                if r:
                    found += r * self.known(u, counts, code, n, s, m, k, c)
            self.memo[key] = found
        return found

    def known(self, u: int, counts: list[int], code: int, n: int, s: int, m: int, k: int,
              c: int) -> int:
        """The best of standing and drawing with the next card ``c`` known."""
        g, play = self.g, self.g.play
        t = play.best[m][s]
        drawable = play.can_draw(u, n, t, k)
        best = None
        if not drawable or not (play.restricted and play.must_draw(u, t, m, k)):
            best = self.stand_known(u, counts, code, n, s, m, k, c)
        if drawable:
            s2, m2 = play.child_hand(c, s, m)
            if play.best[m2][s2] < 0:
                drawn = -g.scale * g.fact[n - 1]
            else:
                counts[c] -= 1
                drawn = self.value(u, counts, code - g.radix[c], n - 1, s2, m2, k + 1)
                counts[c] += 1
            if best is None or drawn > best:
                best = drawn
        return best

    # -- the first decision ----------------------------------------------------------------
    def first(self, u: int, counts: list[int], code: int, n: int, kind: int, exchanges: int) -> int:
        """Value (per initial wager, times n! and the scale squared) holding first card
        ``kind``, before the next card is seen."""
        key = (u, code, kind, exchanges)
        found = self.firsts.get(key)
        if found is None:
            found = 0
            for c in range(KINDS):
                r = counts[c]
                if r:
                    found += r * self.first_known(u, counts, code, n, kind, exchanges, c)
            self.firsts[key] = found
        return found

    def first_known(self, u, counts, code, n, kind, exchanges, c) -> int:
        g, r = self.g, self.rules
        s, m = g.hand_start(kind)
        per_unit = self.known(u, counts, code, n, s, m, 1, c)
        if r.shoot_seven and kind == SEVEN and not m:
            per_unit = max(per_unit, self._shoot(u, counts, code, n, c))
        best = max(units * per_unit for units in g.end_units)
        sq = g.scale * g.scale
        if r.fold_allowed:
            best = max(best, -sq * g.fact[n - 1])
        if kind == FOUR and exchanges < r.four_exchange_max and n > (1 if u == HIDDEN else 0):
            counts[c] -= 1
            if g.kd_first and c == KD:
                swapped = g.kd_units() * g.fact[n - 1]
            else:
                swapped = self.first(u, counts, code - g.radix[c], n - 1, c, exchanges + 1)
            counts[c] += 1
            best = max(best, swapped)
        return best

    def _shoot(self, u, counts, code, n, c) -> int:
        g = self.g
        if c not in (FIGURE, KD):
            return -g.scale * g.fact[n - 1]
        _, nets = g.play.stand_nets(TARGET, 0, 2, shot=True)
        counts[c] -= 1
        value = g.play.dealer_vs(u, counts, code - g.radix[c], n - 1, g.play.must_reach, nets)
        counts[c] += 1
        return value

    # -- the round ---------------------------------------------------------------------------
    def expected_value(self) -> Fraction:
        """The round's expected net per initial wager."""
        g = self.g
        sq = g.scale * g.scale
        total = Fraction(0)
        pairs = g.size * (g.size - 1)
        for w, u, counts, code, n, p in g.deals():
            if g.kd_first and p == KD:
                total += Fraction(w * g.kd_units(), sq * (pairs if u != HIDDEN else g.size))
                continue
            if g.kd_first and u == KD:
                total += Fraction(-w, pairs)
                continue
            value = Fraction(self.first(u, list(counts), code, n, p, 0), g.fact[n] * sq)
            total += value * w / (pairs if u != HIDDEN else g.size)
        return total


def next_card_exposure(rules: Rules, baseline_ev: Fraction,
                       deck: Sequence[str] | None = None) -> ExposureResult:
    """``deck`` (a reduced deck, for brute-force checks) replaces the rules' full deck."""
    edge = -baseline_ev
    if rules.family != "seven_and_half":
        return not_applicable(NAME, TITLE, baseline_house_edge=edge, reason=(
            "every card of the round is dealt before the player decides (three cards a hand) "
            "and the dealer's score is a die: knowing the next card is knowing the second "
            "hand, valued by the collusion and dealt-through exposures"))
    if rules.special_card == "kd_first_card" and not rules.dealer_upcard_visible:
        return not_applicable(NAME, TITLE, baseline_house_edge=edge, unvalued=True, reason=(
            "not valued with a first-card king of diamonds dealt to the dealer face down"))
    known = NextCardPlayer(rules, deck).expected_value()
    gain = known - baseline_ev
    note = ("exact: every deal counted; at each decision the player knows the card it would "
            "receive, which is also the dealer's first draw if it stands")
    if rules.split_figures:
        note += "; the player does not open, so the gain is a lower bound"
    return exact_exposure(
        NAME, TITLE, baseline_house_edge=edge, gain=gain, reason=note,
        countermeasures=[
            Countermeasure(
                "draw each card from the certified RNG only when it is dealt (no deck order "
                "exists before the draw, nothing can be read ahead); at a live table, burn "
                "and deal from a shoe or a dealing position that keeps the next card covered",
                0.0, float(edge), "exact: no card known ahead, the certified figure stands"),
        ],
        details={"value_with_next_card_fraction": f"{known.numerator}/{known.denominator}",
                 "house_edge_with_next_card": float(-known)})
