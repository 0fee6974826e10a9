from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response

from casino import workflow
from casino.models import AuditEvent
from casino.permissions import CAN_RUN_CERTIFICATION
from certification.models import CertificationRun, IssuedReport
from certification.reports.i18n import LANGUAGES
from certification.reports.signing import TimestampError
from certification.services.certificates import NoCertificateError, certificate_rendering

from ..downloads import stored_file
from .base import ReadOnlyBackOfficeViewSet
from .filters import AuditEventFilter, CertificationRunFilter
from .serializers import AuditEventSerializer, CertificationRunSerializer, WorkflowErrorSerializer


class CertificationRunViewSet(ReadOnlyBackOfficeViewSet):
    """Runs are created by the workflow and filled in by the certification pipeline; a failed
    run can be retried (``retry``), which creates a new run through the workflow."""

    # The register's entries of each run (its renderings), without the basis each one keeps.
    queryset = CertificationRun.objects.select_related("requested_by").prefetch_related(
        Prefetch("issued_reports", queryset=IssuedReport.objects.only(
            "id", "run_id", "kind", "language", "sha256", "issued_at")))
    serializer_class = CertificationRunSerializer
    filterset_class = CertificationRunFilter
    action_roles = {"retry": CAN_RUN_CERTIFICATION}

    @extend_schema(request=None, responses={201: CertificationRunSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def retry(self, request, pk=None):
        """A failed run again, with the same rules snapshot, seed, rounds and evidence."""
        run = workflow.certification_run_retry(run=self.get_object(), actor=request.user)
        return Response(CertificationRunSerializer(run).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[OpenApiParameter(
            "language", str, enum=list(LANGUAGES),
            description="The certificate written in this language (en, it or es): the same number "
                        "and figures, its own signed and registered file, made the first time it "
                        "is asked for. Without it, the certificate as issued.")],
        responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def report(self, request, pk=None):
        run = self.get_object()
        language = request.query_params.get("language", "")
        if not language:
            return stored_file(run.report, what="this run's report",
                               filename=f"{run.certificate_number}.pdf", sha256=run.report_sha256)
        if language not in LANGUAGES:
            raise ValidationError({"language": [
                _("a certificate is written in %(languages)s, not “%(language)s”.")
                % {"languages": ", ".join(LANGUAGES), "language": language[:20]}]})
        try:
            issued = certificate_rendering(run=run, language=language, actor=request.user)
        except NoCertificateError:
            raise NotFound(_("This run has issued no certificate yet.")) from None
        except TimestampError as exc:
            return Response({"detail": _("The certificate could not be signed: %(error)s. Please retry "
                                         "later.") % {"error": exc}},
                            status=status.HTTP_503_SERVICE_UNAVAILABLE)
        return stored_file(issued.file, what="this certificate",
                           filename=f"{run.certificate_number}-{language}.pdf", sha256=issued.sha256)


class AuditEventViewSet(ReadOnlyBackOfficeViewSet):
    queryset = AuditEvent.objects.select_related("actor").all()
    serializer_class = AuditEventSerializer
    filterset_class = AuditEventFilter
