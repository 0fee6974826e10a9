"""The chain migration carries a PostgreSQL trail forward: events written before it (by the
old code, with jsonb numbers such as 3.0 and times to the microsecond) are chained, and
verify-audit passes; the triggers are in place afterwards."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from casino.models import AuditEvent

from .test_shuffle_certification_migration import latest_targets, migrate

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

BEFORE = [("casino", "0013_regulator_decisions")]


def test_existing_events_are_chained_and_then_protected():
    if connection.vendor != "postgresql":
        pytest.skip("the triggers are PostgreSQL's")
    old = migrate(BEFORE)
    Event = old.get_model("casino", "AuditEvent")
    Event.objects.create(action="variant.create", object_type="GameVariant", object_id="1",
                         after={"payouts": {"win": "1"}, "penetration": 0.75, "seats": 7.0})
    Event.objects.create(action="variant.submitted", object_type="GameVariant", object_id="1",
                         before={"status": "draft", "ü": [1.5, 2.0]}, message="sent")
    migrate(latest_targets())
    events = list(AuditEvent.objects.order_by("id"))
    assert [e.previous_event_id for e in events] == [None, events[0].id]
    out = io.StringIO()
    call_command("verify-audit", stdout=out)
    assert "2 events" in out.getvalue()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        AuditEvent.objects.filter(pk=events[0].pk).update(message="rewritten")
