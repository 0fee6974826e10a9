"""A regulator's read-only API under /api/v1/regulator/: its jurisdictions' approval matrix,
the certificates and packets filed with it (and their files), the tables on its floors and its
notices. Each queryset is narrowed by ``casino.services.regulator_scope.regulated``, so another
jurisdiction's object is a 404 here; every write is a 403."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.models import DecisionStatus, Jurisdiction, Notice, TableConfiguration
from casino.permissions import CAN_READ_REGULATED, has_role
from casino.selectors import (
    approval_matrix_csv,
    approval_rows,
    certificate_status,
    table_regulatory_problem,
)
from casino.services.regulator_scope import regulated, scope_of, status_within
from certification.models import CertificationRun, IssuedReport, PacketJob, RunStatus

from ..downloads import stored_file
from .errors import DomainErrorsMixin
from .lifecycle import CertificateStatusSerializer, MatrixRowSerializer, NoticeSerializer


class RegulatorReadPermission(permissions.BasePermission):
    """Reads only, for regulators (narrowed to their jurisdictions) and the back office."""

    message = _("Your role does not allow this.")

    def has_permission(self, request, view) -> bool:
        return request.method in permissions.SAFE_METHODS and has_role(request.user, *CAN_READ_REGULATED)


class RegulatedViewSet(DomainErrorsMixin, viewsets.ReadOnlyModelViewSet):
    permission_classes = [RegulatorReadPermission]

    def get_queryset(self):
        return regulated(super().get_queryset(), self.request.user)


class RegulatedJurisdictionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Jurisdiction
        fields = ["id", "code", "name"]


class RegulatedJurisdictionViewSet(RegulatedViewSet):
    queryset = Jurisdiction.objects.order_by("name")
    serializer_class = RegulatedJurisdictionSerializer


MATRIX_FILTERS = [
    OpenApiParameter("jurisdiction", str, description="one of your jurisdictions' codes"),
    OpenApiParameter("status", str, enum=DecisionStatus.values),
    OpenApiParameter("expiring", bool, description="only approvals ending within 90 days"),
]


class RegulatedApprovalsViewSet(DomainErrorsMixin, viewsets.GenericViewSet):
    """The approval matrix of your jurisdictions: one object per version filed there."""

    permission_classes = [RegulatorReadPermission]
    queryset = Jurisdiction.objects.none()  # the rows come from the selector

    def _filters(self) -> dict:
        params = self.request.query_params
        code = params.get("jurisdiction") or None
        if code and not regulated(Jurisdiction.objects.filter(code=code), self.request.user).exists():
            raise Http404(_("No jurisdiction of yours has that code."))
        return {"jurisdiction": code, "within": scope_of(self.request.user).jurisdiction_ids,
                "status": params.get("status") or None,
                "expiring": params.get("expiring", "").lower() in ("1", "true", "yes")}

    @extend_schema(parameters=MATRIX_FILTERS, responses={200: MatrixRowSerializer(many=True)})
    def list(self, request):
        return Response({"results": approval_rows(**self._filters())})

    @extend_schema(parameters=MATRIX_FILTERS, responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=False, methods=["get"])
    def csv(self, request):
        response = HttpResponse(approval_matrix_csv(**self._filters()), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="approval-matrix.csv"'
        return response


class RegulatedCertificateSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="variant.name")
    version = serializers.IntegerField(source="paytable_version.number")
    status = serializers.SerializerMethodField()

    class Meta:
        model = CertificationRun
        fields = ["certificate_number", "game", "version", "status"]

    @extend_schema_field(CertificateStatusSerializer)
    def get_status(self, run) -> dict:
        return CertificateStatusSerializer(status_within(certificate_status(run=run),
                                                         self.context["request"].user)).data


class RegulatedCertificateViewSet(RegulatedViewSet):
    """Certificates a filing in your jurisdictions rests on, by number, with their status."""

    queryset = (CertificationRun.objects.exclude(certificate_number=None).exclude(certificate_number="")
                .select_related("variant", "paytable_version", "revocation")
                .defer("rules_snapshot", "exact", "simulation", "randomness").order_by("-id"))
    serializer_class = RegulatedCertificateSerializer
    lookup_field = "certificate_number"
    lookup_value_regex = "[^/]+"

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def file(self, request, certificate_number=None):
        """The certificate as issued (the approved copy once there is one)."""
        run = self.get_object()
        issued = IssuedReport.objects.filter(run=run).order_by("-issued_at", "-id").first()
        if issued is None:
            raise Http404(_("the certificate is not issued yet"))
        return stored_file(issued.file, what=_("the certificate"), content_type="application/pdf",
                           filename=f"certificate-{run.certificate_number}-{issued.kind}.pdf", sha256=issued.sha256)


class RegulatedPacketSerializer(serializers.ModelSerializer):
    jurisdiction = serializers.CharField(source="jurisdiction.code")
    certificate = serializers.CharField(source="run.certificate_number")

    class Meta:
        model = PacketJob
        fields = ["id", "jurisdiction", "certificate", "status", "sha256", "size", "finished_at"]


class RegulatedPacketViewSet(RegulatedViewSet):
    """Packets built for your jurisdictions from certificates filed with you."""

    queryset = PacketJob.objects.filter(status=RunStatus.DONE).select_related("run", "jurisdiction").order_by("-id")
    serializer_class = RegulatedPacketSerializer

    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def download(self, request, pk=None):
        job = self.get_object()
        return stored_file(job.file, what=_("this packet"), content_type="application/zip", sha256=job.sha256,
                           filename=f"packet-{job.jurisdiction.code}-{job.run.certificate_number}.zip")


class RegulatedTableSerializer(serializers.ModelSerializer):
    casino = serializers.CharField(source="casino_property.name")
    jurisdiction = serializers.CharField(source="casino_property.jurisdiction.code")
    game = serializers.CharField(source="variant.name")
    paytable_version = serializers.IntegerField(source="paytable_version.number", allow_null=True)
    status = serializers.CharField(help_text="active, inactive or closed")
    approved = serializers.SerializerMethodField()
    problem = serializers.SerializerMethodField()

    class Meta:
        model = TableConfiguration
        fields = ["id", "table_id", "casino", "jurisdiction", "game", "paytable_version", "status",
                  "approved", "problem"]

    def _problem(self, table) -> str | None:
        cache = self.context.setdefault("problems", {})
        if table.pk not in cache:
            cache[table.pk] = table_regulatory_problem(table)
        return cache[table.pk]

    def get_approved(self, table) -> bool:
        return self._problem(table) is None

    def get_problem(self, table) -> str | None:
        return self._problem(table)


class RegulatedTableViewSet(RegulatedViewSet):
    """Tables at the casinos in your jurisdictions, the version each deals and whether it may."""

    queryset = TableConfiguration.objects.select_related(
        "casino_property__jurisdiction", "variant", "paytable_version").order_by("casino_property__name", "table_id")
    serializer_class = RegulatedTableSerializer
    filterset_fields = {"casino_property__jurisdiction__code": ["exact"], "status": ["exact"]}


class RegulatedNoticeViewSet(RegulatedViewSet):
    queryset = Notice.objects.select_related("jurisdiction").order_by("-posted_at", "-id")
    serializer_class = NoticeSerializer
    filterset_fields = {"kind": ["exact"], "jurisdiction__code": ["exact"]}
