"""The online "7 e Mezzo": the first-card matta, the standing minimum, the readings of its sheet.

Exact figures of the preset and of every reading, checked against the independent brute
force on small decks and against the simulator; the optimal chart never stands where the
rules do not allow it; the simulator's plan does the same; ``--set payouts.X=none``.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction

import pytest
from django.core.management import call_command

from casino.rules import RuleValidationError, preset, rules_from_dict, with_overrides
from casino.rules.readings import ambiguities
from certification.odds.analysis import analyze
from certification.odds.readings import readings_report
from certification.odds.seven_half import analyze_seven_half
from certification.odds.seven_half.deck import VALUE, stand_minimums
from certification.odds.simulation import SimulationSpec, run_local
from certification.protection.next_card import NextCardPlayer
from tests.odds.bruteforce_seven_half import solve
from tests.protection.bruteforce_next_card import next_card_value

ONLINE = preset("sette-e-mezzo-online")
SMALL = ["AD", "2D", "4S", "4D", "5S", "7D", "JD", "QS", "KD"]
LOW = ["AS", "AD", "2S", "3D", "4S", "5S", "7D", "JS", "QD", "KD"]

# The preset's literal reading and every reading of its sheet, exactly (the main bet's edge).
EXACT_EDGES = {
    "literal": Fraction(273856566408871, 45298766701188000),
    "player_first_matta=half_until_next,dealer_first_matta=half_until_next":
        Fraction(92921497471, 53830976472000),
    "stand_minimum_matta=seven": Fraction(28932916899529609, 2083743268254648000),
}


def _reading(changes: str):
    return ONLINE if changes == "literal" else with_overrides(ONLINE, changes.split(","))


def test_the_preset_reads_the_sheet_literally():
    r = ONLINE
    assert (r.special_card, r.player_first_matta, r.dealer_first_matta) == ("wild", "half", "half")
    assert (r.stand_minimum, r.stand_minimum_matta, r.dealer_upcard_visible) == ("upcard", "half", True)
    assert (r.dealer_stands_at, r.ties, r.decks) == (5, "push", 1)
    assert r.payouts.natural is r.payouts.seven_and_half is r.payouts.triple is None
    assert r.payouts.win == 1


@pytest.mark.parametrize("changes", sorted(EXACT_EDGES))
def test_the_exact_edge_of_each_reading(changes):
    main = analyze(_reading(changes)).bets["main"]
    assert main.house_edge == EXACT_EDGES[changes]
    assert sum(main.outcomes.values()) == 1


def test_readings_lists_the_two_points_of_the_sheet_with_their_edges():
    report = readings_report(ONLINE, "sette-e-mezzo-online")
    by_key = {p["key"]: p for p in report["points"]}
    assert {"first_matta_whole_hand", "stand_minimum_matta_half"} <= set(by_key)
    for key, changes in (("first_matta_whole_hand",
                          "player_first_matta=half_until_next,dealer_first_matta=half_until_next"),
                         ("stand_minimum_matta_half", "stand_minimum_matta=seven")):
        literal, other = by_key[key]["readings"]
        assert literal["certified"] and not other["certified"]
        assert Fraction(literal["bets"]["main"]["house_edge_fraction"]) == EXACT_EDGES["literal"]
        assert Fraction(other["bets"]["main"]["house_edge_fraction"]) == EXACT_EDGES[changes]
        assert ",".join(f"{k}={v}" for k, v in other["changes"].items()) == changes


def test_every_preset_reading_is_a_valid_variant():
    for name in ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media",
                 "sette-e-mezzo-online", "nine-ten-eleven"):
        rules = preset(name)
        for point in ambiguities(rules):
            assert point.alternatives or point.unmodelled, (name, point.key)
            for alternative in point.alternatives:
                assert with_overrides(rules, [f"{k}={v}" for k, v in alternative.changes.items()]) != rules


MODES = ("wild", "half", "half_until_next")


@pytest.mark.parametrize(("player", "dealer", "minimum", "matta"), [
    *((p, d, "upcard", "half") for p, d in itertools.product(MODES, MODES)),
    ("half", "half", "upcard", "seven"), ("half_until_next", "wild", "none", "half"),
])
def test_engine_equals_brute_force_on_a_small_deck(player, dealer, minimum, matta):
    rules = replace(ONLINE, player_first_matta=player, dealer_first_matta=dealer,
                    stand_minimum=minimum, stand_minimum_matta=matta)
    assert analyze_seven_half(rules, deck=SMALL).bets["main"].outcomes == solve(rules, SMALL)


@pytest.mark.slow
@pytest.mark.parametrize("changes", sorted(EXACT_EDGES))
def test_every_reading_equals_brute_force_on_a_ten_card_deck(changes):
    rules = _reading(changes)
    assert analyze_seven_half(rules, deck=LOW).bets["main"].outcomes == solve(rules, LOW)


def test_a_hidden_upcard_with_first_card_mattas_equals_brute_force():
    rules = replace(ONLINE, dealer_upcard_visible=False, stand_minimum="none",
                    dealer_first_matta="half_until_next", ties="dealer")
    assert analyze_seven_half(rules, deck=SMALL).bets["main"].outcomes == solve(rules, SMALL)


def _totals(chart):
    return {row: cells for row, cells in zip(chart.rows, chart.cells, strict=True)}


@pytest.mark.parametrize("changes", sorted(EXACT_EDGES))
def test_the_optimal_chart_never_stands_where_standing_is_not_allowed(changes):
    rules = _reading(changes)
    result = analyze(rules)
    first, totals = result.strategy
    least = dict(zip(first.columns, (VALUE[k] for k in range(9)), strict=False))
    least["matta"] = stand_minimums(rules)[8]
    # A first-card matta at 1/2 always draws; any first card below the upcard draws.
    matta_row = _totals(first)["KD (matta)"]
    assert all(cell in ("H", "-") for cell in matta_row) and "H" in matta_row
    figures = {"A": 2, "2": 4, "3": 6, "4": 8, "5": 10, "6": 12, "7": 14, "½": 1}
    for row, cells in _totals(first).items():
        if row in figures:
            for column, cell in zip(first.columns, cells, strict=True):
                if figures[row] < least[column]:
                    assert "S" not in cell, (row, column, cell)
    stood_somewhere = False
    for row, cells in _totals(totals).items():
        if row.startswith("matta"):
            continue  # a wild matta's best total is at least 7 with any card but a 7
        t = int(Fraction(row.replace("½", ".5") if row != "½" else "0.5") * 2)
        for column, cell in zip(totals.columns, cells, strict=True):
            if t < least[column]:
                assert "S" not in cell, (row, column, cell)
            stood_somewhere |= "S" in cell
    assert stood_somewhere


def test_the_simulators_plan_draws_where_standing_is_not_allowed():
    from certification.odds.simulation.seven_half import HIT, STAND, build_plan

    rules = ONLINE
    plan = build_plan(rules, analyze(rules).policy)
    least = stand_minimums(rules)
    for s in range(plan.totals.shape[0]):
        if plan.totals[s] >= 15 or plan.ncards[s] == 0:
            continue
        for up in range(9):
            if plan.totals[s] < least[up] and plan.action[s, up, 0] != 0:
                assert plan.action[s, up, 0] == HIT
            if plan.totals[s] < least[up]:
                assert plan.action[s, up, 0] != STAND or plan.ncards[s] == 0


def test_the_simulator_agrees_with_the_exact_edge():
    # 1,000,000 rounds, seed 39: the 10**8-round runs are in the README.
    spec = SimulationSpec(rules=ONLINE, rounds=1_000_000, seed=39, chunk_rounds=1 << 19)
    main = run_local(spec, workers=1).bets["main"]
    assert main.z_vs_exact is not None and abs(main.z_vs_exact) < 4


def test_knowing_the_next_card_is_valued_as_the_brute_force_values_it():
    deck = SMALL[1:]
    assert NextCardPlayer(ONLINE, deck).expected_value() == next_card_value(ONLINE, deck)


def test_rules_that_need_the_matta_or_the_upcard_are_refused():
    with pytest.raises(RuleValidationError) as info:
        with_overrides(preset("siete-y-media"), ["player_first_matta=half"])
    assert "special_card=wild" in info.value.errors["player_first_matta"]
    with pytest.raises(RuleValidationError) as info:
        with_overrides(ONLINE, ["dealer_upcard_visible=false"])
    assert "dealer_upcard_visible" in info.value.errors["stand_minimum"]
    with pytest.raises(RuleValidationError) as info:
        with_overrides(ONLINE, ["player_max_cards=1"])
    assert "at least 2" in info.value.errors["player_first_matta"]


def test_none_unsets_an_optional_payout():
    sette = preset("sette-e-mezzo")
    for word in ("none", "None", "null", ""):
        assert with_overrides(sette, [f"payouts.natural={word}"]).payouts.natural is None
    assert rules_from_dict({"family": "seven_and_half", "payouts": {"natural": "none"}}).payouts.natural is None
    with pytest.raises(RuleValidationError) as info:
        with_overrides(sette, ["payouts.natural=lots"])
    assert "write none" in info.value.errors["payouts.natural"]
    with pytest.raises(RuleValidationError) as info:
        with_overrides(sette, ["payouts.win=none"])  # the win line is not optional
    assert "payouts.win" in info.value.errors


def test_analyze_readings_command(capsys):
    call_command("analyze", "sette-e-mezzo-online", "--readings")
    out = capsys.readouterr().out
    assert "0.6046 %" in out and "0.1726 %" in out and "1.3885 %" in out
    call_command("analyze", "sette-e-mezzo-online", "--readings", "--json")
    report = json.loads(capsys.readouterr().out)
    assert [p["key"] for p in report["points"]][:2] == ["first_matta_whole_hand",
                                                        "stand_minimum_matta_half"]
