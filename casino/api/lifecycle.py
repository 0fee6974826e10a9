"""A game's life across jurisdictions: regulator decisions, the approval matrix (JSON and
CSV), certificates' status and revocation, casino properties and posted notices."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.models import (
    CasinoProperty,
    DecisionStatus,
    Jurisdiction,
    Notice,
    PaytableVersion,
    RegulatorDecision,
)
from casino.permissions import (
    CAN_MANAGE_PROPERTIES,
    CAN_READ,
    CAN_RECORD_DECISIONS,
    CAN_REVOKE,
)
from casino.selectors import approval_matrix_csv, approval_rows, certificate_status
from casino.services.properties import casino_property_create
from casino.services.regulators import regulator_decision_record
from casino.services.revocations import certificate_revoke
from certification.models import CertificationRun

from .base import BackOfficeViewSet, ReadOnlyBackOfficeViewSet, valid
from .packets import CodeField
from .serializers import USER, WorkflowErrorSerializer


class DecisionSerializer(serializers.ModelSerializer):
    paytable_version = serializers.IntegerField(source="submission.paytable_version_id", read_only=True)
    variant = serializers.CharField(source="submission.paytable_version.paytable.variant.name", read_only=True)
    jurisdiction = serializers.CharField(source="submission.jurisdiction.code", read_only=True)
    certificate = serializers.CharField(source="submission.certification_run.certificate_number",
                                        read_only=True, allow_null=True, default=None)
    recorded_by = USER

    class Meta:
        model = RegulatorDecision
        fields = ["id", "submission", "variant", "paytable_version", "jurisdiction", "certificate", "status",
                  "reference", "conditions", "reason", "effective", "expires", "host_property",
                  "table_limit", "letter_sha256", "recorded_by", "recorded_at"]
        read_only_fields = fields


class DecisionInput(serializers.Serializer):
    paytable_version = serializers.PrimaryKeyRelatedField(queryset=PaytableVersion.objects.all())
    jurisdiction = CodeField(slug_field="code", queryset=Jurisdiction.objects.all(),
                             help_text="The jurisdiction's code, e.g. nevada.")
    status = serializers.ChoiceField(choices=DecisionStatus.choices)
    reference = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    conditions = serializers.CharField(max_length=5000, required=False, allow_blank=True, default="")
    reason = serializers.CharField(max_length=5000, required=False, allow_blank=True, default="")
    effective = serializers.DateField(required=False, allow_null=True, default=None)
    expires = serializers.DateField(required=False, allow_null=True, default=None)
    host_property = serializers.PrimaryKeyRelatedField(queryset=CasinoProperty.objects.all(), required=False,
                                                       allow_null=True, default=None)
    table_limit = serializers.IntegerField(min_value=1, max_value=1000, required=False, allow_null=True,
                                           default=None)
    certification_run = CodeField(slug_field="certificate_number", queryset=CertificationRun.objects.all(),
                                  required=False, allow_null=True, default=None,
                                  help_text="Certificate number the filing rests on (submitted only).")
    letter = serializers.FileField(required=False, allow_null=True, default=None)


class DecisionViewSet(ReadOnlyBackOfficeViewSet):
    """Every role reads; officers and admins record (reviewers and admins revoke, never the
    version's submitter). A decision is never edited: the next one is recorded instead."""

    queryset = RegulatorDecision.objects.select_related(
        "submission__jurisdiction", "submission__certification_run", "submission__paytable_version__paytable__variant",
        "recorded_by").order_by("-recorded_at", "-id")
    serializer_class = DecisionSerializer
    filterset_fields = {"submission__jurisdiction__code": ["exact"], "submission__paytable_version": ["exact"],
                        "status": ["exact"]}
    action_roles = {"create": (*CAN_RECORD_DECISIONS, *CAN_REVOKE)}
    second_factor_actions = frozenset({"create"})

    @extend_schema(request={"application/json": DecisionInput, "multipart/form-data": DecisionInput},
                   responses={201: DecisionSerializer, 409: WorkflowErrorSerializer})
    def create(self, request):
        decision = regulator_decision_record(actor=request.user, **valid(DecisionInput, request))
        return Response(DecisionSerializer(decision).data, status=status.HTTP_201_CREATED)


MATRIX_FILTERS = [
    OpenApiParameter("jurisdiction", str, description="one jurisdiction's code"),
    OpenApiParameter("variant", str, description="a variant's id or name"),
    OpenApiParameter("status", str, enum=DecisionStatus.values),
    OpenApiParameter("expiring", bool, description="only approvals ending within 90 days"),
]


class MatrixRowSerializer(serializers.Serializer):
    variant = serializers.CharField()
    variant_id = serializers.IntegerField()
    paytable_version = serializers.IntegerField()
    paytable_version_id = serializers.IntegerField()
    jurisdiction = serializers.CharField()
    status = serializers.CharField()
    reference = serializers.CharField()
    effective = serializers.DateField(allow_null=True)
    expires = serializers.DateField(allow_null=True)
    conditions = serializers.CharField()
    expiring_soon = serializers.BooleanField()
    certificate = serializers.CharField(allow_null=True)
    recorded_by = serializers.CharField(allow_null=True)
    recorded_at = serializers.DateTimeField()


def _matrix_filters(request) -> dict:
    params = request.query_params
    return {"jurisdiction": params.get("jurisdiction") or None, "variant": params.get("variant") or None,
            "status": params.get("status") or None,
            "expiring": params.get("expiring", "").lower() in ("1", "true", "yes")}


class ApprovalMatrixViewSet(BackOfficeViewSet):
    """The approval matrix: one object per (paytable version, jurisdiction) filed."""

    queryset = RegulatorDecision.objects.none()  # the rows come from the selector

    @extend_schema(parameters=MATRIX_FILTERS, responses={200: MatrixRowSerializer(many=True)})
    def list(self, request):
        filters = _matrix_filters(request)
        rows = approval_rows(**filters)
        codes = Jurisdiction.objects.order_by("name").values("code", "name")
        if filters["jurisdiction"]:
            codes = codes.filter(code=filters["jurisdiction"])
        return Response({"jurisdictions": list(codes), "results": rows})

    @extend_schema(parameters=MATRIX_FILTERS, responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=False, methods=["get"])
    def csv(self, request):
        body = approval_matrix_csv(**_matrix_filters(request))
        response = HttpResponse(body, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="approval-matrix.csv"'
        return response


class StandingSerializer(serializers.Serializer):
    jurisdiction = serializers.CharField()
    status = serializers.CharField()
    since = serializers.DateField(allow_null=True)
    reason = serializers.CharField()


class CertificateStatusSerializer(serializers.Serializer):
    certificate_number = serializers.CharField()
    state = serializers.CharField()
    since = serializers.DateField(allow_null=True)
    reason = serializers.CharField()
    jurisdictions = StandingSerializer(many=True)


class RevokeInput(serializers.Serializer):
    reason = serializers.CharField(max_length=5000)


class CertificateViewSet(BackOfficeViewSet):
    """Certificates in the register by number: status for every role; revocation for reviewers
    and admins who did not submit the version."""

    lookup_field = "certificate_number"
    lookup_value_regex = "[^/]+"
    action_roles = {"revoke": CAN_REVOKE, "status": CAN_READ}
    second_factor_actions = frozenset({"revoke"})

    def _run(self, number: str) -> CertificationRun:
        run = CertificationRun.objects.filter(certificate_number=number).first()
        if run is None or not run.issued_reports.exists():
            raise Http404(f"certificate {number!r} is not in the register")
        return run

    @extend_schema(request=None, responses={200: CertificateStatusSerializer})
    @action(detail=True, methods=["get"])
    def status(self, request, certificate_number=None):
        return Response(CertificateStatusSerializer(certificate_status(run=self._run(certificate_number))).data)

    @extend_schema(request=RevokeInput, responses={200: CertificateStatusSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def revoke(self, request, certificate_number=None):
        run = self._run(certificate_number)
        certificate_revoke(run=run, actor=request.user, **valid(RevokeInput, request))
        run.refresh_from_db()
        return Response(CertificateStatusSerializer(certificate_status(run=run)).data)


class CasinoPropertySerializer(serializers.ModelSerializer):
    jurisdiction = CodeField(slug_field="code", queryset=Jurisdiction.objects.all())

    class Meta:
        model = CasinoProperty
        fields = ["id", "name", "jurisdiction", "created_at"]
        read_only_fields = ["id", "created_at"]


class CasinoPropertyViewSet(ReadOnlyBackOfficeViewSet):
    queryset = CasinoProperty.objects.select_related("jurisdiction").order_by("name")
    serializer_class = CasinoPropertySerializer
    filterset_fields = {"jurisdiction__code": ["exact"]}
    write_roles = CAN_MANAGE_PROPERTIES

    @extend_schema(request=CasinoPropertySerializer, responses={201: CasinoPropertySerializer})
    def create(self, request):
        place = casino_property_create(actor=request.user, **valid(CasinoPropertySerializer, request))
        return Response(CasinoPropertySerializer(place).data, status=status.HTTP_201_CREATED)


class NoticeSerializer(serializers.ModelSerializer):
    jurisdiction = serializers.SlugRelatedField(slug_field="code", read_only=True)

    class Meta:
        model = Notice
        fields = ["id", "kind", "jurisdiction", "paytable_version", "decision", "title", "body", "posted_at"]
        read_only_fields = fields


class NoticeViewSet(ReadOnlyBackOfficeViewSet):
    queryset = Notice.objects.select_related("jurisdiction").order_by("-posted_at", "-id")
    serializer_class = NoticeSerializer
    filterset_fields = {"kind": ["exact"], "jurisdiction__code": ["exact"]}
