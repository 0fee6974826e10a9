"""A variant travels draft → submitted → in certification → under review → approved."""

import pytest

from casino import workflow
from casino.models import AuditEvent, SubmissionStatus, VariantStatus, VersionStatus
from certification.models import RunStatus

from .factories import finish_certification, make_submission

pytestmark = pytest.mark.django_db


def test_the_whole_journey_moves_variant_version_and_submission_together(alice, rita):
    submission = make_submission(officer=alice)
    variant, version = submission.variant, submission.paytable_version
    assert (submission.status, variant.status, version.status) == (
        "submitted",
        "submitted",
        "submitted",
    )

    run = finish_certification(submission=submission, actor=alice)
    assert run.status == RunStatus.DONE
    variant.refresh_from_db()
    assert variant.status == VariantStatus.IN_CERTIFICATION

    workflow.submission_mark_under_review(submission=submission, actor=None)
    submission.refresh_from_db()
    assert submission.status == SubmissionStatus.UNDER_REVIEW
    assert submission.certification_run == run

    workflow.submission_approve(submission=submission, actor=rita, reason="figures within bounds")
    submission.refresh_from_db(), variant.refresh_from_db(), version.refresh_from_db()
    assert submission.status == SubmissionStatus.APPROVED
    assert submission.reviewer == rita and submission.decided_at is not None
    assert submission.decision_reason == "figures within bounds"
    assert variant.status == VariantStatus.APPROVED
    assert version.status == VersionStatus.APPROVED
    actions = list(AuditEvent.objects.order_by("id").values_list("action", flat=True))
    for expected in (
        "submission.create",
        "variant.submitted",
        "submission.in_certification",
        "submission.under_review",
        "paytable_version.approved",
        "submission.approved",
        "variant.approved",
    ):
        assert expected in actions


def test_a_later_paytable_version_of_an_approved_variant_is_reviewed_on_its_own(alice, rita, adam):
    submission = make_submission(officer=alice)
    finish_certification(submission=submission, actor=alice)
    workflow.submission_mark_under_review(submission=submission, actor=alice)
    workflow.submission_approve(submission=submission, actor=rita)
    v2 = workflow.paytable_version_create(
        paytable=submission.variant.paytable, actor=adam, payouts={"win": "1", "kd_first_card": "2"}
    )
    second = workflow.submission_submit(
        variant=submission.variant, paytable_version=v2, actor=alice
    )
    workflow.submission_reject(submission=second, actor=rita, reason="keep the current paytable")
    submission.variant.refresh_from_db(), v2.refresh_from_db()
    assert submission.variant.status == VariantStatus.APPROVED
    assert v2.status == VersionStatus.REJECTED
