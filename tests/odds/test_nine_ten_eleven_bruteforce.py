"""The engine against an exhaustive card-by-card enumeration (tests/odds/nine_ten_eleven_reference.py)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations

import pytest

from casino.rules import evolve, preset
from casino.rules.cards import new_deck
from certification.odds.nine_ten_eleven import Deck, analyze_nine_ten_eleven
from tests.odds.nine_ten_eleven_reference import bonus_net, brute_force, value

BASE = preset("nine-ten-eleven")


def codes(deck: Deck) -> list[str]:
    return [r + s for s in deck.suits for r in deck.ranks] * deck.copies


def check(rules, deck):
    result = analyze_nine_ten_eleven(rules, deck=deck)
    main, bonus, dice, decisions, wager = brute_force(rules, codes(deck))
    assert result.bets["main"].outcomes == main
    assert result.bets["bonus"].outcomes == bonus
    assert result.bets["dice_match"].outcomes == dice
    assert result.bets["main"].average_wager == wager
    for name in ("stand", "fold", "buy", "switch"):
        assert result.decisions[name] == decisions.get(name, 0), name
    return result


@pytest.mark.parametrize(
    ("deck", "changes"),
    [
        (Deck(ranks="A23459", suits="SH"), {}),
        (Deck(ranks="A2349", suits="SHD"), {"switch_allowed": False}),
        (Deck(ranks="A2345", suits="SH"), {"buy_allowed": False}),
        (Deck(ranks="A234", suits="S", copies=3), {"qualifying_totals": (6, 7, 8)}),
        (Deck(ranks="A2356", suits="SH"), {"die_faces": ("8", "9", "10", "10", "WIN")}),
    ],
)
def test_every_deal_of_a_small_deck_agrees_exactly(deck, changes):
    check(evolve(BASE, **changes), deck)


@pytest.mark.parametrize(
    ("deck", "qualifying"),
    [(Deck(ranks="A2345", suits="SH"), (6, 7, 8, 9)), (Deck(ranks="A234", suits="SH", copies=2), (6, 7, 9))],
)
def test_final_hands_bonus_reading_agrees_exactly_with_every_suit_pattern(deck, qualifying):
    rules = evolve(BASE, bonus_on="final_hands", qualifying_totals=qualifying)
    result = check(rules, deck)
    assert result.bets["bonus"].ev > -1


def test_tied_switches_go_to_the_dice_match():
    # With 9 + 9 and 10 + none worth the same on the main bet (-1/6 each, 3 to 2),
    # the dice match decides: two nines match three faces of six.
    rules = evolve(BASE, qualifying_totals=(9, 10))
    check(rules, Deck(ranks="A2345", suits="SH"))


def test_first_hand_stage_of_the_full_deck_card_by_card():
    cards = [c.code for c in new_deck("A23456789")]
    stand = 0
    bonus = defaultdict(int)
    for hand in combinations(cards, 3):
        if value(hand, BASE.qualifying_totals) is not None:
            stand += 1
            bonus[bonus_net((hand,), BASE)] += 1
        else:
            bonus[Fraction(-1)] += 1
    total = 7140
    result = analyze_nine_ten_eleven(BASE)
    assert result.decisions["stand"] == Fraction(stand, total)
    assert result.bets["bonus"].outcomes == {k: Fraction(v, total) for k, v in sorted(bonus.items())}
