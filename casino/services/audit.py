from __future__ import annotations

import datetime
import decimal
import uuid
from typing import Any

from django.db import models, transaction
from django.utils import timezone

from casino.models import AuditEvent, PaytableVersion

from .audit_chain import GENESIS_HASH, event_digest, json_normalised

# Any constant will do, as long as every append takes the same one.
CHAIN_LOCK_KEY = 0x7461626C_65636572  # "tablecer"


def snapshot(obj: models.Model | None) -> dict[str, Any] | None:
    """A JSON-safe picture of a record's own fields (and a version's payouts)."""
    if obj is None:
        return None
    data: dict[str, Any] = {}
    for field in obj._meta.concrete_fields:
        value = getattr(obj, field.attname)
        if isinstance(value, (datetime.date, datetime.datetime)):
            value = value.isoformat()
        elif isinstance(value, (decimal.Decimal, uuid.UUID)):
            value = str(value)
        elif isinstance(value, models.fields.files.FieldFile):
            value = value.name or None
        data[field.attname] = value
    if isinstance(obj, PaytableVersion) and obj.pk:
        data["payouts"] = obj.payouts
    return data


def audit_record(
    *,
    actor,
    action: str,
    obj: models.Model,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    message: str = "",
) -> AuditEvent:
    # Refusing to audit outside a transaction keeps the change and its record inseparable.
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        raise RuntimeError("audit events are written inside the transaction of the change")
    audit_chain_lock(connection)
    head = AuditEvent.objects.order_by("-id").values_list("id", "event_hash").first()
    previous_event_id, previous_hash = head if head else (None, GENESIS_HASH)
    event = AuditEvent(
        actor=actor if getattr(actor, "pk", None) else None,
        at=timezone.now(),
        action=action,
        object_type=type(obj).__name__,
        object_id=str(obj.pk),
        before=json_normalised(before),
        after=json_normalised(after),
        message=message,
        previous_event_id=previous_event_id,
        previous_hash=previous_hash,
    )
    event.event_hash = event_digest(
        previous_event_id=previous_event_id, previous_hash=previous_hash, at=event.at,
        actor_id=event.actor_id, action=event.action, object_type=event.object_type,
        object_id=event.object_id, before=event.before, after=event.after, message=message,
    )
    event.save(force_insert=True)
    return event


def audit_chain_lock(connection) -> None:
    """Serialise appends until this transaction ends, so no two follow the same head.

    PostgreSQL: a transaction-scoped advisory lock, released at commit or rollback. SQLite
    needs none: the project's transactions take the database's write lock when they begin
    (IMMEDIATE), so only one writer is ever between reading the head and committing.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CHAIN_LOCK_KEY])
