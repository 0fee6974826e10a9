"""The file itself: embedded fonts, byte-stable output, metadata that names the certificate."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader, PdfWriter

from certification.reports import (
    CertificateRenderer,
    certificate_number_of,
    claimed_certificate,
    sha256_of,
)
from certification.reports.verify import NotACertificateError

from .conftest import rendered_preset
from .samples import certificate_for


def test_every_font_is_an_embedded_truetype_subset(report):
    seen = set()
    for page in report.reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            seen.add(font["/BaseFont"])
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
    assert any("DejaVuSans" in name for name in seen)


def test_invariant_output_is_byte_identical():
    data = certificate_for("siete-y-media", 7)
    first = CertificateRenderer(invariant=True).render(data)
    second = CertificateRenderer().render(data, invariant=True)
    assert first == second
    assert sha256_of(first) == sha256_of(second)


def test_metadata_names_the_certificate_and_status():
    report = rendered_preset("sette-e-mezzo")
    claim = claimed_certificate(report.pdf)
    assert claim.certificate_number == report.data.certificate_number
    assert claim.status == report.data.status
    assert report.reader.metadata["/Subject"].startswith(
        f"Certificate {report.data.certificate_number}")


def test_claim_survives_a_resave_that_drops_custom_metadata():
    report = rendered_preset("seven-half-home")
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(report.pdf)))
    writer.add_metadata({"/Subject": report.reader.metadata["/Subject"]})
    out = io.BytesIO()
    writer.write(out)
    assert certificate_number_of(out.getvalue()) == report.data.certificate_number


def test_a_file_that_is_not_a_certificate_is_refused():
    with pytest.raises(NotACertificateError):
        claimed_certificate(b"%PDF-1.4 this is not really a pdf")


def test_sha256_is_the_plain_digest():
    assert sha256_of(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_an_approved_certificate_needs_its_approver():
    data = certificate_for("siete-y-media", 8)
    with pytest.raises(ValueError, match="approver"):
        replace(data, status="approved", approver=None, approved=None)
