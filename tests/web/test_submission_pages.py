"""Submitting, certifying and deciding through the pages, with what blocks a decision shown."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.files.base import ContentFile
from django.urls import reverse

from casino import workflow
from casino.models import SubmissionStatus
from casino.permissions import Role
from certification.models import CertificationRun, RunStatus
from tests.backoffice.factories import finish_certification, make_submission

pytestmark = pytest.mark.django_db


def test_an_officer_submits_a_draft(as_user, alice, draft):
    response = as_user(alice).post(reverse("web:variant-submit", args=[draft.pk]))
    submission = draft.submissions.get()
    assert response["Location"] == reverse("web:submission-detail", args=[submission.pk])
    assert submission.status == SubmissionStatus.SUBMITTED and submission.submitted_by == alice


def test_submitting_twice_is_refused_with_a_message_not_an_error(as_user, alice, submitted):
    client = as_user(alice)
    response = client.post(reverse("web:variant-submit", args=[submitted.variant.pk]), follow=True)
    assert response.status_code == 200
    assert "can be submitted" in response.content.decode()


def test_starting_the_certification_queues_a_run_and_shows_progress(as_user, alice, submitted):
    client = as_user(alice)
    client.post(reverse("web:submission-certify", args=[submitted.pk]), {"rounds": "5000"})
    run = CertificationRun.objects.get()
    assert run.rounds == 5000 and run.status == RunStatus.QUEUED
    submitted.refresh_from_db()
    assert submitted.status == SubmissionStatus.IN_CERTIFICATION
    body = client.get(reverse("web:submission-detail", args=[submitted.pk])).content.decode()
    assert 'role="progressbar"' in body and "progress.js" in body
    status = client.get(reverse("web:submission-status", args=[submitted.pk])).json()
    assert status["run"]["status"] == "queued" and status["submission_status"] == "in_certification"


def test_too_few_rounds_is_refused(as_user, alice, submitted):
    as_user(alice).post(reverse("web:submission-certify", args=[submitted.pk]), {"rounds": "10"})
    assert not CertificationRun.objects.exists()


def test_the_evidence_page_shows_exact_figures_and_the_verdict(as_user, rita, under_review):
    body = as_user(rita).get(reverse("web:submission-detail", args=[under_review.pk])).content.decode()
    assert "Exact figures" in body and "Verdict of the checks" in body and 'title="exact: ' in body
    assert 'id="approve"' in body and "Cannot be approved" not in body


def test_a_reviewer_approves_with_a_reason(as_user, rita, under_review):
    as_user(rita).post(reverse("web:submission-approve", args=[under_review.pk]), {"reason": "within bounds"})
    under_review.refresh_from_db()
    assert under_review.status == SubmissionStatus.APPROVED and under_review.decision_reason == "within bounds"


def test_a_rejection_needs_its_reason(as_user, rita, under_review):
    client = as_user(rita)
    page = client.post(reverse("web:submission-reject", args=[under_review.pk]), {"reason": " "}, follow=True)
    under_review.refresh_from_db()
    assert under_review.status == SubmissionStatus.UNDER_REVIEW
    assert "must give its reason" in page.content.decode()
    client.post(reverse("web:submission-reject", args=[under_review.pk]), {"reason": "bonus too generous"})
    under_review.refresh_from_db()
    assert under_review.status == SubmissionStatus.REJECTED


def test_a_player_favourable_variant_cannot_be_approved_and_says_why(as_user, rita, favourable_under_review):
    submission = favourable_under_review
    client = as_user(rita)
    body = client.get(reverse("web:submission-detail", args=[submission.pk])).content.decode()
    assert 'id="approval-blocker"' in body and "negative house edge" in body and "player advantage" in body
    assert 'id="approve" disabled' in body
    page = client.post(reverse("web:submission-approve", args=[submission.pk]), {"reason": ""}, follow=True)
    submission.refresh_from_db()
    assert submission.status == SubmissionStatus.UNDER_REVIEW
    assert "cannot be approved" in page.content.decode()


def test_a_reviewer_who_submitted_cannot_approve(as_user, victor, alice, jurisdiction):
    # Victor reviews, and is also an officer here: he submits, so he may not decide.
    victor.groups.add(Group.objects.get(name=Role.OFFICER))
    submission = make_submission(officer=victor, preset="sette-e-mezzo", jurisdiction=jurisdiction)
    finish_certification(submission=submission, actor=alice)
    workflow.submission_mark_under_review(submission=submission, actor=None)
    client = as_user(victor)
    body = client.get(reverse("web:submission-detail", args=[submission.pk])).content.decode()
    assert "segregation of duties: you submitted it" in body
    client.post(reverse("web:submission-approve", args=[submission.pk]))
    submission.refresh_from_db()
    assert submission.status == SubmissionStatus.UNDER_REVIEW


def test_deciding_is_forbidden_to_other_roles(as_user, alice, adam, audrey, under_review):
    for user in (alice, adam, audrey):
        client = as_user(user)
        assert client.post(reverse("web:submission-approve", args=[under_review.pk])).status_code == 403
        assert client.post(reverse("web:submission-reject", args=[under_review.pk]), {"reason": "x"}).status_code == 403
    assert as_user(audrey).post(reverse("web:submission-certify", args=[under_review.pk])).status_code == 403


def test_the_report_is_framed_same_origin_and_downloads_as_a_certificate(as_user, rita, under_review):
    run = under_review.certification_run
    run.report.save("report.pdf", ContentFile(b"%PDF-1.4 test"), save=True)
    client = as_user(rita)
    inline = client.get(reverse("web:run-report", args=[run.pk]))
    assert inline.status_code == 200 and inline["X-Frame-Options"] == "SAMEORIGIN"
    assert inline["Content-Disposition"].startswith("inline")
    download = client.get(reverse("web:run-certificate", args=[run.pk]))
    assert download["Content-Disposition"].startswith("attachment") and run.certificate_number in download["Content-Disposition"]
    # Reading a streamed file to its end closes it, as a server does.
    assert b"".join(inline.streaming_content) == b"".join(download.streaming_content) == b"%PDF-1.4 test"
    assert client.get(reverse("home"))["X-Frame-Options"] == "DENY"
    body = client.get(reverse("web:submission-detail", args=[under_review.pk])).content.decode()
    assert "<iframe" in body and "Download the certificate" in body


def test_a_run_without_report_has_no_pdf(as_user, rita, under_review):
    assert as_user(rita).get(reverse("web:run-report", args=[under_review.certification_run.pk])).status_code == 404
