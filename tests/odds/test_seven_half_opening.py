"""Opening (splitting figures): the exact count against a brute force and the simulator."""

from __future__ import annotations

from dataclasses import replace

import pytest

from casino.rules import preset, with_overrides
from certification.odds.seven_half import analyze_seven_half
from certification.odds.simulation import SimulationSpec, run_local
from tests.odds.bruteforce_seven_half import solve_opening

SIETE = preset("siete-y-media")
HOME = preset("seven-half-home")
SETTE = preset("sette-e-mezzo")
# Five figures among eight cards: up to three openings, and stocks that run out.
FIGURES = ["AD", "3S", "5D", "JD", "QS", "KD", "KS", "JS"]
LOW = ["AD", "2D", "4S", "JD", "QS", "KD", "JS", "7D"]


def opening(rules, max_splits, **changes):
    return replace(rules, split_figures=True, max_splits=max_splits, **changes)


CASES = {
    "siete-1": (opening(SIETE, 1), FIGURES),
    "siete-3": (opening(SIETE, 3), FIGURES),
    "siete-2-low": (opening(SIETE, 2), LOW),
    "siete-2-exchange": (opening(SIETE, 2, four_exchange_max=1), LOW),
    "kd-first-3": (opening(HOME, 3), FIGURES),
    "wild-hidden-2": (opening(SETTE, 2, four_exchange_max=0), FIGURES),
}
FAST = ("siete-3", "kd-first-3")


def _check(name: str) -> None:
    rules, deck = CASES[name]
    result = analyze_seven_half(rules, name, deck=deck)
    got = result.bets["main"].outcomes
    assert sum(got.values()) == 1
    assert got == solve_opening(rules, deck, result.policy)


@pytest.mark.parametrize("name", FAST)
def test_opening_equals_brute_force(name: str) -> None:
    _check(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(CASES) - set(FAST)))
def test_opening_equals_brute_force_on_every_case(name: str) -> None:
    _check(name)


def _simulate(max_splits: int, rounds: int, seed: int, workers=1):
    rules = with_overrides(SIETE, ["split_figures=true", f"max_splits={max_splits}"])
    summary = run_local(SimulationSpec(rules, rounds=rounds, seed=seed), workers=workers)
    bet = summary.bets["main"]
    assert abs(bet.z_vs_exact) < 4, (bet.house_edge, float(-bet.exact_ev), bet.z_vs_exact)


def test_simulation_agrees_with_one_opening() -> None:
    _simulate(1, 1_000_000, seed=20240605)


@pytest.mark.slow
@pytest.mark.parametrize("max_splits", [1, 2, 3])
def test_simulation_agrees_over_ten_million_rounds(max_splits: int) -> None:
    _simulate(max_splits, 10_000_000, seed=20240606, workers=None)


@pytest.mark.slow
def test_simulation_agrees_with_three_openings() -> None:
    _simulate(3, 1_000_000, seed=20240607)
