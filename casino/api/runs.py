from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino import workflow
from casino.models import AuditEvent
from casino.permissions import CAN_RUN_CERTIFICATION
from certification.models import CertificationRun

from ..downloads import stored_file
from .base import ReadOnlyBackOfficeViewSet
from .filters import AuditEventFilter, CertificationRunFilter
from .serializers import AuditEventSerializer, CertificationRunSerializer, WorkflowErrorSerializer


class CertificationRunViewSet(ReadOnlyBackOfficeViewSet):
    """Runs are created by the workflow and filled in by the certification pipeline; a failed
    run can be retried (``retry``), which creates a new run through the workflow."""

    queryset = CertificationRun.objects.select_related("requested_by").all()
    serializer_class = CertificationRunSerializer
    filterset_class = CertificationRunFilter
    action_roles = {"retry": CAN_RUN_CERTIFICATION}

    @extend_schema(request=None, responses={201: CertificationRunSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def retry(self, request, pk=None):
        """A failed run again, with the same rules snapshot, seed, rounds and evidence."""
        run = workflow.certification_run_retry(run=self.get_object(), actor=request.user)
        return Response(CertificationRunSerializer(run).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def report(self, request, pk=None):
        run = self.get_object()
        return stored_file(run.report, what="this run's report", filename=f"{run.certificate_number}.pdf",
                           sha256=run.report_sha256)


class AuditEventViewSet(ReadOnlyBackOfficeViewSet):
    queryset = AuditEvent.objects.select_related("actor").all()
    serializer_class = AuditEventSerializer
    filterset_class = AuditEventFilter
