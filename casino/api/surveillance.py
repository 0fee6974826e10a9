"""Surveillance cases for the surveillance role alone: list (JSON or CSV), read, open by hand."""

from __future__ import annotations

import csv
import io

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.permissions import CAN_SURVEIL, has_role
from certification.models import SurveillanceCase, SurveilledPlayer
from certification.models.surveillance import CaseKind
from certification.services.surveillance_cases import CaseError, case_open

CSV_COLUMNS = ("id", "kind", "subject", "players", "dealer_id", "status", "opened_at", "statistic",
               "threshold", "value_units", "tables", "dealers", "closed_at", "closure_reason")


class SurveillancePermission(permissions.BasePermission):
    message = "this needs the Surveillance role"

    def has_permission(self, request, view) -> bool:
        return has_role(request.user, *CAN_SURVEIL)


def case_row(case: SurveillanceCase) -> dict:
    e = case.evidence or {}
    return {"id": case.pk, "kind": case.kind, "subject": case.subject, "players": case.players,
            "dealer_id": case.dealer_id, "status": case.status, "opened_at": case.opened_at.isoformat(),
            "statistic": e.get("statistic"), "threshold": e.get("threshold"),
            "value_units": (e.get("value_units") or {}).get("fraction"), "tables": case.tables,
            "dealers": case.dealers, "closed_at": case.closed_at.isoformat() if case.closed_at else None,
            "closure_reason": case.closure_reason}


def cases_csv(cases) -> HttpResponse:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for case in cases:
        row = case_row(case)
        writer.writerow([" ".join(v) if isinstance(v, list) else ("" if v is None else v)
                         for v in (row[c] for c in CSV_COLUMNS)])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="surveillance-cases.csv"'
    return response


class OpenCase(serializers.Serializer):
    player = serializers.CharField(max_length=64)
    kind = serializers.ChoiceField(choices=CaseKind.choices)
    note = serializers.CharField(max_length=4000, required=False, allow_blank=True, default="")


class CaseRow(serializers.Serializer):
    """The shape of ``case_row``: what the list, the CSV and a case's page say of a case."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=CaseKind.choices)
    subject = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    dealer_id = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    opened_at = serializers.DateTimeField()
    statistic = serializers.FloatField(allow_null=True)
    threshold = serializers.FloatField(allow_null=True)
    value_units = serializers.CharField(allow_null=True, help_text="exact value gained, as a fraction")
    tables = serializers.ListField(child=serializers.CharField())
    dealers = serializers.ListField(child=serializers.CharField())
    closed_at = serializers.DateTimeField(allow_null=True)
    closure_reason = serializers.CharField(allow_null=True)


class CaseListApi(APIView):
    permission_classes = [SurveillancePermission]

    @extend_schema(responses=CaseRow(many=True), operation_id="surveillance_cases_list")
    def get(self, request):
        cases = SurveillanceCase.objects.all()
        if request.query_params.get("status") in ("open", "closed"):
            cases = cases.filter(status=request.query_params["status"])
        return Response([case_row(c) for c in cases[:1000]])

    @extend_schema(request=OpenCase, responses={201: CaseRow}, operation_id="surveillance_case_open")
    def post(self, request):
        data = OpenCase(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            case = case_open(actor=request.user, player_id=data.validated_data["player"],
                             kind=data.validated_data["kind"], note=data.validated_data["note"])
        except SurveilledPlayer.DoesNotExist:
            raise Http404("no player with this id in the rounds") from None
        except CaseError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        return Response(case_row(case), status=status.HTTP_201_CREATED)


class CaseCsvApi(APIView):
    permission_classes = [SurveillancePermission]

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR}, operation_id="surveillance_cases_csv")
    def get(self, request):
        return cases_csv(SurveillanceCase.objects.all())


class CaseDetailApi(APIView):
    permission_classes = [SurveillancePermission]

    @extend_schema(responses=OpenApiTypes.OBJECT, operation_id="surveillance_case_detail")
    def get(self, request, pk: int):
        case = SurveillanceCase.objects.filter(pk=pk).first()
        if case is None:
            raise Http404("no such case")
        return Response({**case_row(case), "evidence": case.evidence,
                         "notes": [{"at": n.at.isoformat(), "author": n.author.get_username(), "text": n.text}
                                   for n in case.notes.select_related("author")]})
