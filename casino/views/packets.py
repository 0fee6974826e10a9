"""Prepare the submission: a jurisdiction's checklist for a certified submission, and its packet."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.models import Jurisdiction, Submission
from casino.permissions import CAN_PREPARE_PACKET, has_role
from casino.services.errors import WorkflowError
from certification.models import PacketJob, RunStatus
from certification.reports.packet.catalogue import DOCUMENTS
from certification.services.packets import packet_checklist, packet_job_create

from ..downloads import stored_file
from .access import page, readable, role_required, second_factor_required
from .common import workflow_message
from .submissions import latest_run


class PacketForm(forms.Form):
    jurisdiction = forms.ModelChoiceField(queryset=Jurisdiction.objects.order_by("name"),
                                          to_field_name="code", label="Jurisdiction profile")
    applicant = forms.CharField(max_length=200, required=False, label="Applicant or petitioner")
    host_casino = forms.CharField(max_length=200, required=False, label="Host casino")


def _run(submission: Submission):
    return submission.certification_run if submission.certification_run_id else latest_run(submission)


@readable
def submission_packet(request: HttpRequest, pk: int) -> HttpResponse:
    submission = get_object_or_404(Submission.objects.select_related("variant__jurisdiction"), pk=pk)
    run = _run(submission)
    initial = {"jurisdiction": request.GET.get("jurisdiction") or submission.variant.jurisdiction.code,
               "applicant": request.GET.get("applicant", settings.TABLECERT_APPLICANT),
               "host_casino": request.GET.get("host_casino", settings.TABLECERT_HOST_CASINO)}
    jurisdiction = Jurisdiction.objects.filter(code=initial["jurisdiction"]).first() or \
        submission.variant.jurisdiction
    initial["jurisdiction"] = jurisdiction.code
    checklist = []
    if run is not None:
        checklist = packet_checklist(run=run, jurisdiction=jurisdiction,
                                     applicant=initial["applicant"], host_casino=initial["host_casino"])
    jobs = PacketJob.objects.filter(run=run).select_related("jurisdiction", "requested_by") if run else []
    building = any(job.status in (RunStatus.QUEUED, RunStatus.RUNNING) for job in jobs)
    return page(request, "submissions/packet.html", {
        "submission": submission, "variant": submission.variant, "run": run,
        "jurisdiction": jurisdiction, "checklist": checklist,
        "missing": [item for item in checklist if not item.ready],
        "documents": [(code, DOCUMENTS[code]) for code in jurisdiction.documents], "form": PacketForm(initial=initial), "jobs": jobs,
        "building": building, "can_prepare": has_role(request.user, *CAN_PREPARE_PACKET),
    })


@require_POST
@role_required(*CAN_PREPARE_PACKET)
@second_factor_required
def submission_packet_create(request: HttpRequest, pk: int) -> HttpResponse:
    submission = get_object_or_404(Submission, pk=pk)
    form = PacketForm(request.POST)
    if not form.is_valid():
        for name, problems in form.errors.items():
            label = form.fields[name].label if name in form.fields else name
            messages.error(request, _("%(field)s: %(problems)s") % {"field": label, "problems": " ".join(problems)})
        return redirect("web:submission-packet", pk=pk)
    run = _run(submission)
    if run is None:
        messages.error(request, _("This submission has not been certified yet."))
        return redirect("web:submission-packet", pk=pk)
    try:
        job = packet_job_create(run=run, actor=request.user, **form.cleaned_data)
    except WorkflowError as exc:
        workflow_message(request, exc)
    except PermissionDenied as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The %(profile)s packet is being built; it appears below when ready.")
                         % {"profile": job.jurisdiction.name})
    query = urlencode({"jurisdiction": form.cleaned_data["jurisdiction"].code,
                       "applicant": form.cleaned_data["applicant"],
                       "host_casino": form.cleaned_data["host_casino"]})
    return redirect(reverse("web:submission-packet", kwargs={"pk": pk}) + "?" + query)


@readable
def packet_download(request: HttpRequest, pk: int) -> FileResponse:
    job = get_object_or_404(PacketJob, pk=pk)
    return stored_file(job.file, what="this packet", filename=job.file.name.rsplit("/", 1)[-1],
                       content_type="application/zip", sha256=job.sha256)
