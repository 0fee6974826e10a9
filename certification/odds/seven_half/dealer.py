"""The dealer's outcome distribution for a given set of remaining cards, counted exactly.

A distribution gives, per settlement slot, the probability of that outcome times n!
(n = cards left), so a parent is the count-weighted sum of its children (n! = n (n-1)!)
and nothing is ever divided. The per-slot integers are packed side by side into one
Python int, ``bits`` bits apiece (each is at most n!, so they never carry into each
other): adding two distributions or scaling one is then a single big-int operation.
Results are cached by the dealer's hand and the remaining cards, and of those only the
kinds the dealer could still draw without busting from that hand onward (with the number of
cards left): every other card busts it wherever it comes, so stocks that differ only in
such cards share one answer. That is what repeats across the player's many compositions,
and across the decks of a game-protection audit, a few known cards apart.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import mul

from .deck import FIGURE, KD, KINDS, TARGET, VALUE, best_total
from .settle import Settlement

_HAND_KEYS = 1 << 17
_LEFT = 24
"""A hand key's card field from this up tells the cards a limited dealer may still take."""
MOST_CARDS = TARGET + 2
_USABLE: dict[tuple[bool, str, int | None, int, int, int, int], int] = {}
"""kinds_usable's answers for every dealer of the process: they depend only on the matta (and
what it counts as a first card), the card limit and the total the dealer stops at, which many
dealers of a search share."""


class DealerCounter:
    def __init__(self, *, settlement: Settlement, radix: tuple[int, ...], wild: bool,
                 max_cards: int | None, factorials: list[int], holds_kd: bool = True,
                 first_matta: str = "wild"):
        """``holds_kd``: whether the deck holds a king of diamonds as a kind of its own;
        ``first_matta``: what a matta counts as the dealer's first card (the rules'
        ``dealer_first_matta``)."""
        self.settlement = settlement
        self.radix = radix
        self.wild = wild
        self.first_matta = first_matta if wild else "wild"
        # A first-card matta at 1/2 for the whole hand is a plain 1/2 card; one at 1/2 until
        # the next card is the matta alone (m=1 with nothing else) counted 1/2, the one hand
        # that holds the matta and nothing else.
        self._first_half = self.first_matta == "half"
        self.max_cards = max_cards if max_cards is not None else 10**6
        self.fact = factorials
        self.nslots = len(settlement.slots)
        self.bits = factorials[-1].bit_length() + 2
        self.mask = (1 << self.bits) - 1
        self.unit = [1 << (self.bits * i) for i in range(self.nslots)]
        # best[m][s]: best total of a hand whose plain cards sum to s (m: holds the matta).
        self.best = [[best_total(s, bool(m)) for s in range(TARGET + 16)] for m in (0, 1)]
        if self.first_matta == "half_until_next":
            self.best[1][0] = 1
        self._memo: dict[int, int] = {}
        self._span = len(factorials)
        """Numbers of cards left run below this (a memo key packs one beside the stock)."""
        # Without a card limit, the cards held matter only to tell a two-card 7 1/2 (and not
        # at all when it is paid like any other): hands of three cards or more that hold the
        # same total draw alike, and are counted as one.
        self._cards_told = (0 if not settlement.natural_collects else 3) if max_cards is None \
            else max_cards
        # With a limit and no two-card 7 1/2 to tell apart, what matters is how many cards
        # the dealer may still take: a hand is told by that (above _LEFT, in the hand key's
        # card field), so dealers that differ only in their limit share counts (share_counts).
        self.by_cards_left = (max_cards is not None and max_cards <= MOST_CARDS
                              and not settlement.natural_collects)
        # A plain king of diamonds (not the matta) draws as any other 1/2 card: the stock is
        # read with it counted among the figures (the top two kinds), so stocks that differ
        # only in which 1/2 cards are left share one answer.
        self.kd_as_figure = holds_kd and not wild
        self._kd_fold = radix[KD] - radix[FIGURE]
        self._projections: dict[int, tuple[tuple[int, int], ...]] = {}
        self._steps: dict[int, tuple] = {}
        self._start_keys: dict[tuple, tuple[list[int], int, int]] = {}
        self._used_masks: dict[tuple, int] = {}
        self.tables: dict[Hashable, object] = {}
        """Tables made from this dealer's distributions alone (hand_graph.StandTable), kept
        with it so every variant that shares the dealer shares them."""
        self.against: dict[tuple, dict[int, tuple[int, tuple[int, ...]]]] = {}
        """Distributions (packed, unpacked) against a player's hand that stand tables took, for
        the next table that holds the same hand: per (upcard, drawing to 7 1/2, ``limit_met``),
        by the unseen cards' code."""
        self.unpacked: dict[int, tuple[int, ...]] = {}
        """Distributions callers unpacked (by packed value), for the next table that needs them."""

    def hand_key(self, s: int, m: int, k: int, reach_7_5: bool) -> int:
        """The memo's key of a dealer holding (s, m, k): the cards held told as they matter."""
        if self.by_cards_left:
            # A dealer yet to take its first card (k = 0) plays as one holding nothing with
            # all its cards left to take.
            left = self.max_cards - k
            if not self.wild:
                # Every plain card adds at least half a point, so a dealer s half points
                # short of its target takes at most that many more: more cards left play
                # alike, and dealers whose limits are that far off share these counts.
                left = min(left, max(self.target(reach_7_5) - s, 0))
            told = _LEFT + left
        else:
            told = min(k, self._cards_told)
        # The total it draws to is part of the key: dealers that differ in their standing total
        # then share the counts of a dealer drawing to a revealed 7 1/2, which they play alike.
        return (((self.target(reach_7_5) * 32 + s) * 2 + m) * 64 + told) * 2 + reach_7_5

    def hand_of(self, hand: int) -> tuple[int, int, int, bool]:
        """(s, m, k, reach_7_5) of a memo's hand key (k as told, which plays alike)."""
        h, reach = divmod(hand, 2)
        h, k = divmod(h, 64)
        s, m = divmod(h % 64, 2)
        if k >= _LEFT and self.by_cards_left:
            k = self.max_cards - (k - _LEFT)
        return s, m, k, bool(reach)

    def share_counts(self, other: DealerCounter) -> None:
        """Count into ``other``'s cache from now on: a dealer that differs from it only in its
        card limit reaches many of the same hands with as many cards left to take, and one
        that differs in its standing total too draws alike to a revealed 7 1/2 (the hand key
        tells the total drawn to)."""
        same = (self.by_cards_left and other.by_cards_left and self.wild == other.wild
                and self.first_matta == other.first_matta
                and self.radix == other.radix and self._span == other._span
                and self.settlement.slots == other.settlement.slots)
        if not same:
            raise ValueError("only dealers that differ in their card limit and standing total "
                             "share counts")
        self._memo = other._memo
        self._steps = other._steps
        self._projections = other._projections
        # Keyed by how much of its limit the dealer can meet, so a limit too far off to
        # matter finds the answers of the family's dealers with any other such limit.
        self.against = other.against
        self.unpacked = other.unpacked

    def limit_met(self, upcard: int, reach_7_5: bool) -> int:
        """What of its card limit a dealer showing ``upcard`` (negative: not yet drawn) can
        meet, as its first hand's key tells it (``hand_key``): dealers of one family alike in
        this play alike from that upcard."""
        if not self.by_cards_left:
            return 0
        if upcard < 0:
            return self.hand_key(0, 0, 0, reach_7_5)
        return self.hand_key(*self.child(upcard, 0, 0), 1, reach_7_5)

    def child(self, c: int, s: int, m: int) -> tuple[int, int]:
        """(s, m) of a dealer holding (s, m) once it takes a card of kind ``c``."""
        if self.wild and c == KD:
            # Only a dealer holding nothing (s = m = 0) takes its first card.
            return (1, 0) if self._first_half and not (s or m) else (s, 1)
        return s + VALUE[c], m

    def states(self) -> int:
        """How many distributions the cache holds."""
        return len(self._memo)

    def target(self, reach_7_5: bool) -> int:
        return TARGET if reach_7_5 else self.settlement.threshold

    def unpack(self, packed: int) -> list[int]:
        return [(packed >> (self.bits * i)) & self.mask for i in range(self.nslots)]

    def dot(self, packed: int, nets: tuple[int, ...]) -> int:
        bits, mask = self.bits, self.mask
        total = 0
        for x in nets:
            total += (packed & mask) * x
            packed >>= bits
        return total

    def stops(self, s: int, m: int, k: int, reach_7_5: bool) -> bool:
        t = self.best[m][s]
        return t < 0 or t >= self.target(reach_7_5) or k >= self.max_cards

    def start(self, upcard: int, counts: list[int], code: int, n: int, reach_7_5: bool) -> int:
        """Distribution for a dealer showing ``upcard`` who draws from ``counts`` (n cards).

        Only the kinds the dealer can draw without busting matter (``kinds_used``); every other
        card busts it wherever it draws, so stocks alike in those kinds and in size share one
        answer, whatever the player's cards took from the rest.
        """
        found = self._start_keys.get((upcard, reach_7_5))
        if found is None:
            found = self._start_keys[(upcard, reach_7_5)] = self._start_key(upcard, reach_7_5)
        places, hand, stood = found
        if stood:
            return stood * self.fact[n]
        # The memo's own key (memo_key), read with the projection worked out once per upcard.
        key = (sum(map(mul, counts, places)) * self._span + n) * _HAND_KEYS + hand
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if n == 0:
            s, m, k, _ = self.hand_of(hand)
            out = self._memo[key] = self.unit[self.settlement.outcome(self.best[m][s], 1)]
            return out
        return self._draw(counts, sum(map(mul, counts, self.radix)), n, hand, key)

    def _start_key(self, upcard: int, reach_7_5: bool) -> tuple[list[int], int, int]:
        """(place values of the kinds the hand's projection keeps, 0 for the others; the hand's
        key; the packed slot the dealer stands on with its upcard alone, or 0)."""
        s, matta = self.child(upcard, 0, 0)
        hand = self.hand_key(s, matta, 1, reach_7_5)
        places = [0] * len(self.radix)
        for c, r in self.projection(hand):
            places[c] = r
        stood = 0
        if self.stops(s, matta, 1, reach_7_5):
            stood = self.unit[self.settlement.outcome(self.best[matta][s], 1)]
        return places, hand, stood

    def kinds_used(self, upcard: int, reach_7_5: bool) -> int:
        """Kinds (a bit mask) a dealer showing ``upcard`` may draw without busting."""
        # Asked by every analysis that shares this dealer (openings ask per upcard): the
        # answer depends on the dealer alone, so it is worked out once.
        mask = self._used_masks.get((upcard, reach_7_5))
        if mask is None:
            mask = self._used_masks[(upcard, reach_7_5)] = self._kinds_used(upcard, reach_7_5)
        return mask

    def _kinds_used(self, upcard: int, reach_7_5: bool) -> int:
        return self.kinds_usable(*self.child(upcard, 0, 0), 1, reach_7_5)

    def kinds_usable(self, s: int, m: int, k: int, reach_7_5: bool) -> int:
        """Kinds (a bit mask) a dealer holding (s, m, k) may still draw without busting,
        now or later in its hand."""
        # The card count matters only against a card limit; past MOST_CARDS (more than any
        # hand holds without one) it is left out, so a run of mattas ends.
        limit = min(self.max_cards, MOST_CARDS)
        # Every limit above MOST_CARDS plays as none; each one up to it plays as itself.
        told = self.max_cards if self.max_cards <= MOST_CARDS else None
        key = (self.wild, self.first_matta, told, self.target(reach_7_5), s, m, min(k, limit))
        mask = _USABLE.get(key)
        if mask is None:
            mask = _USABLE[key] = self._kinds_usable(s, m, min(k, limit), limit, reach_7_5)
        return mask

    def _kinds_usable(self, s: int, m: int, k: int, limit: int, reach_7_5: bool) -> int:
        seen, stack, mask = set(), [(s, m, k)], 0
        while stack:
            s, m, k = stack.pop()
            if (s, m, k) in seen or self.stops(s, m, k, reach_7_5):
                continue
            seen.add((s, m, k))
            for c in range(KINDS):
                s2, m2 = self.child(c, s, m)
                if self.best[m2][s2] >= 0:
                    mask |= 1 << c
                    stack.append((s2, m2, min(k + 1, limit)))
        return mask

    def projection(self, hand: int) -> tuple[tuple[int, int], ...]:
        """(kind, radix) of the kinds a dealer holding ``hand`` may still draw without busting:
        with the number of cards left, the counts of these alone fix its distribution."""
        found = self._projections.get(hand)
        if found is None:
            s, m, k, reach = self.hand_of(hand)
            mask = self.kinds_usable(s, m, k, reach)
            kd_place = self.radix[FIGURE] if self.kd_as_figure else self.radix[KD]
            found = self._projections[hand] = tuple(
                (c, kd_place if c == KD else self.radix[c]) for c in range(KINDS) if mask >> c & 1)
        return found

    def memo_key(self, counts: list[int], n: int, hand: int) -> int:
        stock = 0
        for c, r in self.projection(hand):
            stock += counts[c] * r
        return (stock * self._span + n) * _HAND_KEYS + hand

    def steps(self, s: int, m: int, k: int, reach_7_5: bool) -> tuple[tuple, tuple]:
        """(stops, draws) of a dealer holding (s, m, k): per slot the dealer stops on, its
        packed unit and the kinds that stop it there; per other kind, (kind, next hand key,
        the kind's place value, whether the next hand's projected stock keeps the code's top
        digits whole, the king of diamonds' place when it is read among the figures (else 0),
        the moduli that read the rest off a stock's code)."""
        stops: dict[int, list[int]] = {}
        draws = []
        top = self.radix[-1] * self._span
        for c in range(KINDS):
            s2, m2 = self.child(c, s, m)
            if self.stops(s2, m2, k + 1, reach_7_5):
                slot = self.settlement.outcome(self.best[m2][s2], k + 1)
                stops.setdefault(self.unit[slot], []).append(c)
            else:
                hand = self.hand_key(s2, m2, k + 1, reach_7_5)
                added, subtracted = self.moduli(hand)
                # The code modulo a place value past every kind is the code itself; a king of
                # diamonds read as a figure moves from its own digit to the figures'.
                whole = bool(added) and added[-1] == top
                folded = self.radix[KD] if whole and self.kd_as_figure and any(
                    kind == KD for kind, _ in self.projection(hand)) else 0
                draws.append((c, hand, self.radix[c], whole, folded,
                              added[:-1] if whole else added, subtracted))
        return tuple((unit, tuple(kinds)) for unit, kinds in stops.items()), tuple(draws)

    def moduli(self, hand: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(added, subtracted): the projected stock of ``hand`` (memo_key) is the sum of the
        code modulo each added place value less the code modulo each subtracted one.

        A stock's code is a mixed-radix number (a kind's count is its digit), so the code
        modulo the place value of kind b holds the kinds before b alone; a run of projected
        kinds a..b-1 is read as two remainders rather than kind by kind.
        """
        # Past the last kind: any place value above every code (no kind counts n or more).
        places = [*self.radix, self.radix[-1] * self._span]
        kinds = {c for c, _ in self.projection(hand)}
        added, subtracted = [], []
        c = 0
        while c < KINDS:
            if c not in kinds:
                c += 1
                continue
            start = c
            while c < KINDS and c in kinds:
                c += 1
            added.append(places[c])
            if start:
                subtracted.append(places[start])
        return tuple(added), tuple(subtracted)

    def draw(self, counts: list[int], code: int, n: int, s: int, m: int, k: int,
             reach_7_5: bool) -> int:
        """Packed distribution of a dealer holding (s, m, k); k = 0 means the first card
        (a hidden upcard) is still among the n unseen cards."""
        hand = self.hand_key(s, m, k, reach_7_5)
        key = self.memo_key(counts, n, hand)
        memo = self._memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if k and self.stops(s, m, k, reach_7_5) or n == 0:
            # A dealer facing an empty stock stands (only a restricted deck runs out).
            out = self.unit[self.settlement.outcome(self.best[m][s], k)] * self.fact[n]
            memo[key] = out
            return out
        # The code is read off the counts here (a caller's code may be of another frame).
        return self._draw(counts, sum(map(mul, counts, self.radix)), n, hand, key)

    def _draw(self, counts: list[int], code: int, n: int, hand: int, key: int) -> int:
        steps = self._steps.get(hand)
        if steps is None or n == 0:
            s, m, k, reach = self.hand_of(hand)
            if n == 0:
                out = self.unit[self.settlement.outcome(self.best[m][s], k)]
                self._memo[key] = out
                return out
            steps = self._steps[hand] = self.steps(s, m, k, reach)
        memo = self._memo
        stops, draws = steps
        # A child's key, (stock * span + left) * _HAND_KEYS + hand, in two parts.
        per_stock, left = self._span * _HAND_KEYS, n - 1
        base = left * _HAND_KEYS
        stopped = acc = 0
        for unit, kinds in stops:
            ways = 0
            for c in kinds:
                ways += counts[c]
            if ways:
                stopped += ways * unit
        kd_fold = self._kd_fold
        for c, child_hand, place, whole, folded, added, subtracted in draws:
            r = counts[c]
            if not r:
                continue
            child_code = code - place
            if whole:
                stock = child_code - child_code // folded * kd_fold if folded else child_code
            else:
                stock = 0
            for modulus in added:
                stock += child_code % modulus
            for modulus in subtracted:
                stock -= child_code % modulus
            child_key = stock * per_stock + base + child_hand
            child = memo.get(child_key)
            if child is None:
                counts[c] = r - 1
                child = self._draw(counts, child_code, left, child_hand, child_key)
                counts[c] = r
            acc += r * child
        out = acc + self.fact[n - 1] * stopped
        memo[key] = out
        return out
