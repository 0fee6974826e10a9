"""Transactions appending audit events at once never fork the chain (real PostgreSQL)."""

import threading
import time

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction

from casino.models import AuditEvent
from casino.services.audit import audit_record

from .factories import UserFactory

WRITERS = 8


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_simultaneous_appends_form_one_chain():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent connections need PostgreSQL")
    users = [UserFactory(username=f"writer{i}") for i in range(WRITERS)]
    barrier = threading.Barrier(WRITERS)
    failures: list[str] = []

    def append(user):
        try:
            barrier.wait(timeout=20)
            with transaction.atomic():
                audit_record(actor=user, action="user.touched", obj=user, before=None,
                             after={"n": 1.0, "who": user.username})
                # Hold the transaction open: without the lock every writer would read the
                # same head meanwhile.
                time.sleep(0.2)
                audit_record(actor=user, action="user.touched_again", obj=user, before=None,
                             after=None)
        except Exception as exc:  # noqa: BLE001 -- reported below with its type
            failures.append(f"{type(exc).__name__}: {exc}")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=append, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert failures == []
    events = list(AuditEvent.objects.order_by("id"))
    assert len(events) == 2 * WRITERS
    # One chain: each event follows the one before it, and no two follow the same one.
    assert [e.previous_event_id for e in events] == [None] + [e.id for e in events[:-1]]
    # A writer's two events are neighbours: the lock is held until its transaction ends.
    for first, second in zip(events[::2], events[1::2], strict=True):
        assert first.actor_id == second.actor_id
    call_command("verify-audit")
