"""Evidence files: bounded in size, checked by extension, content type and signature."""

import hashlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from casino.models import Attachment

from .factories import make_submission

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% a lab report\n"


@pytest.fixture
def submission(alice):
    return make_submission(officer=alice)


def _post(api, user, submission, upload):
    return api(user).post(
        f"/api/v1/submissions/{submission.pk}/attachments/", {"file": upload}, format="multipart"
    )


def test_a_pdf_is_stored_with_its_hash(api, alice, submission):
    response = _post(
        api, alice, submission, SimpleUploadedFile("report.pdf", PDF, "application/pdf")
    )
    assert response.status_code == 201, response.content
    attachment = Attachment.objects.get()
    assert attachment.sha256 == hashlib.sha256(PDF).hexdigest() and attachment.size == len(PDF)
    listing = api(alice).get(f"/api/v1/submissions/{submission.pk}/attachments/")
    assert listing.json()[0]["original_name"] == "report.pdf"


@pytest.mark.parametrize(
    ("name", "content", "content_type", "problem"),
    [
        ("tool.exe", b"MZ", "application/octet-stream", "not accepted"),
        ("report.pdf", b"MZ not a pdf", "application/pdf", "not a .pdf"),
        ("report.pdf", PDF, "image/png", "content type"),
    ],
)
def test_unexpected_files_are_refused(api, alice, submission, name, content, content_type, problem):
    response = _post(api, alice, submission, SimpleUploadedFile(name, content, content_type))
    assert response.status_code == 400
    assert problem in " ".join(response.json()["file"])
    assert not Attachment.objects.exists()


def test_files_over_the_limit_are_refused(api, alice, submission, settings):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 10
    response = _post(
        api,
        alice,
        submission,
        SimpleUploadedFile("log.csv", b"shuffle_id,order\n1,AS 2S\n", "text/csv"),
    )
    assert response.status_code == 400
    assert "limit is 10" in response.json()["file"][0]


def test_comments_are_written_by_the_review_parties(api, alice, rita, audrey, submission):
    assert (
        api(rita)
        .post(
            f"/api/v1/submissions/{submission.pk}/comments/",
            {"body": "Please attach the shuffle log."},
        )
        .status_code
        == 201
    )
    assert (
        api(audrey)
        .post(f"/api/v1/submissions/{submission.pk}/comments/", {"body": "hi"})
        .status_code
        == 403
    )
    assert (
        api(audrey).get(f"/api/v1/submissions/{submission.pk}/comments/").json()[0]["author"]
        == "rita"
    )
    assert (
        api(alice).post(f"/api/v1/submissions/{submission.pk}/comments/", {"body": " "}).status_code
        == 400
    )
