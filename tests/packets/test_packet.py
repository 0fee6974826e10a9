"""A packet per profile holds exactly its documents, verifies offline, and any change is caught."""

from __future__ import annotations

import io
import json

import docx
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import override_settings
from pypdf import PdfReader

from casino.models import Jurisdiction
from casino.permissions import Role
from certification.reports.packet import DOCUMENTS, file_name
from certification.reports.packet.manifest import MANIFEST, SIGNATURE
from certification.reports.signing import make_self_signed, sign_detached, sign_pdf_bytes
from certification.services.packets import packet_build, packet_checklist
from tests.backoffice.factories import UserFactory, make_submission

from .conftest import add_shipped_profiles, certify, rezip, unzip
from .test_signing import _incremental_update

pytestmark = pytest.mark.django_db
PROFILES = ("nevada", "new-jersey", "lab")


def _verify_genuine(path) -> str:
    """verify-report's words on a genuine file; a draft certificate answers DRAFT with exit 8."""
    out = io.StringIO()
    try:
        call_command("verify-report", str(path), stdout=out)
    except CommandError as exc:
        assert exc.returncode == 8 and str(exc).startswith("DRAFT"), exc
    return out.getvalue()


def _verify(path) -> str:
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    return out.getvalue()


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def _certified_and_built():
    """A submitted sette-e-mezzo certified with the real engine (conftest's ``certified``) and
    its packet for each profile: built once for the module's tests, which only read them."""
    from django.apps import apps

    add_shipped_profiles(apps)
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    submission = make_submission(officer=alice, preset="sette-e-mezzo", name="Sette e mezzo",
                                 jurisdiction=Jurisdiction.objects.get(code="nevada"))
    run = certify(variant=submission.variant)
    packets = {code: packet_build(run=run, jurisdiction=Jurisdiction.objects.get(code=code),
                                  applicant="Acme Gaming", host_casino="Casino Royale")
               for code in PROFILES}
    return (submission, run), packets


@pytest.fixture(scope="module")
def module_media(tmp_path_factory):
    return tmp_path_factory.mktemp("media")


@pytest.fixture(autouse=True)
def _media(settings, module_media):
    """The module's stored files (the certificate its packets enclose) for every test."""
    settings.MEDIA_ROOT = module_media


@pytest.fixture(scope="module")
def _module_rows(django_db_setup, django_db_blocker, module_media):
    # Rows written in a transaction left open while the module runs (each test nests its own
    # savepoint in it) and rolled back after its last test, as tests/support/module_data.py.
    with (override_settings(MEDIA_ROOT=module_media), django_db_blocker.unblock(),
          transaction.atomic()):
        yield _certified_and_built()
        transaction.set_rollback(True)


@pytest.fixture
def certified(_module_rows, db):
    return _module_rows[0]


@pytest.fixture
def built(_module_rows, db):
    return _module_rows[1]


def test_each_shipped_profile_gets_exactly_its_documents_in_its_order(built):
    for code, (archive, manifest) in built.items():
        wanted = Jurisdiction.objects.get(code=code).packet_documents
        files = unzip(archive)
        assert set(files) == {MANIFEST, SIGNATURE} | {file_name(i, d) for i, d in enumerate(wanted, 1)}
        assert [entry["document"] for entry in manifest["files"]] == wanted
        assert json.loads(files[MANIFEST]) == manifest


def test_the_manifest_ties_the_packet_to_the_run_code_and_inputs(built, certified):
    _, run = certified
    archive, manifest = built["nevada"]
    assert manifest["certification_run"] == run.certificate_number
    assert manifest["variant"]["name"] == "Sette e mezzo"
    assert manifest["paytable_version"]["number"] == run.paytable_version.number
    assert manifest["code_version"]["software"] == run.software_version
    assert manifest["inputs_sha256"]["rule variant and paytable"] == run.inputs_sha256
    import hashlib

    files = unzip(archive)
    for entry in manifest["files"]:
        assert hashlib.sha256(files[entry["file"]]).hexdigest() == entry["sha256"]
        assert len(files[entry["file"]]) == entry["size"]


def test_verify_report_accepts_the_packet_and_every_pdf_in_it(built, tmp_path):
    archive, manifest = built["new-jersey"]
    path = tmp_path / "nj.zip"
    path.write_bytes(archive)
    assert _verify(path).startswith("AUTHENTIC")
    for name, blob in unzip(archive).items():
        if name.endswith(".pdf"):
            pdf = tmp_path / name
            pdf.write_bytes(blob)
            assert _verify_genuine(pdf).startswith("AUTHENTIC"), name


@pytest.mark.parametrize("index", range(10))
def test_one_byte_changed_in_any_file_is_rejected(built, tmp_path, index):
    archive, _ = built["nevada"]
    files = unzip(archive)
    names = sorted(files)
    name = names[index % len(names)]
    blob = bytearray(files[name])
    at = len(blob) // 2
    blob[at] = (blob[at] + 1) % 256
    files[name] = bytes(blob)
    path = tmp_path / "tampered.zip"
    path.write_bytes(rezip(files))
    with pytest.raises(CommandError, match="NOT VERIFIED"):
        _verify(path)


def test_a_file_added_or_removed_is_rejected(built, tmp_path):
    archive, _ = built["lab"]
    files = unzip(archive)
    added = tmp_path / "added.zip"
    added.write_bytes(rezip({**files, "99-extra.pdf": files["03-statistical-evaluation.pdf"]}))
    with pytest.raises(CommandError, match="a file was added"):
        _verify(added)
    removed = tmp_path / "removed.zip"
    removed.write_bytes(rezip({k: v for k, v in files.items() if k != "02-test-summary.pdf"}))
    with pytest.raises(CommandError, match="a file was removed"):
        _verify(removed)


def test_a_packet_pdf_updated_after_signing_or_resigned_by_another_key_is_rejected(built, tmp_path):
    archive, _ = built["nevada"]
    files = unzip(archive)
    updated = tmp_path / "updated.pdf"
    updated.write_bytes(_incremental_update(files["02-rules-of-play.pdf"]))
    with pytest.raises(CommandError, match="changed after it was signed"):
        _verify(updated)
    other = make_self_signed(common_name="Somebody else", organisation="Elsewhere")
    resigned = tmp_path / "resigned.zip"
    forged_manifest = sign_detached(files[MANIFEST], other)
    resigned.write_bytes(rezip({**files, SIGNATURE: forged_manifest}))
    with pytest.raises(CommandError, match="does not trust"):
        _verify(resigned)
    foreign = tmp_path / "foreign.pdf"
    foreign.write_bytes(sign_pdf_bytes(files["02-rules-of-play.pdf"], other, reason="x", name="x",
                                       field_name="Countersignature"))
    with pytest.raises(CommandError, match="does not trust"):
        _verify(foreign)


def test_documents_speak_the_profiles_words_and_state_the_figures(built, certified):
    _, run = certified
    nevada = unzip(built["nevada"][0])
    jersey = unzip(built["new-jersey"][0])
    assert "theoretical hold" in _text(nevada["04-payout-schedule.pdf"]).lower()
    assert "house advantage" in _text(jersey["04-payout-schedule.pdf"]).lower()
    assert "petitioner" in _text(jersey["01-cover-letter.pdf"]).lower()
    letter = _text(nevada["01-cover-letter.pdf"])
    assert "Acme Gaming" in letter and "Casino Royale" in letter
    for title in ("Rules of play", "Dealing procedures", "Rack card", "Table layout"):
        assert any(title in DOCUMENTS[code] or title in _text(blob)
                   for code, blob in ((n.split("-", 1)[1][:-4], b) for n, b in nevada.items()
                                      if n.endswith(".pdf")))
    edge = float(run.exact["bets"]["main"]["house_edge"]) * 100
    assert f"{edge:.4f}%" in _text(nevada["04-payout-schedule.pdf"])
    word = docx.Document(io.BytesIO(nevada["03-rules-of-play.docx"]))
    text = "\n".join(p.text for p in word.paragraphs)
    assert "Worked examples" in text and "Result: net" in text and "matta" in text
    with run.issued_reports.get().file.open("rb") as certificate:
        assert nevada["05-statistical-evaluation.pdf"] == certificate.read()


def test_the_checklist_names_what_the_profile_still_needs(certified):
    _, run = certified
    lab = packet_checklist(run=run, jurisdiction=Jurisdiction.objects.get(code="lab"))
    missing = {item.name: item.detail for item in lab if not item.ready}
    assert "Simulation size" in missing and "20,000,000" in missing["Simulation size"]
    assert any("shuffle battery" in name for name in missing)
    assert "Approved certificate" in missing
    assert any(name.startswith("Client and host casino") for name in missing)
    ready = {item.name for item in lab if item.ready}
    assert "Certification run finished" in ready and "Shuffling procedure stated" in ready


def test_packet_command_certifies_first_with_the_profiles_minimum_unless_told(tmp_path):
    out = tmp_path / "packet.zip"
    stdout = io.StringIO()
    call_command("packet", "nine-ten-eleven", "--jurisdiction", "new-jersey", "--out", str(out),
                 "--rounds", "20000", "--workers", "1", "--json", stdout=stdout, stderr=io.StringIO())
    manifest = json.loads(stdout.getvalue())
    assert manifest["jurisdiction"]["code"] == "new-jersey"
    assert [e["document"] for e in manifest["files"]] == Jurisdiction.objects.get(code="new-jersey").packet_documents
    size = next(i for i in manifest["checklist"] if i["name"] == "Simulation size")
    assert not size["ready"] and "20,000 simulated rounds" in size["detail"]
    assert _verify(out).startswith("AUTHENTIC")
    with pytest.raises(CommandError, match="--jurisdiction: no profile 'atlantis'"):
        call_command("packet", "nine-ten-eleven", "--jurisdiction", "atlantis", "--out", str(out))
