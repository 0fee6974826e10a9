"""Proofs of what the search prunes: every monotone knob it bisects, every change it calls inert.

Each test walks the tuner's own tables (``structure.direction`` and ``structure.inert``)
over every knob of the family in several contexts, so an entry added to a table without a
proof here fails: the search relies on nothing these tests do not check.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.rules import RuleValidationError, preset, with_overrides
from certification.odds.analysis import analyze
from certification.odds.nine_ten_eleven import Deck, analyze_nine_ten_eleven
from certification.odds.seven_half import analyze_seven_half
from certification.odds.tuner.knobs import knob_keys
from certification.odds.tuner.structure import direction, inert

# Seven-and-a-Half contexts in which every knob of the tables means something.
SEVEN_CONTEXTS = {
    "casino": preset("seven-half-casino"),
    "home": preset("seven-half-home"),
    "sette": preset("sette-e-mezzo"),
    "siete-options": with_overrides(preset("siete-y-media"), [
        "shoot_seven=true", "four_exchange_max=1", "fold_allowed=true", "payouts.natural=5/2"]),
    "online": preset("sette-e-mezzo-online"),
}
NINE_CONTEXTS = {
    "first-hand": preset("nine-ten-eleven"),
    "no-switch": with_overrides(preset("nine-ten-eleven"), ["switch_allowed=false"]),
}
VALUES = ["0", "1/2", "1", "3/2", "2", "3"]
SWITCHES = ["false", "true"]
LADDERS = {"player_max_cards": ["1", "2", "3", "5", "unlimited"], "ties": ["push", "dealer"],
           "fold_allowed": SWITCHES, "shoot_seven": SWITCHES, "dealer_upcard_visible": SWITCHES,
           "dealer_must_reach_7_5_vs_revealed": SWITCHES, "stand_minimum": ["none", "upcard"],
           "stand_minimum_matta": ["half", "seven"]}
"""Knobs whose values are not amounts: their own ladder, in the order the search sorts them."""
SMALL_SEVEN_DECKS = st.lists(
    st.sampled_from([r + s for r in "A234567JQK" for s in "SHDC"]), min_size=7, max_size=9,
    unique=True,
)
SMALL_NINE_DECKS = st.builds(
    Deck, ranks=st.sampled_from(["A2345", "A234569", "23456789", "A2389"]),
    suits=st.sampled_from(["SH", "SHD"]), copies=st.just(1),
)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _ladder(rules, key) -> list:
    variants = []
    for value in LADDERS.get(key, VALUES):
        try:
            variants.append(with_overrides(rules, [f"{key}={value}"]))
        except RuleValidationError:
            continue
    return variants


def _monotone_cases(contexts, bets):
    # A knob counts in a context where at least two of its values are valid there (a seven
    # is shot only where its payout is set).
    return [
        (name, key, bet)
        for name, rules in contexts.items()
        for key in knob_keys(rules.family)
        for bet in bets
        if direction(rules, key, bet) and not inert(rules, key)
        and (rules.family != "seven_and_half" or len(_ladder(rules, key)) >= 2)
    ]


SEVEN_CASES = _monotone_cases(SEVEN_CONTEXTS, ["main"])
NINE_CASES = _monotone_cases(NINE_CONTEXTS, ["main", "bonus", "dice_match"])


def _edges_follow(edges: list[Fraction], sign: int) -> bool:
    pairs = zip(edges, edges[1:], strict=False)
    return all(b <= a for a, b in pairs) if sign > 0 else all(b >= a for a, b in pairs)


def test_every_seven_half_table_entry_has_a_case():
    keys = {key for _, key, _ in SEVEN_CASES}
    assert keys == {
        "payouts.win", "payouts.seven_and_half", "payouts.natural", "payouts.triple",
        "payouts.kd_first_card", "payouts.shoot_seven", "payouts.dealer_natural_collects",
        "final_bet_max", "final_bet_min", "four_exchange_max", "player_max_cards",
        "fold_allowed", "shoot_seven", "dealer_upcard_visible", "ties",
        "dealer_must_reach_7_5_vs_revealed", "stand_minimum", "stand_minimum_matta",
    }


@pytest.mark.parametrize(("context", "key", "bet"), SEVEN_CASES)
def test_seven_half_edge_is_monotone_on_the_full_deck(context, key, bet):
    rules = SEVEN_CONTEXTS[context]
    ladder = _ladder(rules, key)
    assert len(ladder) >= min(3, len(LADDERS.get(key, VALUES)))
    edges = [analyze(r).bets[bet].house_edge for r in ladder]
    assert _edges_follow(edges, direction(rules, key, bet)), (key, [float(e) for e in edges])


@FAST
@given(st.sampled_from(SEVEN_CASES), SMALL_SEVEN_DECKS, st.data())
def test_seven_half_edge_is_monotone_on_small_decks(case, deck, data):
    context, key, bet = case
    rules = SEVEN_CONTEXTS[context]
    ladder = _ladder(rules, key)
    a, b = sorted(data.draw(st.lists(st.integers(0, len(ladder) - 1), min_size=2, max_size=2)))
    edges = [analyze_seven_half(ladder[i], deck=deck).bets[bet].house_edge for i in (a, b)]
    assert _edges_follow(edges, direction(rules, key, bet))


SWITCH_CASES = [case for case in SEVEN_CASES if len(LADDERS.get(case[1], VALUES)) == 2]
SMALL_DECKS = [
    ["AS", "2H", "3D", "7C", "JS", "QH", "KD", "KC"],
    ["7S", "7H", "JD", "QC", "KD", "5S", "6H", "AC", "2D"],
    ["4S", "4H", "3C", "JH", "KS", "KD", "7D", "6C"],
]


@pytest.mark.parametrize(("context", "key", "bet"), SWITCH_CASES)
def test_a_switch_moves_the_edge_its_way_on_small_decks(context, key, bet):
    rules = SEVEN_CONTEXTS[context]
    ladder = _ladder(rules, key)
    for deck in SMALL_DECKS:
        edges = [analyze_seven_half(r, deck=deck).bets[bet].house_edge for r in ladder]
        assert _edges_follow(edges, direction(rules, key, bet)), (key, deck, edges)


@pytest.mark.parametrize(("context", "key", "bet"), NINE_CASES)
def test_nine_ten_eleven_edge_is_monotone(context, key, bet):
    rules = NINE_CONTEXTS[context]
    values = ["1", "3/2", "2"] if key == "payouts.main_win" else ["0", "5", "40"]
    ladder = [with_overrides(rules, [f"{key}={v}"]) for v in values]
    edges = [analyze(r).bets[bet].house_edge for r in ladder]
    assert _edges_follow(edges, direction(rules, key, bet)), (key, bet, [float(e) for e in edges])


@FAST
@given(st.sampled_from(NINE_CASES), SMALL_NINE_DECKS, st.sampled_from(VALUES[1:]))
def test_nine_ten_eleven_edge_is_monotone_on_small_decks(case, deck, step):
    context, key, bet = case
    rules = NINE_CONTEXTS[context]
    low = with_overrides(rules, [f"{key}=1"])
    high = with_overrides(rules, [f"{key}={1 + Fraction(step)}"])
    edges = [analyze_nine_ten_eleven(r, deck=deck).bets[bet].house_edge for r in (low, high)]
    assert _edges_follow(edges, direction(rules, key, bet))


def test_nothing_is_monotone_where_it_is_not_proved():
    # The dealer's standing total is not monotone: standing very low or very high both
    # favour the player, so it is never bisected.
    siete = preset("siete-y-media")
    edges = [analyze(with_overrides(siete, [f"dealer_stands_at={v}"])).bets["main"].house_edge
             for v in ("1/2", "6", "15/2")]
    assert edges[1] > edges[0] and edges[1] > edges[2]
    assert direction(siete, "dealer_stands_at", "main") == 0
    assert direction(siete, "dealer_max_cards", "main") == 0
    assert direction(siete, "final_bet", "main") == 0
    final = with_overrides(preset("nine-ten-eleven"), ["bonus_on=final_hands"])
    assert direction(final, "payouts.bonus_flush", "bonus") == 0
    assert direction(with_overrides(siete, ["split_figures=true", "max_splits=1"]),
                     "payouts.win", "main") == 0


INERT_CASES = [
    (name, key)
    for contexts in (SEVEN_CONTEXTS, NINE_CONTEXTS)
    for name, rules in contexts.items()
    for key in knob_keys(rules.family)
    if inert(rules, key)
]


def test_the_inert_table_is_exercised():
    assert {key for _, key in INERT_CASES} == {
        "payouts.kd_first_card", "payouts.triple", "payouts.shoot_seven",
        "final_bet_min", "final_bet_max", "max_splits", "stand_minimum_matta",
    }


@pytest.mark.parametrize(("context", "key"), INERT_CASES)
def test_an_inert_change_changes_no_figure(context, key):
    rules = {**SEVEN_CONTEXTS, **NINE_CONTEXTS}[context]
    before = analyze(rules).bets
    for value in ("1/2", "5", "0", "1", "2"):
        try:
            changed = with_overrides(rules, [f"{key}={value}"])
        except RuleValidationError:
            continue
        if changed == rules:
            continue
        after = analyze(changed).bets
        assert {n: (b.outcomes, b.average_wager) for n, b in after.items()} == \
            {n: (b.outcomes, b.average_wager) for n, b in before.items()}
