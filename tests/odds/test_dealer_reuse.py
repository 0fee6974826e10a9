"""Sharing a dealer between variants changes no figure: outcome by outcome, every variant's
main bet equals what the engine's front door computes for it alone."""

from __future__ import annotations

from itertools import product

from casino.rules import preset, with_overrides
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.dealer_reuse import DealerPool, main_bet_figures


def _variants(name: str, grid: dict[str, list[str]]):
    base = preset(name)
    for values in product(*grid.values()):
        yield with_overrides(base, [f"{k}={v}" for k, v in zip(grid, values, strict=True)])


CASES = [
    ("siete-y-media", {"dealer_stands_at": ["5", "6"], "ties": ["push", "dealer"],
                       "dealer_upcard_visible": ["true", "false"],
                       "payouts.seven_and_half": ["1", "2"]}),
    ("seven-half-casino", {"payouts.kd_first_card": ["0", "3"], "final_bet_max": ["1", "3"],
                           "ties": ["push", "dealer"]}),
    ("sette-e-mezzo", {"payouts.dealer_natural_collects": ["1", "2"],
                       "dealer_upcard_visible": ["false", "true"], "payouts.natural": ["1", "2"]}),
]


def test_shared_dealers_give_the_engine_s_figures():
    pool = DealerPool()
    for name, grid in CASES:
        for rules in _variants(name, grid):
            shared = main_bet_figures(rules, pool)
            alone = analyze_seven_half(rules).bets["main"]
            assert shared.outcomes == alone.outcomes, rules
            assert shared.average_wager == alone.average_wager, rules
    assert pool.reused > 0


def test_a_different_dealer_is_never_shared():
    pool = DealerPool()
    siete = preset("siete-y-media")
    for stands in ("5", "6", "13/2"):
        main_bet_figures(with_overrides(siete, [f"dealer_stands_at={stands}"]), pool)
    assert pool.reused == 0
    main_bet_figures(with_overrides(siete, ["ties=push"]), pool)
    assert pool.reused == 1
