"""Every preset's certificate carries its key figures, rules and verdict, readable as text."""

from __future__ import annotations

import re

from certification.reports import checks
from certification.reports.fmt import bet_name

from .samples import exact_edge_text, exact_fraction_text


def test_every_page_names_the_certificate_and_counts_pages(report):
    number = report.data.certificate_number
    total = len(report.pages)
    assert total >= 8
    for i, text in enumerate(report.pages, start=1):
        assert f"Certificate {number}" in text, f"page {i} lacks the certificate number"
        assert f"Page {i} of {total}" in text, f"page {i} lacks 'Page {i} of {total}'"


def test_cover_states_identity_and_verdict(report):
    data, cover = report.data, " ".join(report.pages[0].split())
    for fact in (data.game, data.jurisdiction, data.submitter, f"version {data.paytable_version}",
                 data.issued.isoformat(), "Certificate of Game Evaluation"):
        assert fact in cover
    expected = ("Verdict: APPROVED" if data.verdict.approvable else "Verdict: NOT APPROVABLE")
    assert expected in cover
    if not data.verdict.approvable:
        for reason in data.verdict.reasons:
            assert " ".join(reason.split()) in cover
    for check in checks(data.exact, data.simulation, data.nist, data.shuffle_battery,
                        data.procedure):
        assert check.name in cover
    if data.is_draft:
        assert "DRAFT" in cover and "not valid as a certificate" in cover
    else:
        assert data.approver in cover and data.approved.isoformat() in cover


def test_exact_figures_are_printed_per_bet(report):
    for bet, figures in report.data.exact["bets"].items():
        assert bet_name(bet) in report.flat
        assert exact_edge_text(report.data, bet) in report.flat
        assert exact_fraction_text(report.data, bet) in report.flat
        assert f"{figures['element_of_risk'] * 100:.4f}%" in report.flat
        assert f"{figures['sd']:.6f}" in report.flat


def test_player_advantage_is_called_out(report):
    for bet, figures in report.data.exact["bets"].items():
        if figures["house_edge"] < 0:
            assert f"player advantage on {bet_name(bet)}" in report.flat
            assert "PLAYER ADVANTAGE" in report.flat


def test_rules_are_printed_in_full(report):
    for clause in report.data.rule_clauses:
        assert clause.title in report.flat
        assert " ".join(clause.text.split()) in report.flat
        for reading in clause.readings:
            assert reading in report.flat


def test_contents_lists_sections_with_page_numbers(report):
    contents = report.reader.pages[1].extract_text(extraction_mode="layout")
    assert "Contents" in contents
    outline = [entry.title for entry in report.reader.outline if not isinstance(entry, list)]
    assert outline[0] == "1 Rules of the game as certified" and outline[-1] == "7 Approval"
    for title in ("1 Rules of the game as certified", "2 Paytable and table limits",
                  "3 Mathematical analysis", "4 Simulation confirmation",
                  "5 Randomness of the deal", "6 Reproducibility", "7 Approval"):
        line = next(line for line in contents.splitlines() if title in line)
        page = int(re.findall(r"(\d+)\s*$", line)[0])
        assert title in report.pages[page - 1], f"{title} is not on page {page}"


def test_simulation_randomness_and_reproducibility_sections(report):
    data, flat = report.data, report.flat
    sim = data.simulation["bets"]["main"]
    assert f"{sim['z_vs_exact']:+.2f}" in flat
    assert f"{sim['house_edge'] * 100:.4f}%" in flat
    assert "NonOverlappingTemplate" in flat and "Where each card landed" in flat
    assert "recorded in the issuing installation's register" in flat
    for digest in data.reproducibility.inputs_sha256.values():
        assert digest in flat
    if data.procedure:
        assert "Hand-shuffle procedure" in flat and "NOT ENOUGH" in flat


def test_the_certificate_names_rules_and_presets_in_words_not_code(report):
    from tests.support.rule_identifiers import identifiers_in

    assert identifiers_in(report.flat) == []
