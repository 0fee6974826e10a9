"""Sanity checks that cannot pass by accident: useless information is worth exactly zero,
perfect information is never worth less than nothing, and collusion grows with k."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from casino.rules import preset
from certification.protection import AuditSpec, audit_jobs, run_audit, run_chunk
from certification.protection.collusion import collusion_exact_gain
from certification.protection.dealer_card import dealer_card_exposure
from certification.protection.exact_part import deck_values, exact_part
from certification.protection.merge import shuffle_result
from certification.protection.one_card import one_card_gain
from certification.protection.result import risk_level

SEVEN_HALF = ["seven-half-casino", "seven-half-home", "sette-e-mezzo", "siete-y-media"]


@pytest.mark.parametrize("name", ["seven-half-casino", "seven-half-home", "siete-y-media"])
def test_a_dealer_card_already_face_up_is_worth_nothing(name):
    rules = preset(name)
    exposure = dealer_card_exposure(rules, deck_values(rules).baseline)
    assert exposure.method == "not_applicable"
    assert exposure.gain == 0 and exposure.risk == "none"
    assert "face up" in exposure.reason


def test_a_die_has_no_dealer_card():
    exposure = dealer_card_exposure(preset("nine-ten-eleven"), Fraction(0))
    assert exposure.method == "not_applicable" and "die" in exposure.reason


def test_seeing_a_hidden_card_helps_and_seeing_it_twice_is_the_same_game():
    rules = preset("sette-e-mezzo")
    base = deck_values(rules).baseline
    gain = dealer_card_exposure(rules, base).gain_fraction
    assert gain > 0
    visible = replace(rules, dealer_upcard_visible=True)
    assert dealer_card_exposure(visible, deck_values(visible).baseline).method == "not_applicable"


@pytest.mark.parametrize("name", SEVEN_HALF)
def test_perfect_information_about_a_removed_card_is_never_negative(name):
    assert one_card_gain(deck_values(preset(name))) > 0


@pytest.mark.parametrize("name", ["seven-half-casino", pytest.param("siete-y-media", marks=pytest.mark.slow)])
def test_two_known_cards_are_worth_more_than_one(name):
    values = deck_values(preset(name))
    one, two = one_card_gain(values), collusion_exact_gain(values, 3)
    assert two > one > 0, "sharing two partners' cards must be worth more than one card"


@pytest.mark.slow
def test_collusion_grows_with_k_on_the_casino_version():
    spec = AuditSpec(rules=preset("seven-half-casino"), seats=5, rounds=400, seed=7)
    report = run_audit(spec)
    curve = report["exposures"]["collusion"]["collusion_curve"]
    assert [p["method"] for p in curve] == ["exact", "exact", "exact", "simulation"]
    gains = [p["player_edge_gain"] for p in curve]
    ses = [p.get("se", 0.0) for p in curve]
    assert 0 < gains[0] < gains[1] < gains[2], "exact: more partners' cards are worth more"
    for k in range(len(curve) - 1):
        step = (gains[k + 1] - gains[k]) / max((ses[k] ** 2 + ses[k + 1] ** 2) ** 0.5, 1e-12)
        assert step > -2, f"k={k + 2} -> {k + 3} falls by {-step:.1f} SE"
    assert (gains[-1] - gains[1]) / ses[-1] > 4, "five colluders gain clearly more than three"


def test_a_shuffle_before_every_round_makes_dealing_through_worthless():
    spec = AuditSpec(rules=preset("seven-half-casino"), seats=7, penetration=0.0, rounds=40, seed=1)
    report = run_audit(spec)
    dealt = report["exposures"]["dealt_through"]
    assert dealt["method"] == "exact"
    assert dealt["player_edge_gain"] == 0 and dealt["player_edge_gain_fraction"] == "0/1"
    assert dealt["risk"]["level"] == "none"
    # Seven seats leave room for one round in 40 cards, whatever the penetration.
    assert all(p["method"] == "exact" and p["player_edge_gain"] == 0
               for p in dealt["dealt_through_curve"])


@pytest.mark.slow
def test_dealing_through_helps_a_perfect_information_player_more_the_deeper_it_goes():
    spec = AuditSpec(rules=preset("seven-half-casino"), seats=1, penetration=0.9, rounds=1200, seed=3)
    report = run_audit(spec)
    curve = {p["penetration"]: p for p in report["exposures"]["dealt_through"]["dealt_through_curve"]}
    assert curve[0.9]["ci95"][0] > 0
    assert curve[0.25]["player_edge_gain"] < curve[0.9]["player_edge_gain"]
    assert curve[0.9]["ci95"][0] > curve[0.25]["ci95"][1] - 0.002


HIDDEN_CASINO = replace(preset("seven-half-casino"), dealer_upcard_visible=False)


def _shuffle(procedure: str, rules=HIDDEN_CASINO):
    spec = AuditSpec(rules=rules, seats=1, procedure=procedure, rounds=100, seed=5)
    exact = exact_part(spec)
    planned = audit_jobs(spec, exact)
    sums = {job.key: [run_chunk(spec, exact, j, c) for c in range(spec.chunks)]
            for j, job in enumerate(planned) if job.exposure == "shuffle"}
    return shuffle_result(spec, exact, sums, -Fraction(exact["baseline_ev"])).to_json()


def test_a_weak_hand_shuffle_is_predictable_and_riffles_remove_it():
    shuffle = _shuffle("riffle,cut")
    assert shuffle["predictable_cards"] > 0
    assert shuffle["ci95"][0] > 0, "a hidden dealer card predicted above chance is worth something"
    assert any("add" in c["action"] and "riffle" in c["action"] for c in shuffle["countermeasures"])


def test_a_washed_deck_leaves_nothing_to_predict():
    shuffle = _shuffle("wash,riffle*3,cut")
    assert shuffle["predictable_cards"] == 0
    assert not any(c["action"].startswith("add") for c in shuffle["countermeasures"])


def test_predicting_a_face_up_dealer_card_is_worth_nothing():
    shuffle = _shuffle("riffle,cut", rules=preset("seven-half-casino"))
    assert shuffle["predictable_cards"] > 0
    assert shuffle["player_edge_gain"] == 0 and shuffle["ci95"] == [0.0, 0.0]
    assert "face up" in shuffle["reason"]


def test_risk_rule():
    assert risk_level(0.0, 0.05) == "none"
    assert risk_level(0.01, 0.05) == "low"
    assert risk_level(0.03, 0.05) == "medium"
    assert risk_level(0.06, 0.05) == "high"
    assert risk_level(0.001, -0.01) == "high"


def test_the_exact_part_is_plain_json_with_exact_fractions():
    import json

    exact = exact_part(AuditSpec(rules=HIDDEN_CASINO, seats=7))
    assert json.loads(json.dumps(exact)) == exact
    assert Fraction(exact["dealer_card"]["player_edge_gain_fraction"]) > 0
    assert exact["collusion_exact"].keys() == {"2", "3", "4"}
    # Groups whose reduced decks are no more than the 2,000 samples are counted by jobs
    # (450 and 1,115 decks); seven colluders (2,445) are sampled.
    assert exact["collusion_counted"] == [5, 6] and exact["collusion_simulated"] == [7]
    assert set(exact["collusion_control_mean"]) == {"7"} and exact["collusion_control"]["second"]
    unlimited = exact_part(AuditSpec(rules=preset("siete-y-media"), seats=6))
    # Unlimited draws: pairs of cards (k = 3) in the exact part, three and four cards (120
    # and 330 decks, no more than the 400 samples) counted by jobs, five (785) sampled.
    assert unlimited["collusion_exact"].keys() == {"2", "3"}
    assert unlimited["collusion_counted"] == [4, 5] and unlimited["collusion_simulated"] == [6]


def test_nine_ten_eleven_values_its_card_exposures_and_leaves_a_die_games_shuffle_leak_unknown():
    report = run_audit(AuditSpec(rules=preset("nine-ten-eleven"), seats=2, penetration=0.5,
                                 procedure="riffle,cut", rounds=40, seed=2))
    exposures = report["exposures"]
    assert exposures["dealer_card"]["risk"]["level"] == "none"  # a die: nothing to see
    assert exposures["one_card"]["method"] == "exact"
    assert Fraction(exposures["one_card"]["player_edge_gain_fraction"]) > 0
    assert exposures["collusion"]["method"] == "simulation"
    assert "face up" in exposures["collusion"]["reading"]
    dealt = exposures["dealt_through"]
    assert dealt["method"] == "simulation" and dealt["dealt_through_curve"][1]["rounds_per_shoe"] == 3
    assert set(exposures["dealt_through"]["count_tags"]) == set("A23456789")
    # Cards predicted above chance that no gain model values (a die game's hands): unknown.
    assert exposures["shuffle"]["predictable_cards"] > 0
    assert exposures["shuffle"]["risk"]["level"] == "unknown"
