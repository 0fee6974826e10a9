"""Exact analyses for the search: cached, in this process or a pool of local processes.

Rules are frozen and hashable, so the cache is keyed by the rules themselves: two
searches over overlapping knobs, or one variant reached by two routes, are analysed once.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from casino.rules.model import Rules, SevenHalfRules
from certification.odds.analysis import analyze

from .figures import BetTrade, VariantFigures
from .space import Candidate

DEFAULT_CACHE_SIZE = 20_000


def analyse_figures(rules: Rules) -> VariantFigures:
    """The exact engine's figures for ``rules``.

    Seven-and-a-Half variants go through the engine's dealer-reuse hook, so variants of one
    search whose dealer plays the same game count its distributions once (per process).
    """
    start = time.perf_counter()
    if isinstance(rules, SevenHalfRules):
        from certification.odds.seven_half.dealer_reuse import main_bet_figures, shared_pool

        bets = {"main": BetTrade.of(main_bet_figures(rules, shared_pool()))}
    else:
        bets = {name: BetTrade.of(b) for name, b in analyze(rules).bets.items()}
    return VariantFigures(bets, time.perf_counter() - start)


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


class LocalEvaluator:
    """A callable for ``tune``: analyses a batch here (workers=1) or on local processes."""

    def __init__(self, workers: int | None = 1, cache_size: int = DEFAULT_CACHE_SIZE):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.cache: dict[Rules, VariantFigures] = {}
        self.cache_size = cache_size
        self.analyses = 0
        self._pool: ProcessPoolExecutor | None = None

    def __call__(self, batch: Sequence[Candidate]) -> list[VariantFigures]:
        found = {c.rules: self.cache[c.rules] for c in batch if c.rules in self.cache}
        todo = list(dict.fromkeys(c.rules for c in batch if c.rules not in found))
        for rules, figures in zip(todo, self._map(todo), strict=True):
            found[rules] = figures
            if len(self.cache) >= self.cache_size:
                self.cache.pop(next(iter(self.cache)))
            self.cache[rules] = figures
        self.analyses += len(todo)
        return [found[c.rules] for c in batch]

    def _map(self, todo: list[Rules]) -> list[VariantFigures]:
        # Variants that share a dealer follow one another, so the process's few dealers are
        # counted once per batch rather than each time the order comes back to them.
        order = sorted(range(len(todo)), key=lambda i: sharing_key(todo[i]))
        if self.workers == 1 or len(todo) == 1:
            out: list[VariantFigures] = [None] * len(todo)  # type: ignore[list-item]
            for i in order:
                out[i] = analyse_figures(todo[i])
            return out
        if self._pool is None:
            import multiprocessing

            ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
        # One contiguous run of the sorted batch per process: each counts its run's dealers
        # once, where small interleaved chunks made both processes count most of them.
        chunk = -(-len(todo) // self.workers)
        done = self._pool.map(analyse_figures, [todo[i] for i in order], chunksize=chunk)
        out = [None] * len(todo)
        for i, figures in zip(order, done, strict=True):
            out[i] = figures
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __enter__(self) -> LocalEvaluator:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
