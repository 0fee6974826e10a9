"""Every issued PDF is signed with the installation's key; tampering, updates and foreign keys fail."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from pyhanko.pdf_utils.generic import NameObject, TextStringObject
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko_certvalidator import ValidationContext
from reportlab.pdfgen.canvas import Canvas

from certification.models import IssuedReport
from certification.reports.signing import (
    load_certificate,
    make_self_signed,
    sign_pdf_bytes,
    validate_pdf,
)
from certification.services.signing import sign_pdf, signing_identity, trusted_certificates

pytestmark = pytest.mark.django_db


def _pdf(text: str = "a document") -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pageCompression=0)
    canvas.drawString(100, 700, text)
    canvas.save()
    return buffer.getvalue()


def _verify(path) -> str:
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    return out.getvalue()


def _incremental_update(pdf: bytes) -> bytes:
    """A harmless-looking change appended after signing, as a PDF editor would save it."""
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    writer.root[NameObject("/Lang")] = TextStringObject("fr")
    writer.update_root()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_pyhanko_alone_finds_the_signature_intact_and_made_by_the_installation_certificate():
    signed = sign_pdf(_pdf(), reason="test")
    cert = load_certificate(signing_identity().cert_pem)
    embedded = PdfFileReader(io.BytesIO(signed)).embedded_signatures
    assert len(embedded) == 1
    status = validate_pdf_signature(embedded[0], ValidationContext(trust_roots=[cert]))
    assert status.intact and status.valid and status.trusted
    assert status.signing_cert.sha256 == cert.sha256
    assert status.bottom_line


def test_the_certificate_of_a_run_is_signed_before_it_is_hashed_into_the_register(tmp_path):
    out = tmp_path / "cert.pdf"
    call_command("certify", "seven-half-home", "--rounds", "20000", "--out", str(out), "--workers", "1",
                 stdout=io.StringIO(), stderr=io.StringIO())
    pdf = out.read_bytes()
    check = validate_pdf(pdf, trusted_certificates())
    assert check.ok and check.modification_level == "NONE" and check.signing_time is not None
    assert IssuedReport.objects.filter(sha256=__import__("hashlib").sha256(pdf).hexdigest()).exists()
    printed = io.StringIO()
    with pytest.raises(CommandError, match="DRAFT") as draft:  # genuine, but a draft
        call_command("verify-report", str(out), stdout=printed)
    text = printed.getvalue()
    assert draft.value.returncode == 8
    assert text.startswith("AUTHENTIC") and "signed by" in text and "Tablecert" in text


def test_verify_report_rejects_an_incremental_update_after_signing(tmp_path):
    path = tmp_path / "updated.pdf"
    path.write_bytes(_incremental_update(sign_pdf(_pdf(), reason="test")))
    assert validate_pdf(path.read_bytes(), trusted_certificates()).modification_level not in ("", "NONE")
    with pytest.raises(CommandError, match="changed after it was signed"):
        _verify(path)


def test_verify_report_rejects_a_pdf_signed_by_another_key(tmp_path):
    other = make_self_signed(common_name="Tablecert Certification Laboratory", organisation="Impostor")
    path = tmp_path / "forged.pdf"
    path.write_bytes(sign_pdf_bytes(_pdf(), other, reason="forged", name="Impostor"))
    with pytest.raises(CommandError, match="does not trust"):
        _verify(path)


def test_verify_report_rejects_an_unsigned_pdf_and_one_changed_byte(tmp_path):
    unsigned = tmp_path / "unsigned.pdf"
    unsigned.write_bytes(_pdf())
    with pytest.raises(CommandError, match="carries no signature"):
        _verify(unsigned)
    signed = bytearray(sign_pdf(_pdf("the figures are 4.33%"), reason="test"))
    at = bytes(signed).index(b"4.33")
    signed[at] = ord("9")
    changed = tmp_path / "changed.pdf"
    changed.write_bytes(bytes(signed))
    with pytest.raises(CommandError, match="NOT VERIFIED"):
        _verify(changed)


def test_documents_signed_before_a_key_rotation_still_verify(settings, tmp_path):
    old = tmp_path / "signed-with-the-old-key.pdf"
    old.write_bytes(sign_pdf(_pdf(), reason="before rotation"))
    old_fingerprint = validate_pdf(old.read_bytes(), trusted_certificates()).signer_sha256
    settings.TABLECERT_SIGNING_KEY = tmp_path / "new" / "key.pem"
    settings.TABLECERT_SIGNING_CERT = tmp_path / "new" / "cert.pem"
    new = tmp_path / "signed-with-the-new-key.pdf"
    new.write_bytes(sign_pdf(_pdf(), reason="after rotation"))
    new_check = validate_pdf(new.read_bytes(), trusted_certificates())
    assert new_check.ok and new_check.signer_sha256 != old_fingerprint
    assert _verify(old).startswith("AUTHENTIC") and _verify(new).startswith("AUTHENTIC")


def test_production_never_creates_a_key(settings, tmp_path):
    from django.core.exceptions import ImproperlyConfigured

    settings.PRODUCTION = True
    settings.TABLECERT_SIGNING_KEY = tmp_path / "missing" / "key.pem"
    settings.TABLECERT_SIGNING_CERT = tmp_path / "missing" / "cert.pem"
    with pytest.raises(ImproperlyConfigured, match="TABLECERT_SIGNING_KEY"):
        sign_pdf(_pdf(), reason="test")
    assert not (tmp_path / "missing" / "key.pem").exists()
