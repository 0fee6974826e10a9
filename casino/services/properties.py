"""Casino properties: where tables stand, and so which jurisdiction decides what they deal."""

from __future__ import annotations

from django.db import transaction

from casino.models import CasinoProperty, Jurisdiction
from casino.permissions import CAN_MANAGE_PROPERTIES

from .audit import audit_record, snapshot
from .errors import require_role


@transaction.atomic
def casino_property_create(*, name: str, jurisdiction: Jurisdiction, actor) -> CasinoProperty:
    """A new property (admins). Raises PermissionDenied, ValidationError (name blank or taken)."""
    require_role(actor, CAN_MANAGE_PROPERTIES, "adding a casino property")
    place = CasinoProperty(name=(name or "").strip(), jurisdiction=jurisdiction)
    place.full_clean()
    place.save()
    audit_record(actor=actor, action="property.create", obj=place, before=None, after=snapshot(place))
    return place


def casino_property_default(*, jurisdiction: Jurisdiction, actor=None) -> CasinoProperty:
    """The jurisdiction's first property, made ("<jurisdiction> floor") when it has none.

    A table created without naming its property stands here, as the existing tables were
    moved by the migration; callers that know the property pass it instead.
    """
    existing = CasinoProperty.objects.filter(jurisdiction=jurisdiction).order_by("pk").first()
    if existing is not None:
        return existing
    name, n = f"{jurisdiction.name} floor", 1
    while CasinoProperty.objects.filter(name=name).exists():
        n += 1
        name = f"{jurisdiction.name} floor {n}"
    place = CasinoProperty.objects.create(name=name, jurisdiction=jurisdiction)
    audit_record(actor=actor, action="property.create", obj=place, before=None, after=snapshot(place))
    return place
