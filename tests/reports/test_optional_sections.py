"""A certificate without optional evidence says what was not part of it, and never omits it."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import replace

from pypdf import PdfReader

from certification.reports import CertificateRenderer, Verdict, assess

from .samples import certificate_for


def _text(data) -> str:
    reader = PdfReader(io.BytesIO(CertificateRenderer(invariant=True).render(data)))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_exact_figures_only():
    base = certificate_for("sette-e-mezzo", 31)
    data = replace(base, simulation=None, nist=None, shuffle_battery=None, procedure=None,
                   table_limits=None, verdict=assess(base.exact))
    text = _text(data)
    assert "No simulation was part of this certification" in text
    assert "No randomness evidence" in text
    assert "No table limits were submitted" in text
    assert "not assessed" in text


def test_approved_certificate_has_no_draft_marks():
    base = certificate_for("sette-e-mezzo", 32)
    data = replace(base, status="approved", approver="Dr. A. Bianchi",
                   approved=dt.date(2025, 12, 1), verdict=Verdict(True, ["all checks passed"]))
    text = _text(data)
    assert "DRAFT" not in text
    assert "Verdict: APPROVED" in text
    assert "Approved on 2025-12-01 by Dr. A. Bianchi" in text


def test_the_game_protection_annex_lists_exposures_gains_risks_and_countermeasures():
    from casino.rules import preset
    from certification.protection import AuditSpec, exact_part
    from certification.protection.merge import assemble_exact_only

    spec = AuditSpec(rules=preset("sette-e-mezzo"), variant="sette-e-mezzo", seats=2)
    data = replace(certificate_for("sette-e-mezzo", 32),
                   protection=assemble_exact_only(spec, exact_part(spec)))
    text = _text(data)
    assert "A Game protection" in text and "Dealer's face-down card seen" in text
    assert "18951831495373/190330952526000" in text
    assert "Countermeasure: no-peek dealing" in text
    assert "no game protection audit of this paytable version had completed" in text
    assert "A Game protection" not in _text(certificate_for("sette-e-mezzo", 33))
