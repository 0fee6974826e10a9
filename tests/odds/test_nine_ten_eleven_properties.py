"""Invariants of the 9-10-11 analysis over many variants (small decks keep each case fast)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.rules import evolve, preset
from certification.odds.nine_ten_eleven import Deck, analyze_nine_ten_eleven

BASE = preset("nine-ten-eleven")
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

decks = st.builds(
    Deck,
    ranks=st.sampled_from(["A23456789", "A2345", "A234569", "23456789", "A2389"]),
    suits=st.sampled_from(["SHDC", "SH", "SHD"]),
    copies=st.integers(1, 2),
)
variants = st.builds(
    lambda q, win, buy, switch, on: evolve(
        BASE, qualifying_totals=q, buy_allowed=buy, switch_allowed=switch, bonus_on=on,
        payouts=replace(BASE.payouts, main_win=win),
    ),
    st.sampled_from([(9, 10, 11), (8, 9), (10, 11, 12), (7, 9, 11)]),
    st.sampled_from([Fraction(1), Fraction(3, 2), Fraction(2)]),
    st.booleans(),
    st.booleans(),
    st.just("first_hand"),
)


@FAST
@given(variants, decks)
def test_every_bet_and_the_decisions_are_probability_distributions(rules, deck):
    result = analyze_nine_ten_eleven(rules, deck=deck)
    for bet in result.bets.values():
        assert sum(bet.outcomes.values()) == 1
        assert all(p > 0 for p in bet.outcomes.values())
    d = result.decisions
    assert d["stand"] + d["fold"] + d["buy"] == 1
    after = ("second_qualifies", "neither_qualifies", "one_qualifies_after_switch",
             "both_qualify_after_switch")
    assert d["buy"] == sum(d.get(name, 0) for name in after)
    assert result.bets["main"].average_wager == 1 + d["buy"]


@FAST
@given(variants, decks, st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(1)]))
def test_a_larger_payout_never_lowers_the_ev(rules, deck, more):
    def ev(line, bet, extra):
        pay = replace(rules.payouts, **{line: getattr(rules.payouts, line) + extra})
        return analyze_nine_ten_eleven(replace(rules, payouts=pay), deck=deck).bets[bet].ev

    assert ev("main_win", "main", more) >= ev("main_win", "main", 0)
    assert ev("dice_match", "dice_match", more) >= ev("dice_match", "dice_match", 0)
    assert ev("bonus_flush", "bonus", more) >= ev("bonus_flush", "bonus", 0)


@FAST
@given(variants, decks)
def test_removing_the_switch_or_the_buy_never_raises_the_main_ev(rules, deck):
    full = analyze_nine_ten_eleven(evolve(rules, buy_allowed=True, switch_allowed=True), deck=deck)
    no_switch = analyze_nine_ten_eleven(evolve(rules, buy_allowed=True, switch_allowed=False), deck=deck)
    no_buy = analyze_nine_ten_eleven(evolve(rules, buy_allowed=False), deck=deck)
    assert full.bets["main"].ev >= no_switch.bets["main"].ev >= no_buy.bets["main"].ev
    assert no_buy.decisions["buy"] == 0


@FAST
@given(decks, st.sampled_from(["first_hand", "final_hands"]), st.permutations("SHDC"))
def test_relabelling_the_suits_changes_nothing(deck, bonus_on, order):
    if bonus_on == "final_hands" and deck.size > 24:
        deck = Deck(ranks="A2345", suits=deck.suits, copies=1)
    rules = evolve(BASE, bonus_on=bonus_on)
    relabelled = Deck(ranks=deck.ranks, suits="".join(order[:len(deck.suits)]), copies=deck.copies)
    a = analyze_nine_ten_eleven(rules, deck=deck)
    b = analyze_nine_ten_eleven(rules, deck=relabelled)
    assert {k: v.outcomes for k, v in a.bets.items()} == {k: v.outcomes for k, v in b.bets.items()}
    assert a.decisions == b.decisions


def test_the_policy_ignores_suit_names_under_the_first_hand_reading():
    policy = analyze_nine_ten_eleven(BASE).policy
    first, second = ("AS", "4S", "5H"), ("AD", "2C", "3D")
    swap_suits = str.maketrans("SHDC", "HSCD")
    relabel = lambda hand: tuple(c.translate(swap_suits) for c in hand)  # noqa: E731
    assert policy.first_hand(first) == policy.first_hand(relabel(first)) == "stand"
    assert policy.switch(("9S", "9H", "8D"), second) == policy.switch(
        relabel(("9S", "9H", "8D")), relabel(second))
