"""A submitted, approved or rejected paytable version never changes: services, models, database."""

import pytest
from django.db import DatabaseError, connection, transaction

from casino import workflow
from casino.models import ImmutableRecordError, PaytableLine, PaytableVersion
from casino.services.errors import WorkflowError

from .factories import make_approved, make_submission, make_variant

pytestmark = pytest.mark.django_db

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the immutability triggers are PostgreSQL's"
)


@pytest.fixture
def locked(alice, rita):
    return make_approved(officer=alice, reviewer=rita).paytable_version


def test_the_service_refuses_to_edit_a_submitted_version(alice, adam):
    version = make_submission(officer=alice).paytable_version
    with pytest.raises(WorkflowError) as caught:
        workflow.paytable_version_update(version=version, actor=adam, payouts={"win": "2"})
    assert caught.value.from_state == "submitted"
    assert "create a new version" in caught.value.reason


def test_editing_means_a_new_version_superseding_the_latest(alice, adam, locked):
    new = workflow.paytable_version_create(
        paytable=locked.paytable,
        actor=adam,
        payouts={"win": "1", "kd_first_card": "2"},
        note="lower kd",
    )
    assert (new.number, new.supersedes, new.status) == (2, locked, "draft")
    assert new.payouts == {"kd_first_card": "2", "win": "1"}
    locked.refresh_from_db()
    assert locked.payouts == {"kd_first_card": "3", "win": "1"}


def test_a_new_version_copies_the_latest_payouts_when_none_are_given(alice, adam):
    variant = make_variant(actor=alice)
    new = workflow.paytable_version_create(paytable=variant.paytable, actor=adam)
    assert new.payouts == variant.paytable.versions.get(number=1).payouts


def test_a_draft_version_is_edited_in_place_with_exact_payouts(alice, adam):
    version = make_variant(actor=alice).paytable.latest_version
    workflow.paytable_version_update(
        version=version, actor=adam, payouts={"win": "1.0", "kd_first_card": "5/2"}
    )
    assert version.payouts == {"win": "1", "kd_first_card": "5/2"}


def test_the_model_refuses_to_save_or_delete_a_locked_version(locked):
    locked.note = "quietly changed"
    with pytest.raises(ImmutableRecordError):
        locked.save()
    fresh = PaytableVersion.objects.get(pk=locked.pk)
    fresh.status = "draft"
    with pytest.raises(ImmutableRecordError):
        fresh.save()
    with pytest.raises(ImmutableRecordError):
        PaytableVersion.objects.get(pk=locked.pk).delete()


def test_the_model_refuses_to_touch_lines_of_a_locked_version(locked):
    line = locked.lines.get(name="win")
    line.payout = "2"
    with pytest.raises(ImmutableRecordError):
        line.save()
    with pytest.raises(ImmutableRecordError):
        locked.lines.get(name="win").delete()
    with pytest.raises(ImmutableRecordError):
        PaytableLine(version=locked, name="seven_and_half", payout="2").save()


def test_moving_a_draft_line_into_a_locked_version_is_refused(alice, locked):
    draft_line = make_variant(actor=alice, name="other").paytable.latest_version.lines.first()
    draft_line.version = locked
    with pytest.raises(ImmutableRecordError):
        draft_line.save()


@postgres_only
def test_the_database_refuses_bulk_updates_that_bypass_the_models(locked):
    with pytest.raises(DatabaseError, match="never change"), transaction.atomic():
        PaytableLine.objects.filter(version=locked).update(payout="100")
    with pytest.raises(DatabaseError, match="never change"), transaction.atomic():
        PaytableVersion.objects.filter(pk=locked.pk).update(note="bulk")
    with pytest.raises(DatabaseError), transaction.atomic():
        PaytableLine.objects.filter(version=locked).delete()
    assert locked.lines.get(name="win").payout == "1"


@postgres_only
def test_the_database_still_lets_the_workflow_move_a_version_forward(alice):
    version = make_submission(officer=alice).paytable_version
    PaytableVersion.objects.filter(pk=version.pk).update(status="approved")
    assert PaytableVersion.objects.get(pk=version.pk).status == "approved"
