"""Field trial results: upload a CSV of daily results, read each file's check against theory."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.permissions import CAN_READ, CAN_UPLOAD_FIELD_RESULTS
from certification.economics.field import DEFAULT_ALPHA
from certification.models import FieldUpload
from certification.reports.signing import TimestampError
from certification.services.field_results import field_results_upload, field_trial_report

from .base import ReadOnlyBackOfficeViewSet, valid


class FieldUploadInput(serializers.Serializer):
    file = serializers.FileField(help_text="CSV: date,table,rounds,handle,win")
    alpha = serializers.FloatField(min_value=1e-6, max_value=0.5, default=DEFAULT_ALPHA,
                                   help_text="Family-wise false-alarm rate over the whole file.")


class FieldUploadSerializer(serializers.ModelSerializer):
    uploaded_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = FieldUpload
        fields = ["id", "name", "sha256", "days", "tables", "alpha", "alarms", "uploaded_by",
                  "uploaded_at", "result"]
        read_only_fields = fields


class FieldResultViewSet(ReadOnlyBackOfficeViewSet):
    queryset = FieldUpload.objects.select_related("uploaded_by").all()
    serializer_class = FieldUploadSerializer
    write_roles = CAN_UPLOAD_FIELD_RESULTS
    action_roles = {"report:GET": CAN_READ}

    @extend_schema(request={"multipart/form-data": FieldUploadInput},
                   responses={201: FieldUploadSerializer})
    def create(self, request):
        """Check the whole file against each table's theory and keep it; a bad line refuses it."""
        data = valid(FieldUploadInput, request)
        record = field_results_upload(upload=data["file"], actor=request.user, alpha=data["alpha"])
        return Response(FieldUploadSerializer(record).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def report(self, request, pk=None):
        """The field-trial report (PDF) for a commission."""
        upload = self.get_object()
        try:
            pdf = field_trial_report(upload=upload)
        except TimestampError as exc:
            return Response({"detail": _("The report could not be signed: %(error)s. Please retry later.") % {"error": exc}},
                            status=status.HTTP_503_SERVICE_UNAVAILABLE)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="field-trial-{upload.pk}.pdf"'
        return response
