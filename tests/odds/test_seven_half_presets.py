"""Every preset's exact figures, pinned, and checked against a quick simulation.

The pinned fractions are this engine's own output. They are trusted because the same engine
matches the independent brute force (bruteforce_seven_half.py) exactly on reduced decks,
for every rule these presets use, and because a simulation of the full deck that plays
the engine's policy lands within 4 standard errors of them (below).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from casino.rules import preset
from casino.rules.cards import SEVEN_HALF_RANKS, new_deck
from certification.odds.results import PlayerView
from certification.odds.seven_half import analyze_seven_half

EXACT_EV = {
    "seven-half-casino": Fraction(63949, 137085),
    "seven-half-home": Fraction(1061068433665237, 9059753340237600),
    "sette-e-mezzo": Fraction(-1963633177538789, 45298766701188000),
    "siete-y-media": Fraction(12949499997988, 157287384379125),
}


@pytest.fixture(scope="module")
def results():
    return {name: analyze_seven_half(preset(name), name) for name in EXACT_EV}


@pytest.mark.parametrize("name", sorted(EXACT_EV))
def test_preset_ev_is_stable(results, name: str) -> None:
    figures = results[name].bets["main"]
    assert figures.ev == EXACT_EV[name]
    assert sum(figures.outcomes.values()) == 1
    assert figures.p_win + figures.p_push + figures.p_loss == 1


def _value(code: str, first: bool, rules) -> Fraction:
    if code == "KD" and rules.special_card == "kd_first_card" and first:
        return Fraction(15, 2)
    return Fraction(1, 2) if code[0] in "JQK" else Fraction("A234567".index(code[0]) + 1)


def _total(cards: list[str], rules) -> Fraction | None:
    if rules.special_card == "wild" and "KD" in cards:
        others = sum((_value(c, False, rules) for c in cards if c != "KD"), Fraction(0))
        ok = [others + v for v in [Fraction(1, 2)] + list(range(1, 8)) if others + v <= Fraction(15, 2)]
        return max(ok) if ok else None
    t = sum((_value(c, False, rules) for c in cards), Fraction(0))
    return t if t <= Fraction(15, 2) else None


def simulate_round(rules, policy, rng: random.Random) -> Fraction:
    deck = [c.code for c in new_deck(SEVEN_HALF_RANKS, rules.decks)]
    rng.shuffle(deck)
    player, up = [deck.pop()], deck.pop()
    pay = rules.payouts
    if rules.special_card == "kd_first_card" and player[0] == "KD":
        return pay.kd_first_card
    if rules.special_card == "kd_first_card" and up == "KD":
        return Fraction(-1)
    view_up = up if rules.dealer_upcard_visible else None
    exchanges, stake = 0, Fraction(1)
    while True:
        d = policy.decide(PlayerView(view_up, tuple(player), exchanges))
        if d.action == "exchange":
            exchanges += 1
            player = [deck.pop()]
            if rules.special_card == "kd_first_card" and player[0] == "KD":
                return pay.kd_first_card
            continue
        break
    if d.action == "fold":
        return Fraction(-1)
    if d.final_bet is not None:
        stake = 1 + d.final_bet
    while d.action == "hit":
        player.append(deck.pop())
        if _total(player, rules) is None:
            return -stake
        d = policy.decide(PlayerView(view_up, tuple(player), exchanges))
    t = _total(player, rules)
    dealer = [up]
    stop = Fraction(15, 2) if rules.dealer_must_reach_7_5_vs_revealed and t == Fraction(15, 2) else rules.dealer_stands_at
    while True:
        dt = _total(dealer, rules)
        full = rules.dealer_max_cards is not None and len(dealer) >= rules.dealer_max_cards
        if dt is None or dt >= stop or full:
            break
        dealer.append(deck.pop())
    reale = t == Fraction(15, 2) and len(player) == 2
    if dt == Fraction(15, 2) and len(dealer) == 2 and pay.dealer_natural_collects is not None:
        return -stake * (1 if reale else pay.dealer_natural_collects)
    triple = rules.special_card == "wild" and reale and "KD" in player and any(c[0] == "7" for c in player)
    win = pay.winning(total_is_7_5=t == Fraction(15, 2), two_cards=len(player) == 2, is_triple=triple)
    if dt is None or t > dt:
        return stake * win
    if t == dt and rules.ties == "push":
        return Fraction(0)
    return -stake


@pytest.mark.parametrize("name", sorted(EXACT_EV))
def test_simulation_agrees_within_four_standard_errors(results, name: str) -> None:
    rules, result = preset(name), results[name]
    rng = random.Random(20240611)
    rounds = 20_000
    nets = [float(simulate_round(rules, result.policy, rng)) for _ in range(rounds)]
    mean = sum(nets) / rounds
    se = result.bets["main"].sd / math.sqrt(rounds)
    assert abs(mean - float(EXACT_EV[name])) < 4 * se, (mean, float(EXACT_EV[name]), se)
