"""The paytable solver: exact payouts for a target edge, dealable neighbours, clear errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.rules import preset
from certification.odds.nine_ten_eleven import Deck, analyze_nine_ten_eleven
from certification.odds.solver import SolverError, solve_payout

BASE = preset("nine-ten-eleven")


def small(rules):
    return analyze_nine_ten_eleven(rules, deck=Deck(ranks="A23459", suits="SH"))


def test_main_win_for_a_two_percent_edge_on_the_preset():
    solved = solve_payout(BASE, "payouts.main_win", 0.02)
    assert solved.exact and solved.edge == Fraction(1, 50)
    assert solved.payout == Fraction(141748407, 85021070)
    assert [p for p, _ in solved.neighbours] == [Fraction(3, 2), Fraction(2)]
    low, high = (e for _, e in solved.neighbours)
    assert low > Fraction(1, 50) > high
    assert solved.dealable == Fraction(3, 2)


@pytest.mark.parametrize(
    ("path", "bet"),
    [("payouts.main_win", "main"), ("payouts.dice_match", "dice_match"),
     ("payouts.bonus_flush", "bonus")],
)
@pytest.mark.parametrize("target", [Fraction(1, 100), Fraction(1, 20)])
def test_the_solution_gives_the_target_and_the_grid_brackets_it(path, bet, target):
    solved = solve_payout(BASE, path, target, bet=bet, analyze=small, step=Fraction(1, 4))
    assert solved.edge == target and solved.exact
    below, above = solved.neighbours
    assert below[0] <= solved.payout <= above[0] and above[0] - below[0] <= Fraction(1, 4)
    assert below[1] >= target >= above[1]
    assert abs(solved.dealable_edge - target) == min(abs(e - target) for _, e in solved.neighbours)


def test_a_higher_target_edge_needs_a_lower_payout():
    payouts = [
        solve_payout(BASE, "payouts.main_win", t, analyze=small, step=None).payout
        for t in (Fraction(-5, 100), Fraction(0), Fraction(5, 100))
    ]
    assert payouts == sorted(payouts, reverse=True)


def test_floats_are_read_as_written():
    assert solve_payout(BASE, "payouts.dice_match", 0.1, bet="dice_match",
                        analyze=small).target_edge == Fraction(1, 10)


@pytest.mark.parametrize("path", ["payouts.win", "main_win", "payouts.", "decks"])
def test_unknown_lines_are_refused(path):
    with pytest.raises(SolverError, match="not a payout line"):
        solve_payout(BASE, path, 0.02, analyze=small)


def test_unknown_bets_and_unreachable_targets_are_refused():
    with pytest.raises(SolverError, match="unknown bet"):
        solve_payout(BASE, "payouts.main_win", 0.02, bet="insurance", analyze=small)
    with pytest.raises(SolverError, match="payout of 0"):
        solve_payout(BASE, "payouts.bonus_flush", 1.5, bet="bonus", analyze=small)
    with pytest.raises(SolverError, match="may not depend"):
        solve_payout(BASE, "payouts.dice_match", -0.5, bet="main", analyze=small)
