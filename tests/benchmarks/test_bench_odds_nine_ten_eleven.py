"""9-10-11 exact analysis timings, each against a plain Fraction enumeration in the same run."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from casino.rules import evolve, preset
from casino.rules.cards import new_deck
from certification.odds.nine_ten_eleven import analyze_nine_ten_eleven
from certification.odds.solver import solve_payout
from tests.benchmarks.conftest import best_of

BASE = preset("nine-ten-eleven")


def first_hand_stage_by_cards() -> Fraction:
    """Baseline: every first hand of one deck card by card, stand chance and bonus EV."""
    cards = [(c.rank, c.suit) for c in new_deck("A23456789")]
    value = {r: i + 1 for i, r in enumerate("A23456789")}
    total, bonus = 0, Fraction(0)
    for hand in combinations(cards, 3):
        total += 1
        high = sum(value[r] for r, _ in hand)
        low = high - sum(r == "A" for r, _ in hand)
        if not any(low <= t <= high for t in (9, 10, 11)):
            bonus -= 1
            continue
        ranks = sorted(r for r, _ in hand)
        suited = len({s for _, s in hand}) == 1
        if ranks == ["2", "3", "4"]:
            bonus += Fraction(60 if suited else 10)
        elif ranks == ["3", "3", "3"]:
            bonus += 40
        else:
            bonus += 5 if suited else -1
    return bonus / total


def test_full_analysis_one_deck(record_figure):
    baseline = best_of(first_hand_stage_by_cards, repeat=3)
    seconds = best_of(lambda: analyze_nine_ten_eleven(BASE), repeat=5)
    figure = record_figure(
        "9-10-11 exact analysis, 1 deck, main+bonus+dice match", seconds * 1000, "ms",
        baseline_name="Fraction enumeration of the first-hand stage only",
        baseline_value=baseline * 1000, higher_is_better=False, target="< 300 ms",
    )
    print(f"\n{figure.name}: {figure.value:.1f} ms (baseline {figure.baseline_value:.1f} ms)")


def test_full_analysis_two_decks(record_figure):
    rules = evolve(BASE, decks=2)
    baseline = best_of(first_hand_stage_by_cards, repeat=3)
    seconds = best_of(lambda: analyze_nine_ten_eleven(rules), repeat=3)
    record_figure(
        "9-10-11 exact analysis, 2 decks", seconds * 1000, "ms",
        baseline_name="Fraction enumeration of the first-hand stage (1 deck)",
        baseline_value=baseline * 1000, higher_is_better=False,
    )


def test_solver_main_win_for_two_percent(record_figure):
    baseline = best_of(first_hand_stage_by_cards, repeat=3)
    seconds = best_of(lambda: solve_payout(BASE, "payouts.main_win", 0.02), repeat=1)
    record_figure(
        "solver: payouts.main_win for a 2% edge (exact + 1/2 grid)", seconds * 1000, "ms",
        baseline_name="Fraction enumeration of the first-hand stage (1 deck)",
        baseline_value=baseline * 1000, higher_is_better=False,
    )


def test_full_analysis_bonus_on_final_hands(record_figure):
    # The final_hands reading settles tied switches over the suit patterns of six cards.
    rules = evolve(BASE, bonus_on="final_hands")
    baseline = best_of(first_hand_stage_by_cards, repeat=3)
    seconds = best_of(lambda: analyze_nine_ten_eleven(rules), repeat=2)
    record_figure(
        "9-10-11 exact analysis, 1 deck, bonus on final hands", seconds * 1000, "ms",
        baseline_name="Fraction enumeration of the first-hand stage only",
        baseline_value=baseline * 1000, higher_is_better=False, target="< 3000 ms",
    )
