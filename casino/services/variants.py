from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from casino.models import GameVariant, Jurisdiction, Paytable, PaytableVersion
from casino.permissions import CAN_AUTHOR_VARIANT

from .audit import audit_record, snapshot
from .errors import WorkflowError, require_role
from .paytables import normalised_rules, version_lines_write


@transaction.atomic
def variant_create(
    *,
    name: str,
    family: str,
    parameters: Mapping[str, Any],
    payouts: Mapping[str, Any],
    jurisdiction: Jurisdiction,
    actor,
    preset: str = "",
    revised_from: GameVariant | None = None,
    provenance: Mapping[str, Any] | None = None,
    roles: tuple[str, ...] = CAN_AUTHOR_VARIANT,
) -> GameVariant:
    """A draft variant with its paytable and version 1; ``actor=None`` is the system (presets).

    ``provenance`` records where the draft came from (a tuning job and its changes);
    ``roles`` widens who may create it for such a derived draft.
    """
    require_role(actor, roles, "creating a variant", allow_system=True)
    clean_parameters, clean_payouts = normalised_rules(
        family=family, parameters=parameters, payouts=payouts
    )
    variant = GameVariant(
        name=name,
        family=family,
        parameters=clean_parameters,
        jurisdiction=jurisdiction,
        preset=preset,
        created_by=actor,
        revised_from=revised_from,
        provenance=dict(provenance or {}),
    )
    variant.full_clean()
    variant.save()
    paytable = Paytable.objects.create(variant=variant, name=f"{name} paytable")
    version = PaytableVersion.objects.create(
        paytable=paytable, number=1, created_by=actor, provenance=dict(provenance or {})
    )
    version_lines_write(version=version, payouts=clean_payouts)
    audit_record(
        actor=actor, action="variant.create", obj=variant, before=None, after=snapshot(variant)
    )
    audit_record(
        actor=actor,
        action="paytable_version.create",
        obj=version,
        before=None,
        after=snapshot(version),
    )
    return variant


@transaction.atomic
def variant_update(
    *,
    variant: GameVariant,
    actor,
    name: str | None = None,
    parameters: Mapping[str, Any] | None = None,
    jurisdiction: Jurisdiction | None = None,
) -> GameVariant:
    require_role(actor, CAN_AUTHOR_VARIANT, "editing a variant")
    variant = GameVariant.objects.select_for_update().get(pk=variant.pk)
    if not variant.is_editable:
        raise WorkflowError(
            from_state=variant.status,
            to_state="edited",
            reason=_("only a draft variant can be edited; revise a rejected one into a new draft"),
        )
    before = snapshot(variant)
    if parameters is not None:
        latest = variant.paytable.latest_version
        clean_parameters, _payouts = normalised_rules(
            family=variant.family, parameters=parameters, payouts=latest.payouts if latest else {}
        )
        variant.parameters = clean_parameters
    if name is not None:
        variant.name = name
    if jurisdiction is not None:
        variant.jurisdiction = jurisdiction
    variant.full_clean()
    variant.save()
    audit_record(
        actor=actor, action="variant.update", obj=variant, before=before, after=snapshot(variant)
    )
    return variant
