"""The game protection audit of a variant: start it, follow it, read it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.forms.protection import ProtectionAuditForm
from casino.models import GameVariant
from casino.permissions import CAN_RUN_CERTIFICATION
from certification.protection.table_risk import TableWarning, table_warnings
from certification.protection.text import report_rows
from certification.services.protection import (
    ProtectionInputError,
    latest_protection_audit,
    protection_audit_start,
    protection_status,
)

from .access import readable, role_required
from .common import variant_rules


def protection_context(variant: GameVariant, latest_version, can_start: bool, audited: bool = True) -> dict:
    """What the variant page shows of the latest audit of its latest paytable version.

    ``audited`` False says the version has no audit at all (the caller asked along with the
    version), and spares the read.
    """
    audit = (latest_protection_audit(variant=variant, paytable_version=latest_version)
             if latest_version and audited else None)
    return {
        "protection": audit,
        "protection_rows": report_rows(audit.result) if audit is not None and audit.result else [],
        "protection_form": ProtectionAuditForm() if can_start and latest_version else None,
    }


def table_protection_warnings(*, version, seats: int, penetration: float,
                              shuffling_method: str) -> list[TableWarning]:
    """Settings of a new table that make a high-risk exposure possible for its variant."""
    variant = version.paytable.variant
    rules = variant_rules(variant, version)
    if rules is None:
        return []
    audit = latest_protection_audit(variant=variant, done=True)
    return table_warnings(rules=rules, seats=seats, penetration=penetration,
                          procedure=shuffling_method, audit=audit.result if audit else None)


@require_POST
@role_required(*CAN_RUN_CERTIFICATION)
def variant_protection_start(request: HttpRequest, pk: int) -> HttpResponse:
    variant = get_object_or_404(GameVariant, pk=pk)
    version = variant.paytable.latest_version
    form = ProtectionAuditForm(request.POST)
    if version is None:
        messages.error(request, _("The variant has no paytable version to audit."))
    elif not form.is_valid():
        messages.error(request, _("Game protection audit not started: %(problems)s") % {"problems": "; ".join(
            f"{name}: {' '.join(errors)}" for name, errors in form.errors.items())})
    else:
        try:
            protection_audit_start(variant=variant, paytable_version=version, actor=request.user,
                                   **form.cleaned_data)
        except ProtectionInputError as exc:
            messages.error(request, _("Game protection audit not started: %(problems)s") % {"problems": exc})
        else:
            messages.success(request, _("Game protection audit started on the workers."))
    return redirect(reverse("web:variant-detail", args=[pk]) + "#protection")


@readable
def variant_protection_status(request: HttpRequest, pk: int) -> JsonResponse:
    variant = get_object_or_404(GameVariant, pk=pk)
    version = variant.paytable.latest_version
    audit = latest_protection_audit(variant=variant, paytable_version=version) if version else None
    data = protection_status(audit)
    if data.get("audit"):
        data["audit"]["status_label"] = _(audit.get_status_display())
    return JsonResponse(data)
