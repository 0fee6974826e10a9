from __future__ import annotations

import datetime
import decimal
import uuid
from typing import Any

from django.db import models, transaction

from casino.models import AuditEvent, PaytableVersion


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
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit events are written inside the transaction of the change")
    return AuditEvent.objects.create(
        actor=actor if getattr(actor, "pk", None) else None,
        action=action,
        object_type=type(obj).__name__,
        object_id=str(obj.pk),
        before=before,
        after=after,
        message=message,
    )
