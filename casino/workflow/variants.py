"""Variants (retire, revise) and paytable versions (an edit is a new draft version)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from casino.models import (
    OPEN_SUBMISSION_STATUSES,
    GameVariant,
    Paytable,
    PaytableVersion,
    TableStatus,
    VariantStatus,
)
from casino.permissions import CAN_EDIT_PAYTABLE, CAN_RETIRE
from casino.services.audit import audit_record, snapshot
from casino.services.errors import WorkflowError, require_role
from casino.services.paytables import validated_payouts, version_lines_write
from casino.services.variants import variant_create

from .base import set_status_audited


@transaction.atomic
def variant_retire(*, variant: GameVariant, actor, reason: str = "") -> GameVariant:
    require_role(actor, CAN_RETIRE, "retiring a variant")
    variant = GameVariant.objects.select_for_update().get(pk=variant.pk)
    to = VariantStatus.RETIRED
    if variant.status != VariantStatus.APPROVED:
        raise WorkflowError(
            from_state=variant.status, to_state=to, reason=_("only an approved variant can be retired")
        )
    active = list(
        variant.tables.filter(status=TableStatus.ACTIVE).values_list("table_id", flat=True)
    )
    if active:
        raise WorkflowError(
            from_state=variant.status,
            to_state=to,
            reason=f"still on active tables: {', '.join(active)}",
        )
    if variant.submissions.filter(status__in=OPEN_SUBMISSION_STATUSES).exists():
        raise WorkflowError(
            from_state=variant.status, to_state=to, reason=_("a submission for it is still open")
        )
    set_status_audited(variant, to, actor=actor, action="variant.retired", message=reason)
    return variant


@transaction.atomic
def variant_revise(*, variant: GameVariant, actor) -> GameVariant:
    """A rejected variant stays as evidence; its revision is a new draft carrying its rules."""
    variant = GameVariant.objects.select_for_update().get(pk=variant.pk)
    if variant.status != VariantStatus.REJECTED:
        raise WorkflowError(
            from_state=variant.status,
            to_state="revised",
            reason=_("only a rejected variant can be revised"),
        )
    latest = variant.paytable.latest_version
    return variant_create(
        name=variant.name,
        family=variant.family,
        parameters=variant.parameters,
        payouts=latest.payouts if latest else {},
        jurisdiction=variant.jurisdiction,
        actor=actor,
        preset=variant.preset,
        revised_from=variant,
    )


@transaction.atomic
def paytable_version_create(
    *, paytable: Paytable, actor, payouts: Mapping[str, Any] | None = None, note: str = "",
    provenance: Mapping[str, Any] | None = None,
) -> PaytableVersion:
    """An edit: a new draft version superseding the latest (payouts default to the latest's)."""
    require_role(actor, CAN_EDIT_PAYTABLE, "editing a paytable")
    variant = GameVariant.objects.select_for_update().get(pk=paytable.variant_id)
    if variant.status in (VariantStatus.REJECTED, VariantStatus.RETIRED):
        raise WorkflowError(
            from_state=variant.status,
            to_state="new paytable version",
            reason=_("the variant is closed; revise a rejected variant into a new draft"),
        )
    latest = paytable.versions.select_for_update().order_by("-number").first()
    clean = validated_payouts(
        variant=variant, payouts=latest.payouts if payouts is None and latest else payouts or {}
    )
    version = PaytableVersion.objects.create(
        paytable=paytable,
        number=(latest.number + 1) if latest else 1,
        supersedes=latest,
        note=note,
        created_by=actor,
        provenance=dict(provenance or {}),
    )
    version_lines_write(version=version, payouts=clean)
    audit_record(
        actor=actor,
        action="paytable_version.create",
        obj=version,
        before=None,
        after=snapshot(version),
    )
    return version


@transaction.atomic
def paytable_version_update(
    *, version: PaytableVersion, actor, payouts: Mapping[str, Any], note: str | None = None
) -> PaytableVersion:
    require_role(actor, CAN_EDIT_PAYTABLE, "editing a paytable")
    version = PaytableVersion.objects.select_for_update().get(pk=version.pk)
    if version.is_locked:
        raise WorkflowError(
            from_state=version.status,
            to_state="edited",
            reason=_("a submitted or approved paytable version never changes; create a new version"),
        )
    before = snapshot(version)
    clean = validated_payouts(variant=version.paytable.variant, payouts=payouts)
    version_lines_write(version=version, payouts=clean)
    if note is not None:
        version.note = note
        version.save()
    audit_record(
        actor=actor,
        action="paytable_version.update",
        obj=version,
        before=before,
        after=snapshot(version),
    )
    return version
