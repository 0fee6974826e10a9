"""Local processes are handed whole runs of a dealer's variants, back where that dealer was
counted, with loads kept level; what they analyse is what one process analyses."""

from __future__ import annotations

from fractions import Fraction

from casino.rules import preset, with_overrides
from certification.odds.analysis import analyze
from certification.odds.tuner import Candidate, LocalEvaluator, TuningRequest, parse_vary, tune
from certification.odds.tuner.evaluate import Lanes, dealer_part, sharing_key


def _keys(stands: list[str], per_dealer: int) -> list[tuple]:
    hands = "h"
    return sorted((1, "none", Fraction(s), 0, True, f"{hands}{i}")
                  for s in stands for i in range(per_dealer))


def test_every_variant_goes_to_one_lane():
    keys = _keys(["5", "11/2", "6", "13/2"], 10)
    plan = Lanes(2, 16).plan(keys)
    assert sorted(p for lane in plan for p in lane) == list(range(len(keys)))
    assert all(lane == sorted(lane) for lane in plan)


def test_a_dealer_goes_back_to_the_lane_that_counted_it():
    lanes = Lanes(2, 16)
    first = lanes.plan(_keys(["5", "6"], 4))
    owner = {dealer_part(k): i for i, lane in enumerate(first)
             for k in (_keys(["5", "6"], 4)[p] for p in lane)}
    again = _keys(["5", "6"], 3)
    second = lanes.plan(again)
    for i, lane in enumerate(second):
        for p in lane:
            assert owner[dealer_part(again[p])] == i


def test_many_dealers_of_one_variant_are_spread_evenly():
    keys = [(1, "none", Fraction(6), limit, True, "h") for limit in range(1, 16)]
    keys += [(1, "special", Fraction(s, 2), 0, True, "h") for s in range(1, 16)]
    plan = Lanes(2, 16).plan(sorted(keys))
    assert abs(len(plan[0]) - len(plan[1])) <= 8


def test_two_processes_analyse_what_one_does():
    base = preset("siete-y-media")
    vary = ["fold_allowed=false,true", "payouts.seven_and_half=1,2", "dealer_stands_at=5,6",
            "dealer_max_cards=2,3,unlimited"]
    request = TuningRequest(base=base, knobs=tuple(parse_vary(base.family, vary)),
                            band=(Fraction(-1, 100), Fraction(4, 100)), limit=200)
    with LocalEvaluator(workers=1) as one:
        alone = tune(request, one)
    with LocalEvaluator(workers=2) as two:
        shared = tune(request, two, batch_size=8)
    assert [(p.candidate.changes, p.figures.bets) for p in alone.points] == \
        [(p.candidate.changes, p.figures.bets) for p in shared.points]
    assert sorted({sharing_key(p.candidate.rules)[:1] for p in shared.points}) == [(1,)]


def test_progress_is_told_as_runs_finish_and_the_figures_are_one_process_s():
    base = preset("siete-y-media")
    vary = ["payouts.seven_and_half=1,2", "dealer_stands_at=5,6", "dealer_max_cards=2,3,unlimited"]
    request = TuningRequest(base=base, knobs=tuple(parse_vary(base.family, vary)),
                            band=(Fraction(-1, 100), Fraction(4, 100)), limit=200)
    told: list[tuple[int, int, int]] = []
    with LocalEvaluator(workers=1) as one:
        alone = tune(request, one)
    with LocalEvaluator(workers=2, report_every=3) as two:
        streamed = tune(request, two, lambda *a: told.append(a))
    assert [(p.candidate.changes, p.figures.bets) for p in alone.points] == \
        [(p.candidate.changes, p.figures.bets) for p in streamed.points]
    analysed = [a for _, _, a in told]
    assert analysed == sorted(analysed) and analysed[-1] == streamed.evaluated
    # The bar itself moves through a level as its batch is analysed, and never backwards.
    decided = [d for d, _, _ in told]
    assert decided == sorted(decided) and decided[-1] == told[-1][1]
    stalled = sum(1 for before, after in zip(told, told[1:], strict=False)
                  if after[2] > before[2] and after[0] == before[0])
    assert stalled < len(told) // 4, (stalled, len(told))
    # Runs of three per process: the bar moves between a level's first and last analysis.
    assert len(set(analysed)) > streamed.evaluated // 6


def test_an_evaluator_tells_each_finished_run_once():
    base = preset("siete-y-media")
    batch = [Candidate((("dealer_stands_at", s),), with_overrides(base, [f"dealer_stands_at={s}"]))
             for s in ("4", "9/2", "5", "11/2", "13/2")]
    runs: list[int] = []
    with LocalEvaluator(workers=2, report_every=2) as two:
        figures = two(batch, done=runs.append)
        assert sum(runs) == len(batch) and max(runs) <= 2
        runs.clear()
        assert two(batch, done=runs.append) == figures and runs == []  # all from the cache
    with LocalEvaluator(workers=1) as one:
        assert [f.bets for f in one(batch)] == [f.bets for f in figures]


def test_variants_that_play_one_game_are_analysed_once():
    # A dealer standing at 5 never holds more than ten cards: limits of 10 and 12 change
    # nothing, and the evaluator analyses that game once for the three variants.
    base = with_overrides(preset("seven-half-home"), ["dealer_stands_at=5"])
    batch = [Candidate((("dealer_max_cards", v),), with_overrides(base, [f"dealer_max_cards={v}"]))
             for v in ("10", "12", "unlimited", "9")]
    with LocalEvaluator(workers=1) as evaluate:
        figures = evaluate(batch)
        assert evaluate.analyses == 2
    assert figures[0] is figures[1] is figures[2] and figures[3] is not figures[0]
    # The engine itself, on the limited rules as written, gives the figures shared.
    assert figures[0].bets["main"].house_edge == analyze(batch[0].rules).bets["main"].house_edge
