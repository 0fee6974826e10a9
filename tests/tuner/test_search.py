"""The search against brute force: the same in-band variants with the fewest changes, and
every suggestion's figures equal to a fresh exact analysis of that variant."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from casino.rules import RuleValidationError, preset, with_overrides
from certification.odds.analysis import analyze
from certification.odds.tuner import (
    LocalEvaluator,
    TunerInputError,
    TuningRequest,
    apply_changes,
    parse_vary,
    tune,
)
from certification.odds.tuner.knobs import with_current

SIETE_VARY = ["dealer_stands_at=4:7:1/2", "ties=push,dealer", "dealer_upcard_visible=true,false",
              "payouts.seven_and_half=1:2:1/2"]
PATENT_VARY = ["payouts.kd_first_card=0:3:1/2", "final_bet_min=1,2", "final_bet_max=1:4:1",
               "dealer_stands_at=4:7:1/2", "ties=push,dealer"]
BAND = (Fraction(2, 100), Fraction(5, 100))


def request(name, vary, band=BAND, **kwargs) -> TuningRequest:
    base = preset(name)
    return TuningRequest(base=base, knobs=tuple(parse_vary(base.family, vary)), band=band,
                         variant=name, **kwargs)


def brute_force(req: TuningRequest):
    """Every combination of every knob, analysed with the engine's front door."""
    knobs = with_current(req.base, req.knobs)
    rows, rejected = [], 0
    for values in product(*(k.values for k in knobs)):
        changes = tuple((k.key, v) for k, v in zip(knobs, values, strict=True) if v != k.values[0])
        try:
            rules = with_overrides(req.base, [f"{k}={v}" for k, v in changes])
        except RuleValidationError:
            rejected += 1
            continue
        rows.append((changes, analyze(rules).bets))
    return rows, rejected


def in_band(bets, req) -> bool:
    lo, hi = req.band
    edge = bets[req.bet].house_edge
    others = all(
        (low is None or bets[name].house_edge >= low) and (high is None or bets[name].house_edge <= high)
        for name, (low, high) in req.bounds.items() if name != req.bet
    )
    return lo <= edge <= hi and others


def assert_suggestions_are_the_engine_s(result) -> None:
    for s in [*result.suggestions, *([result.closest] if result.closest else [])]:
        fresh = analyze(apply_changes(result.request.base, s.candidate.changes)).bets
        assert set(fresh) == set(s.figures.bets)
        for name, bet in fresh.items():
            mine = s.figures.bets[name]
            assert (mine.house_edge, mine.element_of_risk, mine.variance, mine.p_win,
                    mine.average_wager) == (bet.house_edge, bet.element_of_risk, bet.variance,
                                            bet.p_win, bet.average_wager)


def search_and_brute_force(req: TuningRequest):
    """The search's result and brute force's in-band variants, checked to agree: the same
    suggestions (there are some), every variant of the grid accounted for, exact figures."""
    with LocalEvaluator() as evaluate:
        result = tune(req, evaluate)
    rows, rejected = brute_force(req)
    hits = {changes for changes, bets in rows if in_band(bets, req)}
    assert hits and {s.candidate.changes for s in result.suggestions} == hits
    assert (result.evaluated + result.skipped + result.dominated + result.rejected
            == len(rows) + rejected)
    assert_suggestions_are_the_engine_s(result)
    return result, hits


def test_siete_y_media_search_matches_brute_force():
    req = request("siete-y-media", SIETE_VARY, limit=100)
    with LocalEvaluator() as evaluate:
        result = tune(req, evaluate)
    rows, rejected = brute_force(req)
    assert len(rows) == 84 and rejected == 0
    hits = {changes: bets for changes, bets in rows if in_band(bets, req)}
    fewest = min(len(c) for c in hits)
    assert result.fewest_changes == fewest == 2
    wanted = {c for c in hits if len(c) == fewest}
    got = {s.candidate.changes for s in result.suggestions if s.candidate.size == fewest}
    assert got == wanted and len(got) == 7
    # With a limit above the number of hits, every in-band variant is listed, in order.
    assert {s.candidate.changes for s in result.suggestions} == set(hits)
    sizes = [s.candidate.size for s in result.suggestions]
    assert sizes == sorted(sizes)
    assert result.closest is None
    assert result.evaluated + result.skipped + result.rejected + result.dominated == 84
    assert_suggestions_are_the_engine_s(result)


def test_within_a_level_the_middle_of_the_band_comes_first():
    req = request("siete-y-media", SIETE_VARY, limit=5)
    with LocalEvaluator() as evaluate:
        result = tune(req, evaluate)
    middle = (BAND[0] + BAND[1]) / 2
    assert len(result.suggestions) == 5
    assert all(s.candidate.size == 2 for s in result.suggestions)
    distances = [abs(s.figures.bets["main"].house_edge - middle) for s in result.suggestions]
    assert distances == sorted(distances)
    # Seven in-band variants have two changes: the limit stopped the search at that level.
    assert result.levels == 3


@pytest.mark.slow
def test_patent_search_finds_nothing_in_band_and_the_true_closest():
    req = request("seven-half-casino", PATENT_VARY, band=(Fraction(0), Fraction(5, 100)))
    with LocalEvaluator() as evaluate:
        result = tune(req, evaluate)
    rows, rejected = brute_force(req)
    assert result.rejected == rejected == 98
    best = max(bets["main"].house_edge for _, bets in rows)
    assert best < 0 and not result.suggestions
    assert result.closest.figures.bets["main"].house_edge == best == Fraction(-40411, 1096680)
    assert result.evaluated < len(rows) / 3, "the monotone knobs should spare most analyses"
    assert_suggestions_are_the_engine_s(result)


def test_a_small_patent_grid_counts_rejections_and_prunes_along_the_payout():
    req = request("seven-half-casino", ["payouts.kd_first_card=0:3:1/2", "final_bet_min=1,2",
                                        "final_bet_max=1,2"], band=(Fraction(-45, 100), Fraction(-40, 100)))
    with LocalEvaluator() as evaluate:
        result = tune(req, evaluate)
    rows, rejected = brute_force(req)
    assert result.rejected == rejected
    hits = {c for c, bets in rows if in_band(bets, req)}
    fewest = min(len(c) for c in hits)
    assert {s.candidate.changes for s in result.suggestions if s.candidate.size == fewest} == \
        {c for c in hits if len(c) == fewest}
    assert result.skipped > 0
    assert_suggestions_are_the_engine_s(result)


def test_other_bets_must_stay_inside_their_bounds():
    base = preset("nine-ten-eleven")
    knobs = parse_vary(base.family, ["payouts.main_win=1:2:1/2", "payouts.bonus_flush=0,5,20"])
    loose = TuningRequest(base=base, knobs=tuple(knobs), band=(Fraction(0), Fraction(1, 5)))
    bounded = TuningRequest(base=base, knobs=tuple(knobs), band=(Fraction(0), Fraction(1, 5)),
                            bounds={"bonus": (Fraction(1, 100), Fraction(30, 100))}, limit=50)
    with LocalEvaluator() as evaluate:
        free, tight = tune(loose, evaluate), tune(bounded, evaluate)
    rows, _ = brute_force(bounded)
    expected = {c for c, bets in rows if in_band(bets, bounded)}
    assert {s.candidate.changes for s in tight.suggestions} == expected
    # A flush paid 20 to 1 gives the player the bonus bet: in band without bounds, not with.
    assert any(dict(s.candidate.changes).get("payouts.bonus_flush") == "20" for s in free.suggestions)
    assert not any(dict(c).get("payouts.bonus_flush") == "20" for c in expected)
    assert_suggestions_are_the_engine_s(tight)


def test_local_processes_give_the_same_answer():
    req = request("seven-half-home", ["dealer_stands_at=5:7:1/2", "payouts.kd_first_card=0:2:1/2"],
                  band=(Fraction(0), Fraction(5, 100)))
    with LocalEvaluator(workers=1) as one, LocalEvaluator(workers=2) as two:
        a, b = tune(req, one), tune(req, two)
    assert a.to_json() | {"seconds": 0} == b.to_json() | {"seconds": 0}


def test_the_json_has_the_documented_shape():
    req = request("siete-y-media", ["payouts.seven_and_half=1:2:1/2", "ties=push,dealer"],
                  band=(Fraction(-5, 100), Fraction(0)))
    with LocalEvaluator() as evaluate:
        data = tune(req, evaluate).to_json()
    assert {"variant", "bet", "target", "evaluated", "rejected", "seconds", "suggestions",
            "closest"} <= set(data)
    assert data["target"] == [-0.05, 0.0]
    first = data["suggestions"][0]
    assert set(first) == {"changes", "bets"}
    main = first["bets"]["main"]
    assert {"house_edge_fraction", "house_edge", "element_of_risk", "sd", "p_win",
            "average_wager"} <= set(main)
    assert float(Fraction(main["house_edge_fraction"])) == main["house_edge"]


def test_nothing_in_band_says_so_and_gives_the_closest():
    req = request("seven-half-home", ["ties=push,dealer"], band=(Fraction(2, 100), Fraction(5, 100)))
    with LocalEvaluator() as evaluate:
        result = tune(req, evaluate)
    assert result.suggestions == [] and result.closest is not None
    assert result.closest.candidate.changes_dict() == {"ties": "dealer"}


def test_bad_requests_are_refused_with_the_reason():
    base = preset("siete-y-media")
    with pytest.raises(TunerInputError, match="unknown bet 'bonus'"):
        with LocalEvaluator() as evaluate:
            tune(TuningRequest(base=base, knobs=(), band=BAND, bet="bonus"), evaluate)
    with pytest.raises(TunerInputError, match="starts above"):
        TuningRequest(base=base, knobs=(), band=(BAND[1], BAND[0]))
    with pytest.raises(TunerInputError, match="limit"):
        TuningRequest(base=base, knobs=(), band=BAND, limit=0)


def test_a_search_bisects_the_player_s_card_limit_with_unlimited_on_top():
    # The edge falls as the player may take more cards: the line along the limit ends with
    # "unlimited" and is bisected, and what it skips is never in band.
    req = request("siete-y-media", ["player_max_cards=1,2,3,4,5,6,unlimited",
                                    "dealer_stands_at=4:7:1/2", "ties=push,dealer"],
                  band=(Fraction(-7, 100), Fraction(-3, 100)), limit=200)
    result, _ = search_and_brute_force(req)
    assert result.rejected == 0 and result.skipped > 0


def test_a_payout_the_base_leaves_unset_is_bisected_along_the_values_it_may_take():
    # The home version leaves the 7 1/2 payout unset (paid as any win): the line holds only
    # the values a change sets, which the edge follows, so it is bisected all the same.
    req = request("seven-half-home", ["payouts.seven_and_half=0:2:1/2", "ties=push,dealer"],
                  band=(Fraction(-12, 100), Fraction(-9, 100)), limit=100)
    assert req.base.payouts.seven_and_half is None
    result, _ = search_and_brute_force(req)
    assert result.skipped > 0


def test_a_switch_spares_the_variants_beyond_one_out_of_band_already():
    # The standing total is no monotone knob, so nothing here lies on a bisected line: what
    # is skipped, is skipped because the same variant without its switch was out of band on
    # the side the switch moves the edge (ties to the dealer raise it, a visible upcard
    # lowers it).
    req = request("siete-y-media", ["dealer_stands_at=4:7:1/2", "ties=push,dealer",
                                    "dealer_upcard_visible=true,false"], limit=100)
    result, _ = search_and_brute_force(req)
    assert result.skipped > 0


def test_a_line_drops_the_points_beyond_a_variant_with_a_change_fewer(monkeypatch):
    # Along the win payout, each standing total's line starts from that total alone, analysed
    # a level before: where it is out of band, the payouts that move the edge further out are
    # not probed. The suggestions are brute force's, with fewer analyses than bisecting the
    # whole lines.
    from certification.odds.tuner.search import Search

    vary = ["dealer_stands_at=4:7:1/2", "payouts.win=1/2:2:1/2", "ties=push,dealer"]
    req = request("siete-y-media", vary, band=(Fraction(-2, 100), Fraction(2, 100)), limit=200)
    result, hits = search_and_brute_force(req)
    monkeypatch.setattr(Search, "_beyond", lambda self, point: False)
    with LocalEvaluator() as evaluate:
        whole_lines = tune(req, evaluate)
    assert {s.candidate.changes for s in whole_lines.suggestions} == hits

    def on_lines(found):  # every variant that changes the payout lies on a line along it
        return sum(1 for p in found.points if "payouts.win" in p.candidate.changes_dict())

    assert on_lines(result) < on_lines(whole_lines)


def test_a_variant_skipped_along_a_line_still_tells_which_side_of_the_band_it_lies(monkeypatch):
    # A card limit skipped by the bisection at one change lies out of band on a known side:
    # the variants that add a tie lost to the dealer to it lie further out still.
    from certification.odds.tuner.search import Search

    vary = ["player_max_cards=1,2,3,4,5,6,unlimited", "dealer_stands_at=4:7:1/2",
            "ties=push,dealer"]
    req = request("siete-y-media", vary, limit=200)
    result, hits = search_and_brute_force(req)
    monkeypatch.setattr(Search, "_out", lambda self, points, side: None)
    with LocalEvaluator() as evaluate:
        only_analysed = tune(req, evaluate)
    assert {s.candidate.changes for s in only_analysed.suggestions} == hits
    assert result.evaluated < only_analysed.evaluated
