"""Approval needs a finished run whose figures are all inside the jurisdiction's bounds."""

import pytest

from casino import workflow
from casino.selectors import approval_blockers
from casino.services.errors import WorkflowError
from certification.services import runs as run_services

from .factories import make_submission, make_under_review

pytestmark = pytest.mark.django_db


def test_without_a_finished_run_approval_is_refused(alice, rita):
    submission = make_submission(officer=alice)
    run = workflow.submission_start_certification(submission=submission, actor=alice)
    run_services.certification_run_execute_exact(run=run)  # computed, but the run is not done
    submission.status = "under_review"  # as if someone forced it past the guard
    submission.save()
    with pytest.raises(WorkflowError, match="finished certification run"):
        workflow.submission_approve(submission=submission, actor=rita)


def test_a_failed_run_is_no_evidence(alice, rita):
    submission = make_submission(officer=alice)
    run = workflow.submission_start_certification(submission=submission, actor=alice)
    run_services.certification_run_fail(run=run, error="worker lost")
    with pytest.raises(WorkflowError):
        workflow.submission_mark_under_review(submission=submission, actor=alice)


def test_a_negative_house_edge_blocks_and_says_which_bet_and_figure(alice, rita):
    # 3 to 2 on a win: the stand-in engine gives the player a 12.5% advantage.
    submission = make_under_review(officer=alice, payouts={"win": "3/2", "kd_first_card": "3"})
    with pytest.raises(WorkflowError) as caught:
        workflow.submission_approve(submission=submission, actor=rita)
    [block] = caught.value.blocking
    assert block["bet"] == "main" and block["figure"] == "house_edge"
    assert block["value"].startswith("-0.125")
    assert "player has the advantage" in block["reason"]
    reason, blocking = approval_blockers(submission, rita)
    assert reason and blocking == [block]
    submission.refresh_from_db()
    assert submission.status == "under_review"


def test_an_edge_outside_the_jurisdiction_bounds_blocks(alice, rita):
    # 6/5 on a win: 1% house edge, fine; 1/2: 32.5%, above the 15% maximum for the main bet.
    submission = make_under_review(officer=alice, payouts={"win": "1/2", "kd_first_card": "3"})
    with pytest.raises(WorkflowError) as caught:
        workflow.submission_approve(submission=submission, actor=rita)
    assert caught.value.blocking[0]["reason"].startswith("above the default maximum of 0.15")


def test_a_below_minimum_side_bet_blocks_9_10_11(alice, rita, jurisdiction):
    jurisdiction.house_edge_bounds = {"main": {"min": "0.06", "max": "0.15"}}
    jurisdiction.save()
    submission = make_under_review(
        officer=alice, preset="nine-ten-eleven", jurisdiction=jurisdiction
    )
    reason, blocking = approval_blockers(submission, rita)
    assert [b["bet"] for b in blocking] == ["main"]
    assert "below the default minimum" in blocking[0]["reason"]
