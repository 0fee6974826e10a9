"""The engine against an independent brute force on decks small enough to list every deal."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from casino.rules import preset
from casino.rules.model import SevenHalfPayouts
from certification.odds.seven_half import analyze_seven_half
from tests.odds.bruteforce_seven_half import solve

ONE_SUIT = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD"]
LOW_DECK = ["AS", "AD", "2S", "3D", "4S", "4D", "5S", "7D", "JS", "QD", "KD"]

CASINO = preset("seven-half-casino")
HOME = preset("seven-half-home")
SETTE = preset("sette-e-mezzo")
SIETE = preset("siete-y-media")

CASES = {
    "casino": (CASINO, ONE_SUIT),
    "casino-low": (CASINO, LOW_DECK),
    "casino-hidden-no-kd": (replace(CASINO, dealer_upcard_visible=False, special_card="none"), LOW_DECK),
    "casino-final-bet-3/2": (replace(CASINO, final_bet_min=Fraction(1, 2), final_bet_max=Fraction(3, 2)), ONE_SUIT),
    "home": (HOME, ONE_SUIT),
    "home-ties-dealer": (replace(HOME, ties="dealer"), LOW_DECK),
    "sette": (SETTE, ONE_SUIT),
    "sette-low": (SETTE, LOW_DECK),
    "sette-visible-no-natural-collect": (
        replace(SETTE, dealer_upcard_visible=True,
                payouts=replace(SETTE.payouts, dealer_natural_collects=None)), LOW_DECK),
    "siete": (SIETE, ONE_SUIT),
    "siete-low": (SIETE, LOW_DECK),
    "siete-exchange-2": (replace(SIETE, four_exchange_max=2), LOW_DECK),
    "siete-shoot": (replace(SIETE, shoot_seven=True), LOW_DECK),
    "siete-shoot-wild-hidden": (replace(SIETE, shoot_seven=True, special_card="wild",
                                        dealer_upcard_visible=False), ONE_SUIT),
    "siete-push-no-reach": (replace(SIETE, ties="push", dealer_must_reach_7_5_vs_revealed=False,
                                    dealer_stands_at=Fraction(5)), LOW_DECK),
    "wild-fold-final-bet": (replace(SETTE, fold_allowed=True, final_bet=True, player_max_cards=3,
                                    dealer_max_cards=3), LOW_DECK),
    "kd-first-stands-at-7": (replace(HOME, dealer_stands_at=Fraction(7),
                                     payouts=SevenHalfPayouts(kd_first_card=Fraction(5, 2),
                                                              seven_and_half=Fraction(3, 2))), LOW_DECK),
}


SMALL = ["AD", "2D", "4S", "4D", "5S", "7D", "JD", "QS", "KD"]


# A representative handful runs by default (casino, wild with a hidden card and shooting,
# fold and final bet, first-card king, ties to the dealer); every case runs in the slow set.
FAST = ("casino", "home-ties-dealer", "kd-first-stands-at-7", "siete-shoot-wild-hidden",
        "wild-fold-final-bet")


def _check_small(name: str) -> None:
    rules, _ = CASES[name]
    expected = solve(rules, SMALL)
    got = analyze_seven_half(rules, name, deck=SMALL).bets["main"].outcomes
    assert got == expected


@pytest.mark.parametrize("name", FAST)
def test_engine_equals_brute_force_on_a_small_deck(name: str) -> None:
    _check_small(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(CASES) - set(FAST)))
def test_engine_equals_brute_force_on_a_small_deck_every_case(name: str) -> None:
    _check_small(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_engine_equals_brute_force(name: str) -> None:
    rules, deck = CASES[name]
    expected = solve(rules, deck)
    got = analyze_seven_half(rules, name, deck=deck).bets["main"].outcomes
    assert sum(got.values()) == 1
    assert got == expected
