"""The web forms refuse the same bad files with a message naming the fault, and write nothing."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.backoffice.factories import make_submission

from .conftest import row_counts
from .corpus import SHUFFLE_LOGS

pytestmark = pytest.mark.django_db


def _post(client, url: str, data: dict) -> list[str]:
    before = row_counts()
    response = client.post(url, data)
    assert response.status_code == 302
    assert row_counts() == before
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def officer_client(client, alice):
    client.force_login(alice)
    return client


@pytest.mark.parametrize("label,data", SHUFFLE_LOGS[:4], ids=[x[0] for x in SHUFFLE_LOGS[:4]])
def test_start_certification_names_the_bad_line(officer_client, alice, label, data):
    submission = make_submission(officer=alice)
    shown = _post(officer_client, f"/submissions/{submission.pk}/certify/",
                  {"rounds": 1000, "shuffle_log": SimpleUploadedFile("log.csv", data)})
    assert any("line" in m for m in shown), shown


def test_attachment_over_the_limit_is_refused(officer_client, alice, settings):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 1000
    submission = make_submission(officer=alice)
    shown = _post(officer_client, f"/submissions/{submission.pk}/attachments/",
                  {"file": SimpleUploadedFile("big.txt", b"x" * 5000, "text/plain")})
    assert any("limit" in m for m in shown), shown
