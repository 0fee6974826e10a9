"""Dealer-card, one-card and collusion gains against an independent brute force.

The brute force (tests/odds/bruteforce_seven_half.py) shares no code with the engine: it
lists every deal of a small deck. Each removed card is tried on its own here, so the
engine's grouping of equal kinds and its hypergeometric weights are checked too.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from casino.rules import preset
from certification.protection.collusion import collusion_exact_gain
from certification.protection.compositions import DeckValues
from certification.protection.dealer_card import dealer_card_exposure
from certification.protection.one_card import one_card_gain
from tests.odds.bruteforce_seven_half import solve

ONE_SUIT = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD"]
LOW_DECK = ["AS", "AD", "2S", "3D", "4S", "4D", "5S", "7D", "JS", "QD", "KD"]
EIGHT = ["AD", "2D", "4D", "5D", "7D", "JD", "QD", "KD"]
"""Unlimited-draw variants take seconds per brute force on ten cards; eight keep the file fast."""
SETTE = preset("sette-e-mezzo")
CASINO = preset("seven-half-casino")
SIETE = preset("siete-y-media")


def ev(rules, deck) -> Fraction:
    return sum((net * p for net, p in solve(rules, list(deck)).items()), Fraction(0))


@pytest.mark.parametrize("rules,deck", [
    (SETTE, EIGHT),
    (replace(SIETE, dealer_upcard_visible=False), EIGHT),
    (replace(CASINO, dealer_upcard_visible=False), ONE_SUIT),
], ids=["sette", "siete-hidden", "casino-hidden"])
def test_dealer_card_gain_matches_brute_force(rules, deck):
    base = ev(rules, deck)
    exposure = dealer_card_exposure(rules, base, deck=deck)
    expected = ev(replace(rules, dealer_upcard_visible=True), deck) - base
    assert exposure.method == "exact"
    assert exposure.gain_fraction == expected
    assert expected > 0


@pytest.mark.parametrize("rules,deck", [(SETTE, EIGHT), (CASINO, LOW_DECK), (SIETE, EIGHT)],
                         ids=["sette", "casino", "siete"])
def test_one_card_gain_matches_brute_force_card_by_card(rules, deck):
    base = ev(rules, deck)
    expected = sum((ev(rules, [c for c in deck if c != out]) for out in deck), Fraction(0)) / len(deck) - base
    values = DeckValues(rules, deck)
    assert values.baseline == base
    assert one_card_gain(values) == expected
    assert expected >= 0


def test_collusion_of_three_matches_brute_force_pairs():
    rules, deck = CASINO, ONE_SUIT
    base = ev(rules, deck)
    pairs = list(combinations(deck, 2))
    expected = sum((ev(rules, [c for c in deck if c not in pair]) for pair in pairs), Fraction(0)) / len(pairs) - base
    assert collusion_exact_gain(DeckValues(rules, deck), 3) == expected


NINE_TEN_ELEVEN = preset("nine-ten-eleven")
IRREGULAR_36 = ["AS", "AD", "3S", "4S", "4H", "4D", "6S", "6C", "7H", "9S", "9D"]
"""Eleven 9-10-11 cards, no 2, 5 or 8: small enough to list every deal of every reduced deck."""


def nine_ten_eleven_ev(deck) -> Fraction:
    from tests.odds.test_nine_ten_eleven_counts import brute_force

    counts = [sum(1 for c in deck if c[0] == rank) for rank in "A23456789"]
    return brute_force(NINE_TEN_ELEVEN, counts)[0]


def test_nine_ten_eleven_one_card_gain_matches_brute_force_card_by_card():
    from certification.protection.compositions import NineTenElevenValues

    deck = IRREGULAR_36
    base = nine_ten_eleven_ev(deck)
    expected = sum((nine_ten_eleven_ev([c for c in deck if c != out]) for out in deck),
                   Fraction(0)) / len(deck) - base
    values = NineTenElevenValues(NINE_TEN_ELEVEN, deck)
    assert values.baseline == base
    assert one_card_gain(values) == expected
    assert expected > 0


def test_nine_ten_eleven_other_seats_hands_match_brute_force_hand_by_hand():
    # Two seats: the other seat's three face-up cards are known, every hand equally likely.
    from certification.protection.compositions import NineTenElevenValues

    deck = IRREGULAR_36
    base = nine_ten_eleven_ev(deck)
    hands = list(combinations(deck, 3))
    expected = sum((nine_ten_eleven_ev([c for c in deck if c not in hand]) for hand in hands),
                   Fraction(0)) / len(hands) - base
    assert collusion_exact_gain(NineTenElevenValues(NINE_TEN_ELEVEN, deck), 2) == expected
    assert expected > 0


def test_collusion_counted_by_jobs_is_the_exact_count_whatever_the_chunks():
    from certification.protection import AuditSpec, run_audit
    from certification.protection.collusion import collusion_counted_share
    from certification.protection.exact_part import deck_values

    values = deck_values(CASINO)
    whole = collusion_exact_gain(values, 5)
    shares = [collusion_counted_share(values, 5, i, 3) for i in range(3)]
    assert sum(shares, Fraction(0)) - values.baseline == whole
    report = run_audit(AuditSpec(rules=CASINO, seats=5, rounds=450, seed=3), workers=2)
    head = report["exposures"]["collusion"]
    assert head["method"] == "exact" and Fraction(head["player_edge_gain_fraction"]) == whole
    assert [p["method"] for p in head["collusion_curve"]] == ["exact"] * 4
