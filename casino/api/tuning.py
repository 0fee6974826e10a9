"""The tuner through the API: start a search, follow it, draft a variant from a suggestion."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.models import GameVariant
from casino.permissions import CAN_TUNE
from certification.models import TuningJob
from certification.odds.tuner import DEFAULT_LIMIT
from certification.services import tuning as tuning_services
from certification.services.tuning_drafts import draft_variant, tuning_suggestion_draft

from .base import ReadOnlyBackOfficeViewSet, valid
from .serializers import USER, PaytableVersionSerializer, VariantSerializer, WorkflowErrorSerializer


class TuningJobSerializer(serializers.ModelSerializer):
    requested_by = USER

    class Meta:
        model = TuningJob
        fields = ["id", "variant", "paytable_version", "requested_by", "status", "step",
                  "progress", "evaluated", "request", "result", "error", "created_at",
                  "started_at", "finished_at"]
        read_only_fields = fields


class TuningJobSummarySerializer(TuningJobSerializer):
    class Meta(TuningJobSerializer.Meta):
        fields = [f for f in TuningJobSerializer.Meta.fields if f not in ("request", "result")]
        read_only_fields = fields


class TuningCreateInput(serializers.Serializer):
    variant = serializers.PrimaryKeyRelatedField(queryset=GameVariant.objects.all())
    vary = serializers.ListField(
        child=serializers.CharField(max_length=2000), required=False, allow_null=True,
        max_length=40,
        help_text='Knobs as KEY=VALUES, e.g. ["dealer_stands_at=4:7:1/2", "ties=push,dealer"]; '
                  "absent: the suggested knobs.")
    band = serializers.ListField(
        child=serializers.CharField(max_length=40), min_length=2, max_length=2, required=False,
        help_text='["0.02", "0.05"] or ["1/50", "1/20"]; absent: the jurisdiction\'s bounds.')
    bet = serializers.CharField(max_length=40, default="main")
    max_changes = serializers.IntegerField(min_value=0, max_value=30, required=False,
                                           allow_null=True)
    limit = serializers.IntegerField(min_value=1, max_value=200, default=DEFAULT_LIMIT)

    def validate_band(self, value):
        try:
            return tuple(Fraction(v.strip()) for v in value)
        except (ValueError, ZeroDivisionError):
            raise serializers.ValidationError(_("each end is a number such as 0.02 or 1/50")) from None


class DraftInput(serializers.Serializer):
    suggestion = serializers.IntegerField(min_value=0, help_text="Index in result.suggestions.")


DRAFT = inline_serializer("TuningDraft", {
    "variant": VariantSerializer(), "paytable_version": PaytableVersionSerializer(),
})


class TuningJobViewSet(ReadOnlyBackOfficeViewSet):
    """Searches for approvable versions; officers and admins start them and draft from them,
    every role reads them."""

    queryset = TuningJob.objects.select_related("requested_by").all()
    serializer_class = TuningJobSerializer
    filterset_fields = ["variant", "status"]
    write_roles = CAN_TUNE
    action_roles = {"draft": CAN_TUNE}

    def get_serializer_class(self):
        return TuningJobSummarySerializer if self.action == "list" else TuningJobSerializer

    @extend_schema(request=TuningCreateInput, responses={201: TuningJobSerializer})
    def create(self, request):
        data = valid(TuningCreateInput, request)
        job = tuning_services.tuning_job_create(
            variant=data["variant"], actor=request.user, vary=data.get("vary"),
            band=data.get("band"), bet=data["bet"], max_changes=data.get("max_changes"),
            limit=data["limit"],
        )
        return Response(TuningJobSerializer(job).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=DraftInput, responses={201: DRAFT, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def draft(self, request, pk=None):
        """A draft variant (or the variant's next paytable version) from one suggestion."""
        index = valid(DraftInput, request)["suggestion"]
        made = tuning_suggestion_draft(job=self.get_object(), index=index,
                                                       actor=request.user)
        variant = draft_variant(made)
        version = made if made is not variant else variant.paytable.latest_version
        return Response({"variant": VariantSerializer(variant).data,
                         "paytable_version": PaytableVersionSerializer(version).data},
                        status=status.HTTP_201_CREATED)


__all__ = ["TuningJobViewSet"]
