"""Certification run progress (polled once a second) and its report files."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_POST

from casino import workflow
from casino.models import Submission
from casino.permissions import CAN_RUN_CERTIFICATION
from casino.services.errors import WorkflowError
from certification.models import CertificationRun
from certification.reports.i18n import LANGUAGES
from certification.reports.signing import TimestampError
from certification.services.certificates import NoCertificateError, certificate_rendering

from ..downloads import stored_file
from .access import readable, role_required
from .common import workflow_message
from .submissions import submission_progress


@never_cache
@readable
def run_status(request: HttpRequest, pk: int) -> JsonResponse:
    submission = get_object_or_404(Submission, pk=pk)
    return JsonResponse(submission_progress(submission))


def _report(run: CertificationRun, *, as_attachment: bool) -> FileResponse:
    return stored_file(run.report, what="this run's report", filename=f"{run}.pdf",
                       content_type="application/pdf", as_attachment=as_attachment)


# The reviewer page shows the draft report in an <iframe>; every other page stays DENY.
@xframe_options_sameorigin
@readable
def run_report_inline(request: HttpRequest, pk: int) -> FileResponse:
    run = get_object_or_404(CertificationRun, pk=pk)
    return _report(run, as_attachment=False)


@readable
def run_certificate(request: HttpRequest, pk: int) -> HttpResponse:
    """The run's certificate; ``?language=it`` its rendering in that language (made and
    registered the first time it is asked for: the same number and figures, signed)."""
    run = get_object_or_404(CertificationRun, pk=pk)
    language = request.GET.get("language", "")
    if not language:
        return _report(run, as_attachment=True)
    if language not in LANGUAGES:
        return HttpResponseBadRequest(
            _("language: a certificate is written in %(languages)s, not “%(language)s”.")
            % {"languages": ", ".join(LANGUAGES), "language": language[:20]}, content_type="text/plain")
    try:
        issued = certificate_rendering(run=run, language=language, actor=request.user)
    except NoCertificateError:
        raise Http404(_("This run has issued no certificate yet.")) from None
    except TimestampError as exc:
        return HttpResponse(_("The certificate could not be signed: %(error)s. Please retry later.")
                            % {"error": exc}, status=503, content_type="text/plain")
    return stored_file(issued.file, what="this certificate", filename=f"{run}-{language}.pdf",
                       content_type="application/pdf", sha256=issued.sha256)


@require_POST
@role_required(*CAN_RUN_CERTIFICATION)
def run_retry(request: HttpRequest, pk: int) -> HttpResponse:
    run = get_object_or_404(CertificationRun, pk=pk)
    try:
        with transaction.atomic():
            retry = workflow.certification_run_retry(run=run, actor=request.user)
    except WorkflowError as exc:
        workflow_message(request, exc)
    else:
        messages.success(request, _("Retrying as %(run)s, with the same inputs, seed and evidence.") % {"run": retry})
    submission = (
        Submission.objects.filter(variant=run.variant_id, paytable_version=run.paytable_version_id)
        .order_by("-id").first()
    )
    if submission is None:
        return redirect("home")
    return redirect("web:submission-detail", pk=submission.pk)
