"""Revoking a certificate in the register, from its version's page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from casino.forms.approvals import CertificateRevokeForm
from casino.permissions import CAN_REVOKE
from casino.selectors import certificate_status
from casino.services.errors import WorkflowError
from casino.services.revocations import certificate_revoke
from certification.models import CertificationRun

from .access import page, role_required, second_factor_required
from .regulators import field_errors


@role_required(*CAN_REVOKE)
@second_factor_required
def run_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    run = get_object_or_404(CertificationRun.objects.select_related("paytable_version__paytable__variant")
                            .defer("rules_snapshot", "exact", "simulation", "randomness"), pk=pk)
    form = CertificateRevokeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                certificate_revoke(run=run, actor=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as exc:
            field_errors(form, exc)
        except WorkflowError as exc:
            form.add_error(None, exc.reason[:1].upper() + exc.reason[1:])
        else:
            messages.success(request, _("Certificate %(number)s revoked in the register.")
                             % {"number": run.certificate_number})
            return redirect("web:version-jurisdictions", pk=run.paytable_version_id)
    version = run.paytable_version
    return page(request, "approvals/revoke.html", {
        "form": form, "run": run, "version": version, "variant": version.paytable.variant,
        "status": certificate_status(run=run),
        "title": _("Revoke certificate %(number)s") % {"number": run.certificate_number or run},
    }, status=400 if form.errors else 200)
