"""The one helper every transition uses: change a status and audit it together."""

from __future__ import annotations

from typing import Any

from casino.services.audit import audit_record, snapshot


def set_status_audited(obj, to: str, *, actor, action: str, message: str = "", **fields: Any) -> None:
    before = snapshot(obj)
    obj.status = to
    for name, value in fields.items():
        setattr(obj, name, value)
    obj.save()
    audit_record(
        actor=actor, action=action, obj=obj, before=before, after=snapshot(obj), message=message
    )
