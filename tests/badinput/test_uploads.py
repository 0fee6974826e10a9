"""Every upload endpoint refuses bad files with a 4xx naming the field (and the line or card
where there is one), and writes nothing: attachments, certification evidence, shuffle logs."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from casino.permissions import Role
from tests.backoffice.factories import UserFactory, make_approved, make_submission, make_table

from .conftest import row_counts
from .corpus import GARBAGE, RNG_BITS, SHUFFLE_LOGS

pytestmark = pytest.mark.django_db


def _upload(name: str, data: bytes, content_type: str = "text/plain") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


def _refused(client, url: str, data: dict, field: str, status: int = 400, **extra) -> str:
    before = row_counts()
    response = client.post(url, data, format="multipart", **extra)
    assert response.status_code == status, response.content[:500]
    assert row_counts() == before
    body = response.json()
    text = str(body.get(field) or body.get("detail"))
    assert text and text != "None", body
    return text


@pytest.fixture
def submission(alice):
    return make_submission(officer=alice)


@pytest.mark.parametrize("name,data,content_type,expected", [
    ("empty.txt", b"", "text/plain", "empty"),
    ("tool.exe", b"MZ" + GARBAGE, "application/octet-stream", ".exe"),
    ("report.pdf", GARBAGE, "application/pdf", "not a .pdf"),
    ("notes.txt", b"fine", "application/x-msdownload", "content type"),
])
def test_attachments_refuse_bad_files(as_user, alice, submission, name, data, content_type,
                                      expected):
    url = f"/api/v1/submissions/{submission.pk}/attachments/"
    text = _refused(as_user(alice), url, {"file": _upload(name, data, content_type)}, "file")
    assert expected in text


def test_attachments_refuse_a_file_over_the_limit(as_user, alice, submission, settings):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 1000
    url = f"/api/v1/submissions/{submission.pk}/attachments/"
    text = _refused(as_user(alice), url, {"file": _upload("big.txt", b"x" * 2000)}, "file")
    assert "limit" in text


def test_a_body_larger_than_any_upload_is_refused_unread(as_user, alice, submission, settings):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 1000
    url = f"/api/v1/submissions/{submission.pk}/attachments/"
    text = _refused(as_user(alice), url, {"file": _upload("a.txt", b"x")}, "detail", status=413,
                    CONTENT_LENGTH=str(10 * 1024 * 1024 * 1024))
    assert "limited" in text


def test_an_attachment_name_cannot_leave_the_media_folder(as_user, alice, submission, settings):
    url = f"/api/v1/submissions/{submission.pk}/attachments/"
    response = as_user(alice).post(
        url, {"file": _upload("../../../etc/cron.d/evil.txt", b"hello")}, format="multipart")
    assert response.status_code == 201, response.content
    assert response.json()["original_name"] == "evil.txt"
    stored = list(Path(settings.MEDIA_ROOT).rglob("evil*.txt"))
    assert len(stored) == 1


@pytest.mark.parametrize("label,data", SHUFFLE_LOGS, ids=[x[0] for x in SHUFFLE_LOGS])
def test_certification_evidence_refuses_bad_shuffle_logs(as_user, alice, submission, label,
                                                         data):
    url = f"/api/v1/submissions/{submission.pk}/start-certification/"
    text = _refused(as_user(alice), url, {"rounds": 1000, "shuffle_log": _upload("log.csv", data)},
                    "shuffle_log")
    assert "line" in text or "empty" in text, text


@pytest.mark.parametrize("label,data", RNG_BITS, ids=[x[0] for x in RNG_BITS])
def test_certification_evidence_refuses_bad_rng_files(as_user, alice, submission, label, data):
    url = f"/api/v1/submissions/{submission.pk}/start-certification/"
    _refused(as_user(alice), url, {"rounds": 1000, "rng_format": "bits",
                                   "rng_bits": _upload("rng.txt", data)}, "rng_bits")


@pytest.fixture
def table(alice, adam):
    reviewer = UserFactory(username="rita", roles=[Role.REVIEWER])
    approved = make_approved(officer=alice, reviewer=reviewer)
    return make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)


@pytest.mark.parametrize("label,data", SHUFFLE_LOGS, ids=[x[0] for x in SHUFFLE_LOGS])
def test_table_shuffle_logs_refuse_bad_files(as_user, adam, table, label, data):
    url = f"/api/v1/tables/{table.pk}/shuffle-logs/"
    text = _refused(as_user(adam), url, {"file": _upload("log.csv", data)}, "file")
    assert "line" in text or "empty" in text, text
