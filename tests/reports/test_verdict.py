"""The verdict follows the evidence: each kind of failure blocks approval and says why."""

from __future__ import annotations

import copy

from certification.reports import assess, checks

from .samples import PROCEDURE, battery_sample, certificate_for, nist_sample, simulation_for


def _fair_exact() -> dict:
    exact = copy.deepcopy(certificate_for("sette-e-mezzo").exact)
    assert exact["bets"]["main"]["house_edge"] > 0
    return exact


def test_clean_evidence_is_approvable():
    exact = _fair_exact()
    verdict = assess(exact, simulation_for(exact), nist_sample(), battery_sample(40))
    assert verdict.approvable
    assert any("House edge on every bet" in r for r in verdict.reasons)


def test_a_player_advantage_blocks_approval():
    exact = _fair_exact()
    exact["bets"]["main"]["house_edge"] = -0.0123
    verdict = assess(exact)
    assert not verdict.approvable
    assert verdict.reasons == [
        "House edge on every bet: player advantage on Main bet (house edge -1.2300%)"]


def test_a_simulation_beyond_four_standard_errors_blocks_approval():
    exact = _fair_exact()
    simulation = simulation_for(exact)
    simulation["bets"]["main"]["z_vs_exact"] = -4.7
    verdict = assess(exact, simulation)
    assert not verdict.approvable
    assert "Main bet: z = -4.70" in verdict.reasons[0]


def test_failed_randomness_blocks_approval():
    exact = _fair_exact()
    nist = nist_sample()
    nist["summary"]["Runs"]["pass"] = False
    battery = battery_sample(40)
    battery["tests"][0]["flagged"] = True
    battery["verdict"] = "fail"
    verdict = assess(exact, None, nist, battery, PROCEDURE)
    assert not verdict.approvable
    text = " ".join(verdict.reasons)
    assert "failed: Runs" in text and "flagged: card_position" in text
    assert "7 riffles needed" in text


def test_missing_evidence_is_reported_not_assessed():
    found = {c.name: c.passed for c in checks(_fair_exact())}
    assert found["Simulation agrees with exact figures"] is None
    assert found["RNG output (NIST SP 800-22)"] is None
    assert "Hand-shuffle procedure" not in found
