"""Exact analyses for the search: cached, in this process or a pool of local processes.

Rules are frozen and hashable, so the cache is keyed by the rules themselves: two
searches over overlapping knobs, or one variant reached by two routes, are analysed once.
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from casino.rules.model import Rules, SevenHalfRules
from certification.odds.analysis import analyze
from certification.odds.seven_half.dealer_reuse import DEFAULT_DEALERS

from .figures import BetTrade, VariantFigures
from .space import Candidate

DEFAULT_CACHE_SIZE = 20_000


def game_of(rules: Rules) -> Rules:
    """The rules of the game ``rules`` plays, which its figures are the analysis of: a
    Seven-and-a-Half card limit no hand can reach is written as none (seven_half/limits.py),
    so the variants that differ only in such a limit are analysed once."""
    if isinstance(rules, SevenHalfRules):
        from certification.odds.seven_half.limits import same_game

        return same_game(rules)
    return rules


def analyse_figures(rules: Rules) -> VariantFigures:
    """The exact engine's figures for ``rules``.

    Seven-and-a-Half variants go through the engine's dealer-reuse hook, so variants of one
    search whose dealer plays the same game count its distributions once (per process).
    """
    start = time.perf_counter()
    rules = game_of(rules)
    if isinstance(rules, SevenHalfRules):
        from certification.odds.seven_half.dealer_reuse import main_bet_figures, shared_pool

        bets = {"main": BetTrade.of(main_bet_figures(rules, shared_pool()))}
    else:
        bets = {name: BetTrade.of(b) for name, b in analyze(rules).bets.items()}
    return VariantFigures(bets, time.perf_counter() - start)


def analyse_run(run: Sequence[Rules]) -> list[VariantFigures]:
    """A lane's share of a batch, analysed in order on its process."""
    return [analyse_figures(rules) for rules in run]


def sharing_key(rules: Rules) -> tuple:
    """Variants with equal keys share most of their work (the dealer's distributions, then
    the player's hand values): a batch sorted by it hands each process runs of such variants."""
    if isinstance(rules, SevenHalfRules):
        p = rules.payouts
        hands = repr((p.win, p.seven_and_half, p.natural, p.triple, p.dealer_natural_collects,
                      p.shoot_seven, rules.ties, rules.player_max_cards,
                      rules.dealer_must_reach_7_5_vs_revealed, rules.split_figures))
        return (rules.decks, rules.special_card, rules.dealer_stands_at,
                rules.dealer_max_cards or 0, rules.payouts.dealer_natural_collects is None, hands)
    return (rules.decks,)


def dealer_part(key: tuple) -> tuple:
    """The part of a sharing key that names the dealer (without the player's hands)."""
    return key[:-1] if len(key) > 1 else key


def dealer_family(key: tuple) -> tuple:
    """Dealers that differ only in their card limit share much of their counting
    (dealer.py, ``share_counts``): the part of a sharing key that names their family."""
    dealer = dealer_part(key)
    if len(dealer) < 5 or not dealer[3]:
        return dealer
    return (*dealer[:3], "limited", *dealer[4:])


class Lanes:
    """Which process is given which variants: each dealer goes back to a process that has
    counted it while the loads stay level.

    A process keeps the dealers it counted (dealer_reuse.DealerPool), so a dealer's variants
    are cheapest where it was counted before; a dealer counted again elsewhere costs about
    ``DEALER_COST`` variants, less beside a dealer that differs only in its card limit. The
    plan is greedy: pieces of one family of dealers, largest first, each to the process where
    the batch would end soonest counting those costs.
    """

    DEALER_COST = 6
    """A dealer counted afresh, in analyses of a variant on a dealer already counted."""
    RELATIVE_COST = 3
    """A dealer counted afresh beside one that differs only in its card limit."""
    PIECE = 16
    """Variants of one family handed out together (a long run may be split to level loads)."""

    def __init__(self, lanes: int, kept: int):
        self.kept = [OrderedDict() for _ in range(lanes)]
        self.size = kept

    def plan(self, keys: Sequence[tuple]) -> list[list[int]]:
        """Positions of a batch (sorted by sharing key) for each process, each in batch order."""
        pieces: list[list[int]] = []
        for i, key in enumerate(keys):
            if pieces and dealer_family(keys[pieces[-1][0]]) == dealer_family(key) \
                    and len(pieces[-1]) < self.PIECE:
                pieces[-1].append(i)
            else:
                pieces.append([i])
        loads = [0] * len(self.kept)
        out: list[list[int]] = [[] for _ in self.kept]
        for piece in sorted(pieces, key=len, reverse=True):
            family = dealer_family(keys[piece[0]])
            dealers = list(dict.fromkeys(dealer_part(keys[i]) for i in piece))
            costs = [loads[lane] + len(piece) + self.counting(kept, dealers, family)
                     for lane, kept in enumerate(self.kept)]
            lane = costs.index(min(costs))
            loads[lane] = costs[lane]
            out[lane] += piece
            kept = self.kept[lane]
            for known in (family, *dealers):
                kept[known] = True
                kept.move_to_end(known)
            while len(kept) > self.size:
                kept.popitem(last=False)
        return [sorted(positions) for positions in out]

    def counting(self, kept: OrderedDict, dealers: list[tuple], family: tuple) -> int:
        """What counting ``dealers`` (of one family) costs on a process that keeps ``kept``."""
        cost, known = 0, family in kept
        for dealer in dealers:
            if dealer not in kept:
                cost += self.RELATIVE_COST if known else self.DEALER_COST
                known = True
        return cost


class LocalEvaluator:
    """A callable for ``tune``: analyses a batch here (workers=1) or on local processes.

    With ``done``, it tells how many more variants of the batch are analysed as each run of
    ``report_every`` (per process) finishes: the whole batch is handed out at once, so no
    process waits for the other between two updates of a progress bar.
    """

    reports_done = True

    def __init__(self, workers: int | None = 1, cache_size: int = DEFAULT_CACHE_SIZE,
                 report_every: int | None = None):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.cache: dict[Rules, VariantFigures] = {}
        """Figures by the game a variant plays (``game_of``)."""
        self.cache_size = cache_size
        self.report_every = report_every
        self.analyses = 0
        self._lanes: list[ProcessPoolExecutor] = []
        self._plan = Lanes(self.workers, DEFAULT_DEALERS)

    def __call__(self, batch: Sequence[Candidate],
                 done: Callable[[int], None] | None = None) -> list[VariantFigures]:
        games = [game_of(c.rules) for c in batch]
        found = {game: self.cache[game] for game in games if game in self.cache}
        todo = list(dict.fromkeys(game for game in games if game not in found))
        for rules, figures in zip(todo, self._map(todo, done), strict=True):
            found[rules] = figures
            if len(self.cache) >= self.cache_size:
                self.cache.pop(next(iter(self.cache)))
            self.cache[rules] = figures
        self.analyses += len(todo)
        return [found[game] for game in games]

    def _runs(self, positions: list[int]) -> list[list[int]]:
        step = self.report_every or len(positions) or 1
        return [positions[i:i + step] for i in range(0, len(positions), step)]

    def _map(self, todo: list[Rules], done: Callable[[int], None] | None) -> list[VariantFigures]:
        # Variants that share a dealer follow one another, so the process's few dealers are
        # counted once per batch rather than each time the order comes back to them.
        order = sorted(range(len(todo)), key=lambda i: sharing_key(todo[i]))
        out: list[VariantFigures] = [None] * len(todo)  # type: ignore[list-item]
        if self.workers == 1 or len(todo) == 1:
            for run in self._runs(list(range(len(todo)))):
                for p in run:
                    out[order[p]] = analyse_figures(todo[order[p]])
                if done:
                    done(len(run))
            return out
        if not self._lanes:
            import multiprocessing

            ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
            # One process per lane, so a lane's dealers stay where they were counted.
            self._lanes = [ProcessPoolExecutor(1, mp_context=ctx) for _ in range(self.workers)]
        ordered = [todo[i] for i in order]
        plan = self._plan.plan([sharing_key(rules) for rules in ordered])
        # A lane's runs queue on its one process, in order, so they keep its dealers.
        runs = {lane.submit(analyse_run, [ordered[p] for p in run]): run
                for lane, positions in zip(self._lanes, plan, strict=True)
                for run in self._runs(positions)}
        for finished in as_completed(runs):
            run = runs[finished]
            for p, figures in zip(run, finished.result(), strict=True):
                out[order[p]] = figures
            if done:
                done(len(run))
        return out

    def close(self) -> None:
        for lane in self._lanes:
            lane.shutdown()
        self._lanes = []

    def __enter__(self) -> LocalEvaluator:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
