"""A version's field trial in one jurisdiction: days and rounds against the minimums, the field
check of each host table in each file, the alarms posted, and the request for final approval."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.models import DecisionStatus, Jurisdiction, PaytableVersion
from casino.permissions import CAN_REQUEST_FINAL_APPROVAL
from casino.selectors import regulator_state
from casino.services.errors import WorkflowError
from casino.services.field_trial_progress import field_trial_progress
from certification.models import FieldTrialAlarm, PacketJob, RunStatus
from certification.services.field_trials import field_trial_of, field_trial_verdicts
from certification.services.final_approval import final_approval_problem, final_approval_request

from .access import page, readable, role_required


def _trial_context(request: HttpRequest, pk: int, code: str) -> dict:
    version = get_object_or_404(PaytableVersion.objects.select_related("paytable__variant"), pk=pk)
    jurisdiction = get_object_or_404(Jurisdiction, code=code)
    trial = field_trial_of(paytable_version=version, jurisdiction=jurisdiction)
    if trial is None:
        raise Http404(_("This version was never in field trial in this jurisdiction."))
    current = regulator_state(paytable_version=version, jurisdiction=jurisdiction)
    progress = field_trial_progress(decision=trial)
    jobs = (PacketJob.objects.filter(field_trial__submission=trial.submission_id)
            .select_related("requested_by").order_by("-created_at", "-id"))
    building = any(job.status in (RunStatus.QUEUED, RunStatus.RUNNING) for job in jobs)
    in_trial = current.status == DecisionStatus.FIELD_TRIAL
    return {
        "version": version, "variant": version.paytable.variant, "jurisdiction": jurisdiction,
        "trial": trial, "current": current, "progress": progress,
        "verdicts": field_trial_verdicts(decision=trial),
        "alarms": FieldTrialAlarm.objects.filter(filing=trial.submission_id)
        .select_related("table", "upload", "notice"),
        "jobs": jobs, "building": building, "in_trial": in_trial,
        "may_request": in_trial and not building
        and final_approval_problem(actor=request.user, paytable_version=version) is None,
    }


@readable
def field_trial(request: HttpRequest, pk: int, code: str) -> HttpResponse:
    return page(request, "approvals/field_trial.html", _trial_context(request, pk, code))


@require_POST
@role_required(*CAN_REQUEST_FINAL_APPROVAL)
def field_trial_final_approval(request: HttpRequest, pk: int, code: str) -> HttpResponse:
    context = _trial_context(request, pk, code)
    try:
        job = final_approval_request(paytable_version=context["version"], jurisdiction=context["jurisdiction"],
                                     actor=request.user)
    except WorkflowError as exc:
        context["refusal"] = exc.reason[:1].upper() + exc.reason[1:]
        return page(request, "approvals/field_trial.html", context, status=409)
    messages.success(request, _("Final approval requested: the %(jurisdiction)s packet with the field-trial "
                                "report is being built (packet %(packet)s); the filing follows once it is "
                                "built.") % {"jurisdiction": job.jurisdiction.name, "packet": job.pk})
    return redirect("web:field-trial", pk=pk, code=code)
