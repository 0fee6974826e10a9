"""Two reviewers approving the same submission at once: exactly one succeeds (row lock)."""

import threading

import pytest
from django.db import connection, connections

from casino import workflow
from casino.models import AuditEvent, Submission
from casino.permissions import Role
from casino.services.errors import WorkflowError

from .factories import UserFactory, make_under_review


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_concurrent_approvals_cannot_both_succeed():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    reviewers = [UserFactory(username=name, roles=[Role.REVIEWER]) for name in ("rita", "rob")]
    submission = make_under_review(officer=alice)
    barrier = threading.Barrier(len(reviewers))
    outcomes: list[str] = []

    def approve(reviewer):
        try:
            barrier.wait(timeout=10)
            workflow.submission_approve(
                submission=Submission.objects.get(pk=submission.pk), actor=reviewer
            )
            outcomes.append("approved")
        except WorkflowError as exc:
            outcomes.append(f"refused from {exc.from_state}")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=approve, args=(reviewer,)) for reviewer in reviewers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes) == ["approved", "refused from approved"]
    assert AuditEvent.objects.filter(action="submission.approved").count() == 1
    assert Submission.objects.get(pk=submission.pk).status == "approved"
