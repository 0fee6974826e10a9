"""Every state change and edit leaves an audit event, in the same transaction, and it stays."""

import pytest
from django.db import transaction

from casino import workflow
from casino.models import AuditEvent, ImmutableRecordError
from casino.services.audit import audit_record
from casino.services.errors import WorkflowError

from .factories import make_approved, make_table, make_variant

pytestmark = pytest.mark.django_db


def test_each_step_names_its_actor_and_the_state_before_and_after(alice, rita):
    submission = make_approved(officer=alice, reviewer=rita)
    event = AuditEvent.objects.get(action="submission.approved")
    assert event.actor == rita
    assert (event.object_type, event.object_id) == ("Submission", str(submission.pk))
    assert event.before["status"] == "under_review" and event.after["status"] == "approved"
    version_event = AuditEvent.objects.get(action="paytable_version.approved")
    assert version_event.after["payouts"] == {"kd_first_card": "3", "win": "1"}


def test_table_and_paytable_edits_are_audited(alice, rita, adam):
    approved = make_approved(officer=alice, reviewer=rita)
    table = make_table(admin=adam, variant=approved.variant)
    workflow.table_activate(table=table, actor=adam)
    workflow.paytable_version_create(paytable=approved.variant.paytable, actor=adam)
    actions = set(AuditEvent.objects.filter(actor=adam).values_list("action", flat=True))
    assert {"table.create", "table.active", "paytable_version.create"} <= actions


def test_a_refused_transition_leaves_no_trace(alice, rita):
    variant = make_variant(actor=alice)
    before = AuditEvent.objects.count()
    with pytest.raises(WorkflowError):
        workflow.variant_retire(variant=variant, actor=rita)
    assert AuditEvent.objects.count() == before


def test_a_change_rolled_back_takes_its_audit_event_with_it(alice):
    variant = make_variant(actor=alice)
    before = AuditEvent.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        workflow.submission_submit(
            variant=variant, paytable_version=variant.paytable.latest_version, actor=alice
        )
        raise RuntimeError("the request failed after the change")
    variant.refresh_from_db()
    assert variant.status == "draft" and AuditEvent.objects.count() == before


def test_audit_events_are_append_only(alice):
    make_variant(actor=alice)
    event = AuditEvent.objects.first()
    event.message = "rewritten"
    with pytest.raises(ImmutableRecordError):
        event.save()
    with pytest.raises(ImmutableRecordError):
        event.delete()


def test_audit_outside_a_transaction_is_refused(alice, django_db_blocker):
    variant = make_variant(actor=alice)
    # The test runs inside a transaction; leave it to see the guard.
    connection = transaction.get_connection()
    saved, connection.in_atomic_block = connection.in_atomic_block, False
    try:
        with pytest.raises(RuntimeError, match="inside the transaction"):
            audit_record(actor=alice, action="x", obj=variant, before=None, after=None)
    finally:
        connection.in_atomic_block = saved


def test_simple_history_keeps_every_version_of_the_main_records(alice, rita):
    submission = make_approved(officer=alice, reviewer=rita)
    statuses = list(
        submission.variant.history.order_by("history_date").values_list("status", flat=True)
    )
    assert statuses == ["draft", "submitted", "in_certification", "under_review", "approved"]
