"""Sharing a dealer between variants changes no figure: outcome by outcome, every variant's
main bet equals what the engine's front door computes for it alone."""

from __future__ import annotations

from itertools import product

from casino.rules import preset, with_overrides
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.dealer_reuse import DealerPool, main_bet_figures
from certification.odds.seven_half.deck import VALUE
from certification.odds.seven_half.game import SevenHalfGame


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


def _cold(rules):
    from certification.odds.seven_half import dealer_reuse

    dealer_reuse._shared = None
    try:
        return analyze_seven_half(rules)
    finally:
        dealer_reuse._shared = None


def test_the_engine_reprices_a_payout_change_on_the_dealer_it_counted_before():
    """What the live preview does as a user types payouts: the same dealer, reused, and every
    figure and decision equal to an analysis that counted everything afresh."""
    from certification.odds.seven_half import dealer_reuse

    dealer_reuse._shared = None
    reused = 0
    for name, payouts in (("sette-e-mezzo", ["natural=5/2", "natural=3", "triple=4", "natural=2"]),
                          ("siete-y-media", ["seven_and_half=3/2", "seven_and_half=2"]),
                          ("seven-half-home", ["win=1"])):
        for change in payouts:
            rules = with_overrides(preset(name), [f"payouts.{change}"])
            pool = dealer_reuse.shared_pool()
            before = pool.reused
            warm = analyze_seven_half(rules)
            reused += pool.reused - before
            cold = _cold(rules)
            analyze_seven_half(preset(name))  # the pool holds this dealer for the next change
            assert warm.bets == cold.bets, (name, change)
            assert warm.decisions == cold.decisions, (name, change)
    assert reused >= 4  # every change after a preset's first ran on a dealer counted before


def _plain(rules):
    """The variant's own game and dealer: nothing shared, nothing cached."""
    from certification.odds.seven_half.game import SevenHalfGame
    from certification.odds.seven_half.walk import Walk

    game = SevenHalfGame(rules)
    game.ev_units()
    outcomes, _, wager = Walk(game).run()
    return outcomes, wager


def test_dealers_that_differ_in_their_card_limit_share_counts_and_figures():
    pool = DealerPool()
    cases = [("siete-y-media", "dealer_stands_at=5"), ("seven-half-home", "dealer_stands_at=6"),
             ("siete-y-media", "dealer_upcard_visible=false")]
    for name, change in cases:
        dealers = []
        for limit in ("1", "2", "4", "3", "7"):
            rules = with_overrides(preset(name), [change, f"dealer_max_cards={limit}"])
            figures = main_bet_figures(rules, pool)
            assert (figures.outcomes, figures.average_wager) == _plain(rules), (name, change, limit)
            dealers.append(pool.game(rules).dealer)
        assert all(d.by_cards_left and d._memo is dealers[0]._memo for d in dealers)


def test_a_dealer_s_two_card_seven_and_a_half_keeps_its_counts_apart():
    pool = DealerPool()
    sette = preset("sette-e-mezzo")  # the dealer's two-card 7 1/2 collects double
    dealers = []
    for limit in ("2", "3"):
        rules = with_overrides(sette, [f"dealer_max_cards={limit}"])
        figures = main_bet_figures(rules, pool)
        assert (figures.outcomes, figures.average_wager) == _plain(rules)
        dealers.append(pool.game(rules).dealer)
    assert not dealers[0].by_cards_left and dealers[0]._memo is not dealers[1]._memo


def test_dealers_share_what_they_may_draw_only_when_their_limits_play_alike():
    from certification.odds.seven_half.dealer import MOST_CARDS

    games = {limit: SevenHalfGame(with_overrides(preset("sette-e-mezzo"),
                                                 [f"dealer_max_cards={limit}"]))
             for limit in (MOST_CARDS, MOST_CARDS + 1, 40)}
    asked = [(limit, s, m, k) for limit in (MOST_CARDS + 1, MOST_CARDS, 40)
             for s, m, k in ((1, 0, MOST_CARDS), (3, 0, MOST_CARDS - 1), (2, 1, 2))]
    for limit, s, m, k in asked:
        dealer = games[limit].dealer
        alone = dealer._kinds_usable(s, m, min(k, MOST_CARDS), MOST_CARDS, False)
        assert dealer.kinds_usable(s, m, k, False) == alone, (limit, s, m, k)
    assert games[MOST_CARDS].dealer.kinds_usable(1, 0, MOST_CARDS, False) == 0
    assert games[40].dealer.kinds_usable(1, 0, MOST_CARDS, False) != 0


def _dealer_by_hand(dealer, counts: list[int], n: int, s: int, k: int, target: int,
                    seen: dict) -> tuple[int, ...]:
    """A dealer's outcome counts (times n!) by the rule itself: draw below the target and
    within the card limit, one card at a time, with none of the counter's keys."""
    key = (tuple(counts), s, k)
    if key in seen:
        return seen[key]
    total = dealer.best[0][s]
    if total < 0 or total >= target or k >= dealer.max_cards or n == 0:
        out = [0] * dealer.nslots
        out[dealer.settlement.outcome(total, k)] = dealer.fact[n]
    else:
        out = [0] * dealer.nslots
        for c, r in enumerate(counts):
            if r:
                counts[c] -= 1
                child = _dealer_by_hand(dealer, counts, n - 1, s + VALUE[c], k + 1, target, seen)
                counts[c] += 1
                out = [a + r * b for a, b in zip(out, child, strict=True)]
    seen[key] = tuple(out)
    return seen[key]


def test_limits_beyond_the_cards_a_dealer_could_take_share_counts_and_stay_exact():
    # Every card adds at least half a point, so from s half points a dealer takes at most
    # (target - s) more: the counter tells hands by min(cards left, that), and dealers of one
    # family share those counts whatever their limit.
    import random

    pool = DealerPool()
    rng = random.Random(7)
    for stands_at, reach in (("5", False), ("6", True), ("3", False)):
        dealers = [pool.game(with_overrides(preset("siete-y-media"),
                                            [f"dealer_stands_at={stands_at}",
                                             f"dealer_max_cards={limit}"])).dealer
                   for limit in ("15", "2", "9", "4", "6", "3")]
        for _ in range(6):
            counts = list(SevenHalfGame(preset("siete-y-media")).full)
            for _ in range(rng.randrange(2, 9)):
                c = rng.choice([c for c, r in enumerate(counts) if r])
                counts[c] -= 1
            upcard = rng.choice([c for c, r in enumerate(counts) if r])
            counts[upcard] -= 1
            n = sum(counts)
            for dealer in dealers:
                code = sum(r * p for r, p in zip(counts, dealer.radix, strict=True))
                target = dealer.target(reach)
                expected = _dealer_by_hand(dealer, counts, n, VALUE[upcard], 1, target, {})
                assert tuple(dealer.unpack(dealer.start(upcard, counts, code, n, reach))) \
                    == expected, (stands_at, dealer.max_cards, counts, upcard)
        assert all(d._memo is dealers[0]._memo and d.against is dealers[0].against
                   for d in dealers)
    for limit in ("15", "6", "9", "2"):
        rules = with_overrides(preset("seven-half-home"),
                               ["dealer_stands_at=3", f"dealer_max_cards={limit}"])
        figures = main_bet_figures(rules, pool)
        assert (figures.outcomes, figures.average_wager) == _plain(rules), limit


def test_a_plain_king_of_diamonds_is_counted_among_the_figures_and_stays_exact():
    # The home version pays a first-card king of diamonds at once; after that it is any 1/2
    # card to the dealer, so stocks that differ only in which 1/2 cards are left share one
    # count.
    import random

    from certification.odds.seven_half.deck import FIGURE, KD

    rng = random.Random(11)
    for changes in (["dealer_stands_at=5"], ["dealer_stands_at=6", "dealer_max_cards=4"],
                    ["dealer_upcard_visible=false"]):
        rules = with_overrides(preset("seven-half-home"), changes)
        dealer = SevenHalfGame(rules).dealer
        assert dealer.kd_as_figure
        for _ in range(5):
            counts = list(SevenHalfGame(rules).full)
            for _ in range(rng.randrange(2, 7)):
                c = rng.choice([c for c, r in enumerate(counts) if r and c != KD])
                counts[c] -= 1
            upcard = rng.choice([c for c, r in enumerate(counts) if r and c != KD])
            counts[upcard] -= 1
            swapped = list(counts)
            swapped[KD], swapped[FIGURE] = 0, counts[FIGURE] + 1
            n = sum(counts)
            for stock in (counts, swapped):
                code = sum(r * p for r, p in zip(stock, dealer.radix, strict=True))
                expected = _dealer_by_hand(dealer, stock, n, VALUE[upcard], 1,
                                           dealer.target(False), {})
                before = dealer.states()
                assert tuple(dealer.unpack(dealer.start(upcard, stock, code, n, False))) \
                    == expected, (changes, stock, upcard)
            assert dealer.states() == before  # the swapped stock was counted already
    assert not SevenHalfGame(preset("sette-e-mezzo")).dealer.kd_as_figure  # the matta
    # Without a special card there is no king of diamonds of its own to read.
    assert not SevenHalfGame(preset("siete-y-media")).dealer.kd_as_figure


def test_dealers_standing_on_different_totals_share_what_they_draw_to_a_revealed_7_5():
    # Drawing to a revealed 7 1/2 ignores the standing total: dealers of one card limit that
    # stand on different totals count those hands once, and stay exact either way.
    import random

    pool = DealerPool()
    rng = random.Random(11)
    siete = preset("siete-y-media")
    dealers = {stands: pool.game(with_overrides(siete, [f"dealer_stands_at={stands}",
                                                        "dealer_max_cards=6"])).dealer
               for stands in ("3", "6", "9/2")}
    first, *others = dealers.values()
    assert all(d._memo is first._memo for d in others)
    for _ in range(5):
        counts = list(SevenHalfGame(siete).full)
        for _ in range(rng.randrange(2, 9)):
            c = rng.choice([c for c, r in enumerate(counts) if r])
            counts[c] -= 1
        upcard = rng.choice([c for c, r in enumerate(counts) if r and VALUE[c] < 6])
        counts[upcard] -= 1
        n = sum(counts)
        code = sum(r * p for r, p in zip(counts, first.radix, strict=True))
        for reach in (False, True):
            for dealer in dealers.values():
                states = first.states()
                got = tuple(dealer.unpack(dealer.start(upcard, counts, code, n, reach)))
                expected = _dealer_by_hand(dealer, counts, n, VALUE[upcard], 1,
                                           dealer.target(reach), {})
                assert got == expected, (dealer.settlement.threshold, reach, counts, upcard)
                if reach and dealer is not first:
                    assert first.states() == states  # counted already, by another total
