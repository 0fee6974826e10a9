"""Every transition refuses the states it does not start from, naming from, to and why."""

import pytest

from casino import workflow
from casino.services.errors import WorkflowError

from .factories import (
    finish_certification,
    make_approved,
    make_submission,
    make_under_review,
    make_variant,
)

pytestmark = pytest.mark.django_db


def test_approving_a_freshly_submitted_submission_names_both_states(alice, rita):
    submission = make_submission(officer=alice)
    with pytest.raises(WorkflowError) as caught:
        workflow.submission_approve(submission=submission, actor=rita)
    assert caught.value.from_state == "submitted"
    assert caught.value.to_state == "approved"
    assert "under_review" in caught.value.reason


def test_under_review_needs_a_finished_run(alice):
    submission = make_submission(officer=alice)
    workflow.submission_start_certification(submission=submission, actor=alice)
    with pytest.raises(WorkflowError, match="no certification run has finished"):
        workflow.submission_mark_under_review(submission=submission, actor=alice)


def test_mark_under_review_only_from_in_certification(alice):
    submission = make_submission(officer=alice)
    with pytest.raises(WorkflowError) as caught:
        workflow.submission_mark_under_review(submission=submission, actor=alice)
    assert (caught.value.from_state, caught.value.to_state) == ("submitted", "under_review")


def test_a_decided_submission_cannot_be_decided_again(alice, rita):
    submission = make_approved(officer=alice, reviewer=rita)
    with pytest.raises(WorkflowError):
        workflow.submission_reject(submission=submission, actor=rita, reason="second thoughts")
    with pytest.raises(WorkflowError):
        workflow.submission_approve(submission=submission, actor=rita)
    with pytest.raises(WorkflowError):
        workflow.submission_start_certification(submission=submission, actor=rita)


def test_rejection_needs_a_reason(alice, rita):
    submission = make_submission(officer=alice)
    with pytest.raises(WorkflowError, match="reason"):
        workflow.submission_reject(submission=submission, actor=rita, reason="  ")


def test_rejection_is_allowed_from_every_open_state(alice, rita):
    for index, prepare in enumerate(("submitted", "in_certification", "under_review")):
        submission = make_submission(officer=alice, name=f"v{index}")
        if prepare != "submitted":
            finish_certification(submission=submission, actor=alice)
        if prepare == "under_review":
            workflow.submission_mark_under_review(submission=submission, actor=alice)
        workflow.submission_reject(submission=submission, actor=rita, reason="no")
        submission.refresh_from_db()
        assert submission.status == "rejected"
        assert submission.variant.status == "rejected"


def test_a_variant_with_an_open_submission_cannot_be_submitted_twice(alice, adam):
    submission = make_submission(officer=alice)
    variant = submission.variant
    v2 = workflow.paytable_version_create(paytable=variant.paytable, actor=adam)
    with pytest.raises(WorkflowError):
        workflow.submission_submit(variant=variant, paytable_version=v2, actor=alice)


def test_a_version_of_another_variant_cannot_be_submitted(alice):
    one, other = make_variant(actor=alice, name="one"), make_variant(actor=alice, name="other")
    with pytest.raises(WorkflowError, match="not this variant's paytable"):
        workflow.submission_submit(
            variant=one, paytable_version=other.paytable.latest_version, actor=alice
        )


def test_a_submitted_version_cannot_be_submitted_again(alice, rita):
    submission = make_under_review(officer=alice)
    workflow.submission_reject(submission=submission, actor=rita, reason="no")
    with pytest.raises(WorkflowError):
        workflow.submission_submit(
            variant=submission.variant, paytable_version=submission.paytable_version, actor=alice
        )


def test_retire_only_from_approved_and_revise_only_from_rejected(alice, rita):
    draft = make_variant(actor=alice, name="draft")
    with pytest.raises(WorkflowError) as caught:
        workflow.variant_retire(variant=draft, actor=rita)
    assert (caught.value.from_state, caught.value.to_state) == ("draft", "retired")
    with pytest.raises(WorkflowError):
        workflow.variant_revise(variant=draft, actor=alice)
