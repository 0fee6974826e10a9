"""The player's hands as one fixed graph, valued and walked over plain lists: the search's
fast path for the main bet (``dealer_reuse.main_bet_figures``).

Which hands a player can hold after the first decision, and which card leads from one to
the next, depend only on the deck and the player's side of the rules (the matta, the king of
diamonds, whether the upcard is shown, the card limit, how many fours may be exchanged): not
on the dealer, nor on any payout. A search tries hundreds of variants that share those, so
the graph is built once per process. The dealer's distribution against each standing hand
depends on the dealer alone and is kept as a table beside it, shared by every variant that
changes only payouts or the player's choices before the hand. What is left per variant is
two passes over lists: each hand's value (stand or hit, with the variant's nets), then the
forward pass's counts, settled per class of standing hand at the end.

Nothing is approximated: the values and decisions are the recursion's own (play.py), written
into the game's tables under the same keys, so the first decisions and the walk's first steps
run unchanged on them; a hand the graph does not hold is valued by the recursion as before.
Openings are left to the engine (a game that may open is not put on a graph).
``tests/odds/test_hand_graph.py`` checks every outcome against ``analyze_seven_half``.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import mul

from .deck import FOUR, KD, KINDS, TARGET
from .game import SevenHalfGame
from .play import HIDDEN, HIT, NO_LIMIT, STAND, PlayValues
from .walk import Walk


def graph_key(game: SevenHalfGame) -> Hashable | None:
    """What the graph depends on, or None for a game the graph does not serve (openings)."""
    if game.splits:
        return None
    play = game.play
    return (tuple(game.full), game.wild, game.kd_first, game.visible, game.first_matta,
            play.minimums, play.max_cards, game.rules.four_exchange_max)


def unlimited_player(key: Hashable) -> Hashable | None:
    """The graph key of the same game with no card limit for the player (None: it has none):
    a limited player's hands are found in that graph (``HandGraph``'s ``wider``)."""
    *before, max_cards, exchanges = key
    return None if max_cards >= NO_LIMIT else (*before, NO_LIMIT, exchanges)


class HandGraph:
    """Every hand (upcard, unseen cards, s, m, cards) a player can hold in ``game``'s deals,
    ordered by the number of unseen cards, fewest first (a card drawn leads one place on)."""

    def __init__(self, game: SevenHalfGame, wider: HandGraph | None = None):
        """``wider``: the graph of the same game without the player's card limit, whose hands
        up to the limit are this graph's (``_take_within_limit``); None builds from the deals."""
        play = game.play
        self.radix = game.radix
        self.caps = game.caps
        self.wider = wider
        if wider is not None:
            self._take_within_limit(wider, play.max_cards)
            return
        self.in_wider = None
        """Where each hand stands in ``wider`` (whose stand tables serve this graph's too)."""
        found = self._reached(game)
        order = sorted(found, key=lambda key: found[key][0])
        self.index = {key: i for i, key in enumerate(order)}
        self.keys = [(*key, 0) for key in order]
        """The keys of the hands in PlayValues' tables (no openings left: 0)."""
        self.hands = order
        self.n = [found[key][0] for key in order]
        self.counts = [found[key][1] for key in order]
        self.drawable = [found[key][2] for key in order]
        self.forced = [found[key][6] for key in order]
        """Per hand: it may draw and may not stand (a first-card matta at 1/2, a total below
        the standing minimum)."""
        self.kids = [tuple((r, self.index[child]) for r, child in found[key][3]) for key in order]
        """Per hand: (ways, the hand it leads to) for each card it may draw without busting."""
        self.bust = [found[key][4] for key in order]
        """Ways a card drawn busts the hand, each at the scale of a node with n - 1 cards."""
        self.mass = [found[key][5] for key in order]
        """The node's count of ways at its own scale (walk.py's ``mass``)."""
        self.totals = [play.best[m][s] for _, _, s, m, _ in order]
        self._classify()

    def _classify(self) -> None:
        self._groups: dict[bool, list] = {}
        self.firsts = [i for i, key in enumerate(self.hands) if key[4] == 1]
        """The hands of one card, which the first decisions value."""
        classes = [(t, k == 2, bool(m) and k == 2 and s == 14)
                   for t, (_, _, s, m, k) in zip(self.totals, self.hands, strict=True)]
        self.classes = list(dict.fromkeys(classes))
        """Standing classes (total, two cards, triple): how the variant's nets are looked up."""
        place = {c: i for i, c in enumerate(self.classes)}
        self.class_of = [place[c] for c in classes]

    def _take_within_limit(self, wider: HandGraph, limit: int) -> None:
        """The hands of ``wider`` a player limited to ``limit`` cards reaches, in its order
        (still fewest unseen cards first): every hand of fewer cards draws as before, and
        one of ``limit`` cards stands."""
        taken = [i for i, key in enumerate(wider.hands) if key[4] <= limit]
        self.in_wider = taken
        self.hands = [wider.hands[i] for i in taken]
        self.index = {key: i for i, key in enumerate(self.hands)}
        self.keys = [wider.keys[i] for i in taken]
        self.n = [wider.n[i] for i in taken]
        self.counts = [wider.counts[i] for i in taken]
        self.mass = [wider.mass[i] for i in taken]
        self.totals = [wider.totals[i] for i in taken]
        here = {old: new for new, old in enumerate(taken)}
        drawing = [wider.hands[i][4] < limit for i in taken]
        self.drawable = [d and wider.drawable[i] for i, d in zip(taken, drawing, strict=True)]
        self.forced = [d and wider.forced[i] for i, d in zip(taken, drawing, strict=True)]
        self.kids = [tuple((r, here[j]) for r, j in wider.kids[i]) if d else ()
                     for i, d in zip(taken, drawing, strict=True)]
        self.bust = [wider.bust[i] if d else 0 for i, d in zip(taken, drawing, strict=True)]
        self._classify()

    def __len__(self) -> int:
        return len(self.hands)

    def upcard_groups(self, must_reach: bool) -> list[tuple[int, bool, list[int], list[int]]]:
        """The hands by what the dealer's distribution against them depends on besides the
        unseen cards: (upcard, drawing to 7 1/2, their places in the graph, their codes)."""
        groups = self._groups.get(must_reach)
        if groups is None:
            found: dict[tuple[int, bool], tuple[list[int], list[int]]] = {}
            for i, ((u, code, _, _, _), t) in enumerate(zip(self.hands, self.totals, strict=True)):
                places, codes = found.setdefault((u, must_reach and t == TARGET), ([], []))
                places.append(i)
                codes.append(code)
            groups = self._groups[must_reach] = [(*key, *lists) for key, lists in found.items()]
        return groups

    def _reached(self, game: SevenHalfGame) -> dict[tuple, tuple]:
        found: dict[tuple, tuple] = {}
        stack = list(self._roots(game))
        while stack:
            key = stack.pop()
            if key in found:
                continue
            node = found[key] = self._node(game.play, key)
            stack.extend(child for _, child in node[3])
        return found

    def counts_of(self, code: int) -> tuple[int, ...]:
        return tuple((code // r) % cap for r, cap in zip(self.radix, self.caps, strict=False))

    def _roots(self, game: SevenHalfGame):
        """The hands the first decisions value (game.first), through exchanged fours too."""
        for _, u, counts, code, n, p in game.deals():
            if game.kd_first and KD in (p, u):
                continue
            yield from self._firsts(game, u, list(counts), code, n, p, 0)

    def _firsts(self, game: SevenHalfGame, u: int, counts: list[int], code: int, n: int,
                kind: int, exchanges: int):
        if game.kd_first and kind == KD:
            return
        s, m = game.hand_start(kind)
        yield (u, code, s, m, 1)
        if kind == FOUR and exchanges < game.rules.four_exchange_max and n > (1 if u == HIDDEN else 0):
            for c in range(KINDS):
                r = counts[c]
                if r:
                    counts[c] = r - 1
                    yield from self._firsts(game, u, counts, code - game.radix[c], n - 1, c,
                                            exchanges + 1)
                    counts[c] = r

    def _node(self, play: PlayValues, key: tuple) -> tuple:
        """(n, counts, may draw, children (ways, key), busting ways, mass, must draw) of one
        hand."""
        u, code, s, m, k = key
        counts = list(self.counts_of(code))
        n = sum(counts)
        mass = play.fixed(u, counts, n, 1)
        t = play.best[m][s]
        drawable = play.can_draw(u, n, t, k)
        forced = drawable and play.restricted and play.must_draw(u, t, m, k)
        kids, bust = [], 0
        if drawable:
            for c, s2, m2, busts in play.draws(s, m):
                r = counts[c]
                if not r:
                    continue
                counts[c] = r - 1
                if busts:
                    bust += r * play.fixed(u, counts, n - 1, 1)
                else:
                    kids.append((r, (u, code - self.radix[c], s2, m2, k + 1)))
                counts[c] = r
        return n, tuple(counts), drawable, kids, bust, mass, forced


class StandTable:
    """The dealer's distribution against each hand of a graph standing, packed (dealer.py) and
    unpacked: a standing hand's value is its unpacked row dotted with the hand's nets."""

    def __init__(self, graph: HandGraph, play: PlayValues, wider: StandTable | None = None):
        """``wider``: the same dealer's table against ``graph.wider``, whose rows are this
        graph's (the same hands against the same dealer)."""
        self.graph = graph
        if wider is not None and wider.graph is graph.wider:
            self.packed = list(map(wider.packed.__getitem__, graph.in_wider))
            self.rows = list(map(wider.rows.__getitem__, graph.in_wider))
        else:
            self._count(graph, play)
        # Hands standing against the same distribution in the same class are worth the same:
        # a variant values each such pair once.
        kinds = list(zip(map(id, self.rows), graph.class_of, strict=True))
        numbering = {kind: i for i, kind in enumerate(dict.fromkeys(kinds))}
        self.stand_pair = list(map(numbering.__getitem__, kinds))
        holder = dict(zip(kinds, self.rows, strict=True))
        self.pairs = [(holder[kind], kind[1]) for kind in numbering]
        """(row, class) of each pair, in the numbering of ``stand_pair``."""

    def _count(self, graph: HandGraph, play: PlayValues) -> None:
        dealer = play.dealer
        # Graphs of different players' rules hold many of the same hands: a distribution
        # counted (and unpacked) for one of the dealer's tables serves the next.
        known, unpacked = dealer.against, dealer.unpacked
        self.packed = packed = [0] * len(graph)
        self.rows = rows = [()] * len(graph)
        for u, reach, places, codes in graph.upcard_groups(play.must_reach):
            seen = known.setdefault((u, reach, dealer.limit_met(u, reach)), {})
            for i, code, found in zip(places, codes, map(seen.get, codes), strict=True):
                if found is None:
                    distribution = play.dealer_packed(u, list(graph.counts[i]), code, graph.n[i],
                                                      reach)
                    row = unpacked.get(distribution)
                    if row is None:
                        row = unpacked[distribution] = tuple(dealer.unpack(distribution))
                    found = seen[code] = (distribution, row)
                packed[i], rows[i] = found


def value_hands(play: PlayValues, graph: HandGraph, table: StandTable) -> None:
    """Value every hand of the graph as the recursion would (stand unless drawing is worth
    strictly more), kept in ``play.on_graph``; the first decisions' hands (one card held) go
    into ``play``'s own tables too, where the first decisions read them."""
    nets = [play.settlement.nets(*c) for c in graph.classes]
    stands = [sum(map(mul, row, nets[c])) for row, c in table.pairs]
    scale = play.scale
    values = [0] * len(graph)
    hits = [False] * len(graph)
    stand_pair, drawable, kids, bust = table.stand_pair, graph.drawable, graph.kids, graph.bust
    if any(graph.forced):
        # A hand that may not stand draws whatever standing would be worth: its standing
        # value is below every other.
        stands.append(float("-inf"))
        stand_pair = [len(stands) - 1 if f else p for p, f in zip(stand_pair, graph.forced, strict=True)]
    for i in range(len(graph)):
        best = stands[stand_pair[i]]
        if drawable[i]:
            drawn = -scale * bust[i]
            for r, j in kids[i]:
                drawn += r * values[j]
            if drawn > best:
                best = drawn
                hits[i] = True
        values[i] = best
    play.on_graph[graph] = (values, hits)
    keys = graph.keys
    play.memo.update((keys[i], values[i]) for i in graph.firsts)
    play.action.update((keys[i], HIT if hits[i] else STAND) for i in graph.firsts)


def write_values(play: PlayValues, graph: HandGraph) -> None:
    """Every hand's value and decision on the graph into ``play``'s tables, for the
    recursion's own walk."""
    values, hits = play.on_graph[graph]
    play.memo.update(zip(graph.keys, values, strict=True))
    play.action.update((key, HIT if hit else STAND) for key, hit in zip(graph.keys, hits, strict=True))


class GraphWalk(Walk):
    """The forward pass with the hands' part taken over the graph (walk.py for the rest)."""

    def __init__(self, game: SevenHalfGame, graph: HandGraph, table: StandTable):
        super().__init__(game)
        self.graph = graph
        self.table = table

    def levels(self, pending) -> None:
        index = self.graph.index
        seeds: dict[int, list[int]] = {}
        for layer in pending.values():
            for (u, code, s, m, k, splits, units), reach in layer.items():
                i = index.get((u, code, s, m, k))
                if i is None or splits:
                    write_values(self.g.play, self.graph)
                    return super().levels(pending)
                seeds.setdefault(units, [0] * len(index))[i] += reach
        pending.clear()
        for units, reach in seeds.items():
            self._flow(units, reach)

    def _flow(self, units: int, reach: list[int]) -> None:
        """Push the counts down the graph (most unseen cards first) and settle every ending
        of hands staking ``units``: busts together, standing hands per class."""
        g, graph = self.g, self.graph
        _, hits = g.play.on_graph[graph]
        kids, bust, mass, packed, class_of = (graph.kids, graph.bust, graph.mass,
                                              self.table.packed, graph.class_of)
        hands = graph.hands
        stood: dict[int, int] = {}
        busted = stand_mass = hit_mass = 0
        any_stand = any_hit = False
        for i in range(len(reach) - 1, -1, -1):
            r = reach[i]
            if not r:
                continue
            if hits[i]:
                if hands[i][4] == 1:
                    hit_mass += r * mass[i]
                    any_hit = True
                busted += r * bust[i]
                for ways, j in kids[i]:
                    reach[j] += r * ways
            else:
                stand_mass += r * mass[i]
                any_stand = True
                c = class_of[i]
                stood[c] = stood.get(c, 0) + r * packed[i]
        if any_stand:
            self.dec["stand"] += stand_mass
        if any_hit:
            self.dec["hit"] += hit_mass
        if busted:
            self.out[-units * g.scale] += busted
        unpack, settlement = g.dealer.unpack, g.settlement
        for c, total in stood.items():
            for x, d in zip(settlement.nets(*graph.classes[c]), unpack(total), strict=False):
                if d:
                    self.out[units * x] += d
