"""Nobody decides on a submission they submitted, or whose variant or paytable they authored."""

import pytest
from django.contrib.auth.models import Group

from casino import workflow
from casino.models import PaytableLine
from casino.permissions import Role
from casino.services.errors import WorkflowError

from .factories import finish_certification, make_submission, make_under_review, make_variant

pytestmark = pytest.mark.django_db


def test_the_submitter_cannot_approve_even_with_the_reviewer_role(alice):
    alice.groups.add(Group.objects.get(name=Role.REVIEWER))
    alice = type(alice).objects.get(pk=alice.pk)
    submission = make_under_review(officer=alice)
    with pytest.raises(WorkflowError, match="you submitted it"):
        workflow.submission_approve(submission=submission, actor=alice)


def test_the_author_of_the_variant_cannot_approve(alice, rita):
    # rita (also an officer here) created the variant, alice submitted it.
    rita.groups.add(Group.objects.get(name=Role.OFFICER))
    rita = type(rita).objects.get(pk=rita.pk)
    variant = make_variant(actor=rita)
    submission = make_under_review(officer=alice, variant=variant)
    with pytest.raises(WorkflowError, match="you created the variant"):
        workflow.submission_approve(submission=submission, actor=rita)


def test_whoever_created_the_paytable_version_cannot_approve(alice, victor):
    variant = make_variant(actor=alice)
    v2 = workflow.paytable_version_create(
        paytable=variant.paytable, actor=victor, payouts={"win": "1", "kd_first_card": "2"}
    )
    submission = workflow.submission_submit(variant=variant, paytable_version=v2, actor=alice)
    finish_certification(submission=submission, actor=alice)
    workflow.submission_mark_under_review(submission=submission, actor=alice)
    with pytest.raises(WorkflowError, match="created the paytable version"):
        workflow.submission_approve(submission=submission, actor=victor)


def test_whoever_edited_the_paytable_version_cannot_approve_or_reject(alice, victor):
    variant = make_variant(actor=alice)
    version = variant.paytable.latest_version
    workflow.paytable_version_update(
        version=version, actor=victor, payouts={"win": "1", "kd_first_card": "2"}
    )
    submission = make_under_review(officer=alice, variant=variant)
    with pytest.raises(WorkflowError, match="edited"):
        workflow.submission_approve(submission=submission, actor=victor)
    with pytest.raises(WorkflowError, match="edited"):
        workflow.submission_reject(submission=submission, actor=victor, reason="no")


def test_an_edit_outside_the_services_is_still_seen_in_the_line_history(alice, victor):
    variant = make_variant(actor=alice)
    line = PaytableLine.objects.get(version=variant.paytable.latest_version, name="kd_first_card")
    line._history_user = victor
    line.payout = "2"
    line.save()
    submission = make_under_review(officer=alice, variant=variant)
    with pytest.raises(WorkflowError, match="edited"):
        workflow.submission_approve(submission=submission, actor=victor)


def test_an_independent_reviewer_may_approve(alice, rita):
    submission = make_under_review(officer=alice)
    workflow.submission_approve(submission=submission, actor=rita)
    submission.refresh_from_db()
    assert submission.status == "approved"


def test_starting_a_certification_does_not_make_the_reviewer_an_author(alice, rita):
    submission = make_submission(officer=alice)
    finish_certification(submission=submission, actor=rita)
    workflow.submission_mark_under_review(submission=submission, actor=rita)
    workflow.submission_approve(submission=submission, actor=rita)
