"""With a timestamp authority every signature is PAdES B-LT; without one it stays B-B.

The authority is a real RFC 3161 server on loopback (tests/support/timestamps.py); the
proof of the timestamp is pyHanko's own validation, not ours.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import re
from pathlib import Path

import pytest
from asn1crypto import cms, tsp
from cryptography.hazmat.primitives.serialization import Encoding
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import CommandError
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.validation import DocumentSecurityStore, validate_pdf_signature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from certification.models import CertificationRun, IssuedReport
from certification.reports.signing import TimestampError, load_certificate, validate_pdf
from certification.services.packets import packet_build
from certification.services.signing import (
    pdf_signature_check,
    sign_pdf,
    signing_identity,
    trusted_certificates,
)
from tests.support.server import free_port
from tests.support.timestamps import AUTHORITY_NAME, ROOT_NAME, LocalTimestampAuthority

from .conftest import unzip
from .test_signing import _pdf, _verify

pytestmark = pytest.mark.django_db


@pytest.fixture
def tsa(settings, tmp_path):
    with LocalTimestampAuthority() as authority:
        roots = tmp_path / "tsa-roots.pem"
        roots.write_bytes(authority.root_pem)
        settings.TABLECERT_TSA_URL = authority.url
        settings.TABLECERT_TSA_ROOTS = str(roots)
        settings.TABLECERT_SIGNING_TRUSTED_DIR = tmp_path / "trusted"
        yield authority


def _signature(pdf: bytes):
    embedded = PdfFileReader(io.BytesIO(pdf)).embedded_signatures
    assert len(embedded) == 1
    return embedded[0]


def test_a_pdf_stamped_by_the_local_authority_validates_with_pyhanko_alone(tsa):
    before = dt.datetime.now(dt.UTC)
    signed = sign_pdf(_pdf(), reason="test")
    after = dt.datetime.now(dt.UTC)
    installation = load_certificate(signing_identity().cert_pem)
    root = load_certificate(tsa.root_pem)

    status = validate_pdf_signature(_signature(signed), ValidationContext(trust_roots=[installation, root]))
    assert status.bottom_line and status.intact and status.valid and status.trusted
    assert status.modification_level == ModificationLevel.NONE
    assert status.coverage == SignatureCoverageLevel.ENTIRE_FILE
    stamp = status.timestamp_validity
    assert stamp is not None and stamp.intact and stamp.valid and stamp.trusted
    assert before - dt.timedelta(seconds=1) <= stamp.timestamp <= after + dt.timedelta(seconds=1)
    assert AUTHORITY_NAME in stamp.signing_cert.subject.human_friendly
    assert tsa.requests >= 1

    # The trust in the timestamp comes from the authority's root, nothing else.
    alone = validate_pdf_signature(_signature(signed), ValidationContext(trust_roots=[installation]))
    assert alone.timestamp_validity.intact and not alone.timestamp_validity.trusted


def test_the_signed_revision_carries_the_validation_data_of_the_signer_and_the_authority(tsa):
    signed = sign_pdf(_pdf(), reason="test")
    reader = PdfFileReader(io.BytesIO(signed))
    assert reader.xrefs.total_revisions == 2  # the document and its signature: B-LT in one go
    dss = DocumentSecurityStore.read_dss(reader)
    held = {cert.sha256 for cert in dss.load_certs()}
    installation = load_certificate(signing_identity().cert_pem)
    authority, root = (load_certificate(c.public_bytes(Encoding.DER)) for c in (tsa.certificate, tsa.root))
    assert {installation.sha256, authority.sha256, root.sha256} <= held
    # The authority's certificate names a CRL; pyHanko fetched it and embedded it.
    assert len(dss.crls) == 1


def test_verify_report_prints_the_time_and_the_authority(tsa, tmp_path):
    path = tmp_path / "stamped.pdf"
    path.write_bytes(sign_pdf(_pdf(), reason="test"))
    check = validate_pdf(path.read_bytes(), trusted_certificates(), [tsa.root_pem])
    assert check.ok and check.timestamp is not None and check.timestamp_trusted
    text = _verify(path)
    assert text.startswith("AUTHENTIC")
    when = f"{check.timestamp.astimezone(dt.UTC):%Y-%m-%d %H:%M:%S} UTC"
    assert f"timestamped {when} by " in text and AUTHORITY_NAME in text
    assert "(a trusted timestamp authority)" in text


def test_a_certificate_issued_with_the_authority_is_timestamped_and_in_the_register(tsa, tmp_path):
    out = tmp_path / "cert.pdf"
    call_command("certify", "seven-half-home", "--rounds", "20000", "--out", str(out), "--workers", "1",
                 stdout=io.StringIO(), stderr=io.StringIO())
    pdf = out.read_bytes()
    assert IssuedReport.objects.filter(sha256=hashlib.sha256(pdf).hexdigest()).exists()
    status = _signature(pdf)
    stamp = validate_pdf_signature(status, ValidationContext(
        trust_roots=[load_certificate(signing_identity().cert_pem), load_certificate(tsa.root_pem)]
    )).timestamp_validity
    assert stamp.intact and stamp.valid and stamp.trusted
    printed = io.StringIO()
    with pytest.raises(CommandError) as draft:  # certify issues a draft: genuine, not yet valid
        call_command("verify-report", str(out), stdout=printed)
    assert draft.value.returncode == 8 and str(draft.value).startswith("DRAFT")
    text = printed.getvalue()
    assert re.match(r"AUTHENTIC: .* is an unaltered copy of certificate ", text)
    assert "timestamped " in text and AUTHORITY_NAME in text


def test_an_unreachable_authority_fails_the_issue_and_issues_nothing(settings, tmp_path, tsa):
    settings.TABLECERT_TSA_URL = f"http://127.0.0.1:{free_port()}/"  # nothing listens there
    issued_before = IssuedReport.objects.count()
    with pytest.raises(TimestampError, match=r"timestamp authority at http://127\.0\.0\.1:\d+/ gave no "
                                             r"timestamp: .*(connect|Connect)"):
        sign_pdf(_pdf(), reason="test")
    out = tmp_path / "cert.pdf"
    with pytest.raises(CommandError, match="certification failed: .*gave no timestamp"):
        call_command("certify", "seven-half-home", "--rounds", "20000", "--out", str(out),
                     "--workers", "1", stdout=io.StringIO(), stderr=io.StringIO())
    run = CertificationRun.objects.order_by("-pk").first()
    assert run.status == "failed" and "gave no timestamp" in run.error
    assert not run.report and not run.report_sha256
    assert IssuedReport.objects.count() == issued_before
    assert not out.exists()
    assert not list(Path(settings.MEDIA_ROOT).rglob("certificate-*.pdf"))


def test_an_authority_outside_the_configured_roots_is_refused(settings, tmp_path, tsa):
    with LocalTimestampAuthority() as stranger:
        other = tmp_path / "other-root.pem"
        other.write_bytes(stranger.root_pem)
        settings.TABLECERT_TSA_ROOTS = str(other)  # the roots of another authority
        with pytest.raises(TimestampError, match="is not trusted"):
            sign_pdf(_pdf(), reason="test")


def test_an_authority_without_its_roots_is_a_configuration_error(settings, tsa):
    shown = io.StringIO()
    call_command("ensure_signing_key", stdout=shown)
    assert f"Timestamps from {tsa.url}, trusted through" in shown.getvalue()
    assert ROOT_NAME in shown.getvalue()
    settings.TABLECERT_TSA_ROOTS = ""
    with pytest.raises(ImproperlyConfigured, match="TABLECERT_TSA_ROOTS"):
        sign_pdf(_pdf(), reason="test")
    with pytest.raises(CommandError, match="TABLECERT_TSA_ROOTS"):
        call_command("ensure_signing_key", stdout=io.StringIO())
    assert tsa.requests == 0


def _with_token_time_moved(pdf: bytes, days: int) -> bytes:
    """The PDF with its signature's timestamp token claiming another time: the token lives
    outside the signed bytes, so the PDF signature itself stays intact."""
    start = pdf.index(b"/Contents <") + len(b"/Contents <")
    end = pdf.index(b">", start)
    hex_contents = pdf[start:end]
    content = cms.ContentInfo.load(bytes.fromhex(hex_contents.decode()))
    signer_info = content["content"]["signer_infos"][0]
    token = signer_info["unsigned_attrs"][0]["values"][0]
    encapsulated = token["content"]["encap_content_info"]
    info = tsp.TSTInfo.load(encapsulated["content"].contents)
    info["gen_time"] = info["gen_time"].native - dt.timedelta(days=days)
    encapsulated["content"] = cms.ParsableOctetString(info.dump(force=True))
    forged = content.dump(force=True).hex().encode()
    assert len(forged) <= len(hex_contents)
    return pdf[:start] + forged.ljust(len(hex_contents), b"0") + pdf[end:]


def test_verify_report_rejects_an_altered_timestamp_token(tsa, tmp_path):
    signed = sign_pdf(_pdf(), reason="test")
    path = tmp_path / "backdated.pdf"
    path.write_bytes(_with_token_time_moved(signed, days=400))
    check = validate_pdf(path.read_bytes(), trusted_certificates(), [tsa.root_pem])
    assert check.intact  # the signed bytes are untouched ...
    assert not check.ok  # ... but the token no longer matches its authority's signature
    with pytest.raises(CommandError, match="NOT VERIFIED: .*timestamp token was altered"):
        _verify(path)


def test_without_an_authority_signatures_stay_b_b(settings, tmp_path):
    settings.TABLECERT_TSA_URL = ""
    signed = sign_pdf(_pdf(), reason="test")
    status = validate_pdf_signature(_signature(signed), ValidationContext(
        trust_roots=[load_certificate(signing_identity().cert_pem)]))
    assert status.bottom_line and status.timestamp_validity is None
    assert "/DSS" not in PdfFileReader(io.BytesIO(signed)).root
    path = tmp_path / "plain.pdf"
    path.write_bytes(signed)
    assert "by the signer's own clock: no timestamp" in _verify(path)


def test_every_pdf_of_a_packet_is_timestamped_and_the_packet_verifies(tsa, certified, nevada, tmp_path):
    _, run = certified  # certified while the authority is configured: its certificate too
    archive, _ = packet_build(run=run, jurisdiction=nevada, applicant="Acme Gaming",
                              host_casino="Casino Royale")
    pdfs = {name: blob for name, blob in unzip(archive).items() if name.endswith(".pdf")}
    assert pdfs
    for name, blob in pdfs.items():
        check = pdf_signature_check(blob)
        assert check.ok and check.timestamp_trusted, name
        assert AUTHORITY_NAME in check.timestamp_authority, name
    path = tmp_path / "packet.zip"
    path.write_bytes(archive)
    assert _verify(path).startswith("AUTHENTIC")
