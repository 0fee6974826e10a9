"""Submission packets as asynchronous jobs: create (officers, admins), follow, download."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.models import Jurisdiction
from casino.permissions import CAN_PREPARE_PACKET
from certification.models import CertificationRun, PacketJob
from certification.services.packets import packet_job_create

from ..downloads import stored_file
from .base import ReadOnlyBackOfficeViewSet, valid
from .serializers import WorkflowErrorSerializer


class PacketJobSerializer(serializers.ModelSerializer):
    run = serializers.SlugRelatedField(slug_field="certificate_number", read_only=True)
    jurisdiction = serializers.SlugRelatedField(slug_field="code", read_only=True)
    requested_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = PacketJob
        fields = ["id", "run", "jurisdiction", "applicant", "host_casino", "field_trial", "requested_by", "status",
                  "step", "progress", "sha256", "size", "manifest", "error", "created_at",
                  "finished_at"]
        read_only_fields = fields


class CodeField(serializers.SlugRelatedField):
    """A slug that names a row; a NUL character (which PostgreSQL refuses in text) names none."""

    def to_internal_value(self, data):
        if isinstance(data, str) and "\x00" in data:
            self.fail("does_not_exist", slug_name=self.slug_field, value=data.replace("\x00", "\\x00"))
        return super().to_internal_value(data)


class PacketCreateInput(serializers.Serializer):
    run = serializers.PrimaryKeyRelatedField(queryset=CertificationRun.objects.all(),
                                             help_text="The certification run the packet rests on.")
    jurisdiction = CodeField(slug_field="code", queryset=Jurisdiction.objects.all(),
                             help_text="The profile's code, e.g. nevada.")
    applicant = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    host_casino = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class PacketJobViewSet(ReadOnlyBackOfficeViewSet):
    """Every role reads; compliance officers and admins create. A job builds on a worker and
    its ZIP is downloaded from ``download`` once done."""

    queryset = PacketJob.objects.select_related("run", "jurisdiction", "requested_by").all()
    serializer_class = PacketJobSerializer
    filterset_fields = ["status", "run", "jurisdiction"]
    action_roles = {"create": CAN_PREPARE_PACKET}
    second_factor_actions = frozenset({"create"})

    @extend_schema(request=PacketCreateInput,
                   responses={202: PacketJobSerializer, 409: WorkflowErrorSerializer})
    def create(self, request):
        data = valid(PacketCreateInput, request)
        job = packet_job_create(actor=request.user, **data)
        return Response(PacketJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def download(self, request, pk=None):
        job = self.get_object()
        return stored_file(job.file, what="this packet", filename=job.file.name.rsplit("/", 1)[-1],
                           content_type="application/zip", sha256=job.sha256)
