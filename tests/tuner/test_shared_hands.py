"""The search that shares dealers and players' hand values between variants suggests exactly
what a plain search suggests, where every variant is counted afresh from nothing."""

from __future__ import annotations

from fractions import Fraction

from casino.rules import preset, with_overrides
from certification.odds.results import BetFigures
from certification.odds.seven_half.dealer_reuse import DealerPool, main_bet_figures
from certification.odds.seven_half.game import SevenHalfGame
from certification.odds.seven_half.walk import Walk
from certification.odds.tuner import LocalEvaluator, TuningRequest, parse_vary, tune
from certification.odds.tuner.figures import BetTrade, VariantFigures

# Knobs that leave the hands as they are (folding, exchanging fours, shooting a seven) beside
# one that changes them (a payout) and one that changes the dealer: every kind of sharing.
VARY = ["fold_allowed=false,true", "four_exchange_max=0,1", "shoot_seven=false,true",
        "payouts.seven_and_half=1,2", "dealer_stands_at=5,6"]
BAND = (Fraction(-1, 100), Fraction(4, 100))


def plain_figures(batch):
    """Each variant's own game, dealer and hands: nothing shared, nothing cached."""
    out = []
    for candidate in batch:
        game = SevenHalfGame(candidate.rules)
        game.ev_units()
        outcomes, _, wager = Walk(game).run()
        out.append(VariantFigures({"main": BetTrade.of(BetFigures(outcomes=outcomes,
                                                                  average_wager=wager))}))
    return out


def _request() -> TuningRequest:
    base = preset("siete-y-media")
    return TuningRequest(base=base, knobs=tuple(parse_vary(base.family, VARY)), band=BAND,
                         variant="siete-y-media", limit=200)


def _rows(result):
    return [(p.candidate.changes, p.figures.bets, p.miss) for p in result.points]


def test_the_faster_search_suggests_what_a_plain_search_suggests(monkeypatch):
    from certification.odds.seven_half import dealer_reuse

    pool = DealerPool()
    monkeypatch.setattr(dealer_reuse, "_shared", pool)
    with LocalEvaluator(workers=1) as evaluate:
        fast = tune(_request(), evaluate)
    plain = tune(_request(), plain_figures)
    assert pool.reused > 0 and pool.reused_hands > 0  # both kinds of sharing took place
    assert fast.evaluated == plain.evaluated and fast.skipped == plain.skipped
    assert fast.evaluated + fast.skipped == 32
    assert [s.candidate.changes for s in fast.suggestions] == \
        [s.candidate.changes for s in plain.suggestions]
    assert _rows(fast) == _rows(plain)


def test_hands_are_shared_only_when_a_standing_hand_is_paid_alike():
    pool = DealerPool()
    base = preset("siete-y-media")
    main_bet_figures(base, pool)
    main_bet_figures(with_overrides(base, ["fold_allowed=true"]), pool)
    assert pool.reused_hands == 1
    for change in ("payouts.seven_and_half=3/2", "ties=push", "payouts.shoot_seven=5"):
        main_bet_figures(with_overrides(base, [change]), pool)
    assert pool.reused_hands == 1
