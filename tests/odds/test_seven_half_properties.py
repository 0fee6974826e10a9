"""Properties every exact Seven-and-a-Half analysis must have, on small random decks."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from casino.rules import preset
from certification.odds.seven_half import analyze_seven_half

RANKS = "A234567JQK"
SUITS = "SHDC"
BASES = [preset(n) for n in ("seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media")]

decks = st.lists(st.sampled_from([r + s for r in RANKS for s in SUITS]), min_size=6, max_size=9,
                 unique=True)
bases = st.sampled_from(BASES)


def ev(rules, deck) -> Fraction:
    return analyze_seven_half(rules, deck=deck).bets["main"].ev


@settings(max_examples=15, deadline=None)
@given(bases, decks)
def test_probabilities_sum_to_one(rules, deck) -> None:
    result = analyze_seven_half(rules, deck=deck)
    assert sum(result.bets["main"].outcomes.values()) == 1
    assert all(p > 0 for p in result.bets["main"].outcomes.values())


@settings(max_examples=15, deadline=None)
@given(bases, decks, st.sampled_from(["win", "seven_and_half", "natural"]))
def test_a_larger_payout_never_lowers_the_ev(rules, deck, line) -> None:
    current = getattr(rules.payouts, line)
    richer = replace(rules, payouts=replace(rules.payouts, **{line: (current or rules.payouts.win) + 1}))
    assert ev(richer, deck) >= ev(rules, deck)


@settings(max_examples=15, deadline=None)
@given(bases, decks)
def test_removing_an_option_never_raises_the_ev(rules, deck) -> None:
    rich = replace(rules, fold_allowed=True, four_exchange_max=2, shoot_seven=True,
                   payouts=replace(rules.payouts, shoot_seven=Fraction(4)))
    top = ev(rich, deck)
    for poorer in (replace(rich, fold_allowed=False), replace(rich, four_exchange_max=0),
                   replace(rich, four_exchange_max=1), replace(rich, shoot_seven=False)):
        assert ev(poorer, deck) <= top


@settings(max_examples=15, deadline=None)
@given(bases, decks, st.permutations(SUITS))
def test_relabelling_suits_changes_nothing_but_the_king_of_diamonds(rules, deck, perm) -> None:
    # Suits are interchangeable once the king of diamonds keeps its identity: map the
    # other suits among themselves and leave every diamond where it is.
    others = [s for s in perm if s != "D"]
    mapping = dict(zip([s for s in SUITS if s != "D"], others, strict=False)) | {"D": "D"}
    relabelled = [c[0] + mapping[c[1]] for c in deck]
    assert analyze_seven_half(rules, deck=relabelled).bets["main"].outcomes == \
        analyze_seven_half(rules, deck=deck).bets["main"].outcomes
