"""Jurisdictions and their packet profiles: edited by admins, every change audited."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from casino.models import Jurisdiction

from .audit import audit_record, snapshot


@transaction.atomic
def jurisdiction_save(*, jurisdiction: Jurisdiction, changes: dict[str, Any], actor) -> Jurisdiction:
    """Create or change a jurisdiction's profile; validated, then audited in one transaction."""
    before = snapshot(Jurisdiction.objects.get(pk=jurisdiction.pk)) if jurisdiction.pk else None
    for name, value in changes.items():
        setattr(jurisdiction, name, value)
    jurisdiction.full_clean()
    jurisdiction.save()
    audit_record(actor=actor, action="jurisdiction.create" if before is None else "jurisdiction.update",
                 obj=jurisdiction, before=before, after=snapshot(jurisdiction))
    return jurisdiction
