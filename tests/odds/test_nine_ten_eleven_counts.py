"""The 9-10-11 main bet on a deck given as counts per rank (a reduced deck, suits unknown)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from casino.rules import evolve, preset
from certification.odds.nine_ten_eleven import (
    CountDeck,
    Deck,
    analyze_nine_ten_eleven,
    main_bet_ev,
    main_bet_play,
)
from certification.odds.nine_ten_eleven.engine import count_rounds

BASE = preset("nine-ten-eleven")
VARIANTS = {
    "preset": BASE,
    "no buy": evolve(BASE, buy_allowed=False),
    "no switch": evolve(BASE, switch_allowed=False),
    "9 or 10, even money": evolve(BASE, qualifying_totals=(9, 10),
                                  payouts=replace(BASE.payouts, main_win=Fraction(1))),
    "final-hands bonus": evolve(BASE, bonus_on="final_hands"),
}


@pytest.mark.parametrize("name", VARIANTS)
def test_the_full_deck_by_counts_is_the_certified_main_bet(name):
    rules = VARIANTS[name]
    main = analyze_nine_ten_eleven(rules).bets["main"]
    play = main_bet_play(rules, [4] * 9)
    assert play.ev == main.ev
    assert play.average_wager == main.average_wager


@pytest.mark.parametrize(
    ("deck", "changes"),
    [
        (Deck(ranks="A23459", suits="SH"), {}),
        (Deck(ranks="A2345678", suits="SHD"), {"qualifying_totals": (8, 9, 10)}),
        (Deck(copies=2), {}),
    ],
)
def test_a_whole_suit_deck_by_counts_agrees_with_the_engine(deck, changes):
    rules = evolve(BASE, **changes)
    assert main_bet_ev(rules, CountDeck(deck.per_rank)) == analyze_nine_ten_eleven(rules, deck=deck).bets["main"].ev


# An independent count, straight from RULES.md: every unordered deal of labelled cards,
# the player choosing fold or buy and the switch by their main EV alone.

def value(hand, qualifying):
    high = sum(hand)  # an ace is 1 here and may count 0
    totals = {high - k for k in range(hand.count(1) + 1)}
    good = [t for t in qualifying if t in totals]
    return max(good) if good else None


def hand_ev(v, rules):
    if v is None:
        return Fraction(-1)
    net = Fraction(0)
    for face in rules.die_faces:
        if face == "WIN" or int(face) < v:
            net += rules.payouts.main_win
        elif int(face) > v:
            net -= 1
    return net / len(rules.die_faces)


def brute_force(rules, counts):
    """Main EV, buy EV per non-qualifying first hand, best EV per pair of dead hands."""
    cards = [r + 1 for r, n in enumerate(counts) for _ in range(n)]
    q = rules.qualifying_totals

    @cache
    def ev(hand):
        return hand_ev(value(list(hand), q), rules)

    def after_buy(first, second):
        if value(first, q) is not None or value(second, q) is not None:
            return Fraction(-1) + ev(tuple(second))
        best = ev(tuple(first)) + ev(tuple(second))
        for i in range(3 if rules.switch_allowed else 0):
            for j in range(3):
                f, s = list(first), list(second)
                f[i], s[j] = second[j], first[i]
                best = max(best, ev(tuple(sorted(f))) + ev(tuple(sorted(s))))
        return best

    total, deals, buys, pairs = Fraction(0), 0, {}, {}
    for picked in combinations(range(len(cards)), 3):
        first = sorted(cards[i] for i in picked)
        deals += 1
        if value(first, q) is not None:
            total += ev(tuple(first))
            continue
        rest = [c for i, c in enumerate(cards) if i not in picked]
        outcomes = []
        for second in combinations(rest, 3):
            outcomes.append(after_buy(first, list(second)))
            if value(list(second), q) is None:
                pairs[(tuple(first), tuple(sorted(second)))] = outcomes[-1]
        buy = sum(outcomes, Fraction(0)) / len(outcomes)
        buys[tuple(first)] = buy
        total += max(Fraction(-1), buy) if rules.buy_allowed else Fraction(-1)
    return total / deals, buys, pairs


IRREGULAR = (2, 0, 1, 3, 0, 2, 1, 0, 2)  # 11 cards: no 2, 5 or 8
SMALL = [
    (IRREGULAR, BASE),
    (IRREGULAR, evolve(BASE, switch_allowed=False)),
    ((3, 1, 2, 0, 1, 0, 1, 3, 1), BASE),
    ((1, 2, 2, 2, 0, 1, 0, 2, 2), evolve(BASE, qualifying_totals=(8, 9, 10),
                                         die_faces=("8", "9", "10", "10", "WIN"))),
    ((3, 1, 2, 0, 1, 0, 1, 3, 1), evolve(BASE, payouts=replace(BASE.payouts, main_win=Fraction(2)))),
]


@pytest.mark.parametrize(("counts", "rules"), SMALL)
def test_an_irregular_deck_agrees_with_every_deal_enumerated(counts, rules):
    expected, buys, pairs = brute_force(rules, counts)
    play = main_bet_play(rules, counts)
    assert play.ev == expected
    for first, buy in buys.items():
        if buy != -1:  # an exact tie with folding goes to the dice match
            expected_action = "buy" if rules.buy_allowed and buy > -1 else "fold"
            assert play.decide_buy([r - 1 for r in first]) == expected_action
    q = rules.qualifying_totals
    for (first, second), best in pairs.items():
        f, s = list(first), list(second)
        chosen = play.switch([r - 1 for r in f], [r - 1 for r in s])
        if chosen is not None:
            i, j = chosen
            f[i], s[j] = s[j], f[i]
        assert hand_ev(value(f, q), rules) + hand_ev(value(s, q), rules) == best


def test_a_round_uses_three_or_six_cards_by_the_first_decision():
    play = main_bet_play(BASE, CountDeck.standard().without("5"))
    assert play.decide_buy(["4H", "3S", "2D"]) == "stand"
    assert play.decide_buy("999") == "fold"
    assert play.decide_buy("A22") == "buy"
    # 11 + nothing beats 10 + nothing, and both beat keeping two dead hands.
    assert play.switch("AA2", "888") == (0, 0)
    assert play.switch("234", "888") is None  # the first hand stands: no switch
    with pytest.raises(ValueError, match="cannot deal"):
        main_bet_play(BASE, CountDeck.standard().without("5", "5", "5")).decide_buy("555")


def test_one_card_out_changes_the_value_and_an_unseen_one_does_not():
    full = analyze_nine_ten_eleven(BASE)
    deck = CountDeck.standard()
    assert main_bet_ev(BASE, deck.without("5")) != full.bets["main"].ev
    # Playing the full deck's strategy, a card removed unseen (each rank 4/36 of the time)
    # leaves a uniform deal: the average over the removed rank is the full deck's value.
    unseen = sum((Fraction(4, 36) * count_rounds(BASE, deck.without(r), full.policy).main_ev()
                  for r in "A23456789"), Fraction(0))
    assert unseen == full.bets["main"].ev
    # Knowing the card and replaying optimally can only gain: that gain is the exposure.
    known = sum((Fraction(4, 36) * main_bet_ev(BASE, deck.without(r)) for r in "A23456789"), Fraction(0))
    assert known > full.bets["main"].ev


def test_a_count_deck_has_no_suits_for_the_bonus():
    with pytest.raises(TypeError, match="bonus needs suits"):
        analyze_nine_ten_eleven(BASE, deck=CountDeck.standard())
    counted = count_rounds(BASE, CountDeck.standard())
    assert not counted.tally.bonus


@pytest.mark.parametrize(
    ("counts", "message"),
    [((4,) * 8, "one count per rank"), ((4, -1, 4, 4, 4, 4, 4, 4, 4), "whole numbers"),
     ((1, 1, 1, 1, 1, 0, 0, 0, 0), "six cards")],
)
def test_a_count_deck_rejects_impossible_counts(counts, message):
    with pytest.raises(ValueError, match=message):
        CountDeck(counts)
