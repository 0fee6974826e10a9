"""A paytable version before the regulators: file it, transcribe each letter, end an approval,
revoke its certificate. The services decide; these pages show their refusals by field."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.forms.approvals import (
    ENDING_STATUSES,
    RECORDED_STATUSES,
    ApprovalEndForm,
    DecisionRecordForm,
    FilingForm,
)
from casino.models import (
    TRANSITIONS,
    DecisionStatus,
    PaytableVersion,
    RegulatorDecision,
    VersionStatus,
)
from casino.permissions import CAN_RECORD_DECISIONS, CAN_REVOKE, has_role
from casino.selectors import certificate_status, current_decisions
from casino.services.errors import WorkflowError
from casino.services.regulators import regulator_decision_record, submitter_of
from casino.services.standing import standing_from_decision, version_badge
from certification.models import CertificationRun

from ..downloads import stored_file
from .access import page, readable, role_required, second_factor_required

DECISION_FIELDS = ("jurisdiction", "status", "reference", "conditions", "reason", "effective",
                   "expires", "host_property", "table_limit", "letter")


def _version(pk: int) -> PaytableVersion:
    return get_object_or_404(PaytableVersion.objects.select_related("paytable__variant"), pk=pk)


def field_errors(form, exc: ValidationError) -> None:
    """A service's ValidationError onto the form's fields (the rest above the form)."""
    for name, problems in exc.message_dict.items():
        form.add_error(name if name in form.fields else None, problems)


def _statuses_for(user, allowed) -> tuple[str, ...]:
    """The decisions this user may record: revoking is the reviewers' and admins', the rest
    the officers' and admins' (the service checks again, with segregation of duties)."""
    may_record, may_revoke = has_role(user, *CAN_RECORD_DECISIONS), has_role(user, *CAN_REVOKE)
    return tuple(s for s in allowed
                 if (may_revoke if s == DecisionStatus.REVOKED else may_record))


def _certificates(version: PaytableVersion) -> list[dict]:
    runs = (CertificationRun.objects.filter(paytable_version=version)
            .filter(~Q(certificate_number=None) & ~Q(certificate_number=""))
            .select_related("revocation").defer("rules_snapshot", "exact", "simulation", "randomness")
            .order_by("-id"))
    return [{"run": run, "status": certificate_status(run=run)} for run in runs]


def version_context(request: HttpRequest, version: PaytableVersion, **extra) -> dict:
    states = current_decisions(paytable_versions=[version.pk])
    current = sorted(states.values(), key=lambda d: d.submission.jurisdiction.name)
    for decision in current:
        decision.standing = standing_from_decision(decision)
    history = (RegulatorDecision.objects.filter(submission__paytable_version=version)
               .select_related("submission__jurisdiction", "recorded_by", "host_property")
               .order_by("-recorded_at", "-id"))
    user = request.user
    may_record = has_role(user, *CAN_RECORD_DECISIONS)
    # Said only to those whose role could revoke: the others never see the action at all.
    submitted_it = has_role(user, *CAN_REVOKE) and user.pk in submitter_of(version)
    context = {
        "version": version, "variant": version.paytable.variant, "current": current,
        "version_badge": version_badge(version),
        "history": history, "certificates": _certificates(version),
        "fileable": may_record and version.status == VersionStatus.APPROVED,
        "may_record": may_record, "may_end": bool(_statuses_for(user, ENDING_STATUSES)),
        "may_revoke_certificate": has_role(user, *CAN_REVOKE) and not submitted_it,
        "submitted_it": submitted_it,
        # Filings a later decision may still move (the others are closed).
        "open_statuses": [status for status, following in TRANSITIONS.items() if following],
    }
    if context["fileable"] and "filing_form" not in extra:
        context["filing_form"] = FilingForm()
    return {**context, **extra}


@readable
def version_jurisdictions(request: HttpRequest, pk: int) -> HttpResponse:
    version = _version(pk)
    return page(request, "approvals/version.html", version_context(request, version))


@require_POST
@role_required(*CAN_RECORD_DECISIONS)
@second_factor_required
def version_file(request: HttpRequest, pk: int) -> HttpResponse:
    """File the version with each chosen jurisdiction: each filing stands or falls on its own."""
    version = _version(pk)
    form = FilingForm(request.POST)
    refusals: list[dict] = []
    if form.is_valid():
        filed = []
        for jurisdiction in form.cleaned_data["jurisdictions"]:
            try:
                with transaction.atomic():
                    regulator_decision_record(paytable_version=version, jurisdiction=jurisdiction,
                                              status=DecisionStatus.SUBMITTED, actor=request.user)
            except ValidationError as exc:
                refusals.append({"jurisdiction": jurisdiction, "problems": exc.messages})
            except WorkflowError as exc:
                refusals.append({"jurisdiction": jurisdiction, "problems": [exc.reason]})
            else:
                filed.append(jurisdiction.name)
        if filed:
            messages.success(request, _("Filed paytable v%(number)s in %(jurisdictions)s.")
                             % {"number": version.number, "jurisdictions": ", ".join(filed)})
        if not refusals:
            return redirect("web:version-jurisdictions", pk=pk)
        form = FilingForm()
    status = 200 if form.is_valid() or refusals else 400
    return page(request, "approvals/version.html",
                version_context(request, version, filing_form=form, refusals=refusals), status=status)


def _record(request: HttpRequest, version: PaytableVersion, form) -> HttpResponse | None:
    """Record the form's decision; None when the form goes back with its errors."""
    if not form.is_valid():
        return None
    data = {k: v for k, v in form.cleaned_data.items() if k in DECISION_FIELDS}
    try:
        with transaction.atomic():
            decision = regulator_decision_record(paytable_version=version, actor=request.user, **data)
    except ValidationError as exc:
        field_errors(form, exc)
        return None
    except WorkflowError as exc:
        form.add_error(None, exc.reason[:1].upper() + exc.reason[1:])
        return None
    jurisdiction = decision.submission.jurisdiction
    messages.success(request, _("%(decision)s in %(jurisdiction)s recorded for paytable v%(number)s.")
                     % {"decision": decision.get_status_display(), "jurisdiction": jurisdiction.name,
                        "number": version.number})
    return redirect("web:version-jurisdictions", pk=version.pk)


@role_required(*CAN_RECORD_DECISIONS)
@second_factor_required
def decision_record(request: HttpRequest, pk: int) -> HttpResponse:
    version = _version(pk)
    statuses = _statuses_for(request.user, RECORDED_STATUSES)
    form = DecisionRecordForm(request.POST or None, request.FILES or None, statuses=statuses,
                              initial={"jurisdiction": request.GET.get("jurisdiction")})
    if request.method == "POST":
        done = _record(request, version, form)
        if done is not None:
            return done
    return page(request, "approvals/record.html", {
        "form": form, "version": version, "variant": version.paytable.variant,
        "title": _("Record a regulator's decision on paytable v%(number)s") % {"number": version.number},
    }, status=400 if form.errors else 200)


@role_required(*CAN_RECORD_DECISIONS, *CAN_REVOKE)
@second_factor_required
def approval_end(request: HttpRequest, pk: int) -> HttpResponse:
    version = _version(pk)
    form = ApprovalEndForm(request.POST or None, statuses=_statuses_for(request.user, ENDING_STATUSES),
                           initial={"jurisdiction": request.GET.get("jurisdiction")})
    if request.method == "POST":
        done = _record(request, version, form)
        if done is not None:
            return done
    return page(request, "approvals/end.html", {
        "form": form, "version": version, "variant": version.paytable.variant,
        "title": _("Withdraw or revoke paytable v%(number)s") % {"number": version.number},
    }, status=400 if form.errors else 200)


@readable
def decision_letter(request: HttpRequest, pk: int):
    decision = get_object_or_404(RegulatorDecision.objects.select_related("submission__jurisdiction"), pk=pk)
    name = decision.letter.name.rsplit("/", 1)[-1] if decision.letter else "letter"
    return stored_file(decision.letter, what="the regulator's letter", filename=name,
                       sha256=decision.letter_sha256, as_attachment=False)
