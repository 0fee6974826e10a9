"""The audit trail is a hash chain: verify-audit passes on a real trail and names the first
event an attacker with the database changed, deleted or slipped in.

On PostgreSQL the triggers refuse UPDATE and DELETE; the attacker here is a superuser who
switches them off first (ALTER TABLE ... DISABLE TRIGGER), as one with the database could.
The same tampering on SQLite, where no trigger stands in the way, is in
test_audit_chain_sqlite.py.
"""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from casino import workflow
from casino.models import AuditEvent
from casino.services.audit_chain import GENESIS_HASH, digest_of_row

from .factories import make_approved, make_table

pytestmark = [pytest.mark.services, pytest.mark.django_db]


@pytest.fixture
def trail(alice, rita, adam):
    if connection.vendor != "postgresql":
        pytest.skip("the triggers and this attacker need PostgreSQL")
    approved = make_approved(officer=alice, reviewer=rita)
    table = make_table(admin=adam, variant=approved.variant)
    workflow.table_activate(table=table, actor=adam)
    ids = list(AuditEvent.objects.order_by("id").values_list("id", flat=True))
    assert len(ids) >= 8
    return ids


def verify(*args) -> tuple[bool, dict, str]:
    out = io.StringIO()
    try:
        call_command("verify-audit", "--json", *args, stdout=out)
    except CommandError as exc:
        return False, json.loads(out.getvalue()), str(exc)
    return True, json.loads(out.getvalue()), ""


def execute(sql: str, params=()) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@pytest.fixture
def attacker(trail):
    # The test's own transaction still holds deferred foreign-key checks; ALTER waits for none.
    execute("SET CONSTRAINTS ALL IMMEDIATE")
    execute("ALTER TABLE casino_auditevent DISABLE TRIGGER casino_auditevent_append_only")
    return trail


def test_a_populated_trail_is_whole(trail):
    ok, report, _ = verify()
    assert ok and report["ok"] and report["broken"] is None
    assert report["events"] == len(trail) and report["head_id"] == trail[-1]
    events = list(AuditEvent.objects.order_by("id"))
    assert events[0].previous_event_id is None and events[0].previous_hash == GENESIS_HASH
    for before, event in zip(events, events[1:], strict=False):
        assert (event.previous_event_id, event.previous_hash) == (before.id, before.event_hash)
        assert digest_of_row(event) == event.event_hash


def test_the_triggers_refuse_update_and_delete(trail):
    for sql in ("UPDATE casino_auditevent SET message = 'rewritten' WHERE id = %s",
                "DELETE FROM casino_auditevent WHERE id = %s"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            execute(sql, [trail[2]])
    assert AuditEvent.objects.get(pk=trail[2]).message == ""
    assert verify()[0]


def test_an_updated_event_is_named(attacker):
    target = attacker[3]
    execute("UPDATE casino_auditevent SET after = '{\"status\": \"approved\"}' WHERE id = %s", [target])
    ok, report, error = verify()
    assert not ok
    assert report["broken"]["kind"] == "changed" and report["broken"]["event_id"] == target
    assert report["head_id"] == attacker[2]
    assert f"event {target}" in error and "changed" in error


def test_an_update_with_its_hash_recomputed_is_still_named(attacker):
    target = attacker[3]
    execute("UPDATE casino_auditevent SET message = 'nothing to see' WHERE id = %s", [target])
    event = AuditEvent.objects.get(pk=target)
    execute("UPDATE casino_auditevent SET event_hash = %s WHERE id = %s", [digest_of_row(event), target])
    ok, report, _ = verify()
    assert not ok and report["broken"]["kind"] == "changed" and report["broken"]["event_id"] == target


def test_a_deleted_event_is_named(attacker):
    target = attacker[4]
    execute("DELETE FROM casino_auditevent WHERE id = %s", [target])
    ok, report, error = verify()
    assert not ok
    assert report["broken"] == {"kind": "deleted", "event_id": target,
                                "detail": report["broken"]["detail"]}
    assert f"event {target} was deleted" in error


def test_an_inserted_event_is_named(attacker):
    head = AuditEvent.objects.get(pk=attacker[-1])
    slipped = attacker[-1] + 100
    # Made to look like a continuation: it names the head, but its hash is invented.
    execute("INSERT INTO casino_auditevent (id, at, action, object_type, object_id, message, "
            "previous_event_id, previous_hash, event_hash) VALUES "
            "(%s, now(), 'submission.approved', 'Submission', '1', '', NULL, %s, %s)",
            [slipped, head.event_hash, "f" * 64])
    ok, report, error = verify()
    assert not ok and report["broken"]["kind"] == "inserted" and report["broken"]["event_id"] == slipped
    assert report["events"] == len(attacker)


def test_an_event_inserted_before_the_first_is_named(attacker):
    execute("INSERT INTO casino_auditevent (id, at, action, object_type, object_id, message, "
            "previous_event_id, previous_hash, event_hash) VALUES "
            "(%s, now(), 'variant.approved', 'GameVariant', '1', '', NULL, %s, %s)",
            [attacker[0] - 1, GENESIS_HASH, "0" * 64])
    ok, report, _ = verify()
    assert not ok
    assert report["broken"]["kind"] == "inserted" and report["broken"]["event_id"] == attacker[0] - 1
