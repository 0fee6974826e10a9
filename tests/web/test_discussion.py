"""Comments and attachments on a submission, from the page."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from casino.models import AuditEvent
from tests.backoffice.factories import make_submission

pytestmark = pytest.mark.django_db


def test_a_reviewer_comments_and_everyone_reads_it(as_user, alice, rita, audrey, jurisdiction):
    submission = make_submission(officer=alice)
    response = as_user(rita).post(reverse("web:submission-comment", args=[submission.pk]), {"body": "Please attach the shuffler's manual."})
    assert response.status_code == 302
    page = as_user(audrey).get(reverse("web:submission-detail", args=[submission.pk]))
    assert "Please attach the shuffler" in page.content.decode()
    assert AuditEvent.objects.filter(action="comment.create").exists()


def test_an_auditor_cannot_comment_or_attach(as_user, alice, audrey, jurisdiction):
    submission = make_submission(officer=alice)
    client = as_user(audrey)
    assert client.post(reverse("web:submission-comment", args=[submission.pk]), {"body": "x"}).status_code == 403
    upload = SimpleUploadedFile("note.txt", b"hello", content_type="text/plain")
    assert client.post(reverse("web:submission-attach", args=[submission.pk]), {"file": upload}).status_code == 403
    assert submission.comments.count() == 0


def test_an_officer_attaches_a_file_and_it_downloads_unchanged(as_user, alice, audrey, jurisdiction):
    submission = make_submission(officer=alice)
    upload = SimpleUploadedFile("procedure.txt", b"wash, riffle, riffle, box, riffle, cut\n", content_type="text/plain")
    response = as_user(alice).post(reverse("web:submission-attach", args=[submission.pk]), {"file": upload})
    assert response.status_code == 302
    attachment = submission.attachments.get()
    download = as_user(audrey).get(reverse("web:submission-attachment", args=[submission.pk, attachment.pk]))
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == b"wash, riffle, riffle, box, riffle, cut\n"


def test_an_attachment_lost_from_storage_is_a_404_that_says_so(as_user, alice, audrey, jurisdiction):
    submission = make_submission(officer=alice)
    upload = SimpleUploadedFile("procedure.txt", b"wash, cut\n", content_type="text/plain")
    as_user(alice).post(reverse("web:submission-attach", args=[submission.pk]), {"file": upload})
    attachment = submission.attachments.get()
    attachment.file.storage.delete(attachment.file.name)
    download = as_user(audrey).get(reverse("web:submission-attachment", args=[submission.pk, attachment.pk]))
    assert download.status_code == 404


def test_a_disallowed_file_is_refused_with_the_reason(as_user, alice, jurisdiction):
    submission = make_submission(officer=alice)
    upload = SimpleUploadedFile("tool.exe", b"MZ\x90\x00binary", content_type="application/octet-stream")
    response = as_user(alice).post(reverse("web:submission-attach", args=[submission.pk]), {"file": upload}, follow=True)
    assert submission.attachments.count() == 0
    assert "was not attached" in response.content.decode()
