from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino import workflow
from casino.models import GameVariant, Jurisdiction, Paytable, PaytableVersion
from casino.permissions import (
    CAN_AUTHOR_VARIANT,
    CAN_EDIT_JURISDICTIONS,
    CAN_EDIT_PAYTABLE,
    CAN_RETIRE,
)
from casino.rules import FAMILIES, PRESETS
from casino.selectors import (
    AnalysisDeferred,
    paytable_version_compare,
    paytable_version_house_edges,
)
from casino.services.jurisdictions import jurisdiction_save
from casino.services.variants import variant_create, variant_update

from .base import ReadOnlyBackOfficeViewSet
from .base import valid as _valid
from .filters import PaytableVersionFilter, VariantFilter
from .serializers import (
    JurisdictionSerializer,
    PaytableSerializer,
    PaytableVersionSerializer,
    VariantSerializer,
    WorkflowErrorSerializer,
)

RULES_OBJECT = serializers.DictField(help_text='Rule parameters, e.g. {"decks": 1}.')
PAYOUTS_OBJECT = serializers.DictField(
    child=serializers.CharField(allow_null=True),
    help_text='Exact payouts, e.g. {"win": "1", "kd_first_card": "3"}.',
)


class JurisdictionViewSet(
    mixins.CreateModelMixin, mixins.UpdateModelMixin, ReadOnlyBackOfficeViewSet
):
    queryset = Jurisdiction.objects.all()
    serializer_class = JurisdictionSerializer
    write_roles = CAN_EDIT_JURISDICTIONS
    second_factor_actions = frozenset({"*"})
    filterset_fields = ["code"]

    def perform_create(self, serializer):
        serializer.instance = jurisdiction_save(
            jurisdiction=Jurisdiction(), changes=serializer.validated_data, actor=self.request.user)

    def perform_update(self, serializer):
        jurisdiction_save(jurisdiction=serializer.instance, changes=serializer.validated_data,
                          actor=self.request.user)


class VariantCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    family = serializers.ChoiceField(choices=FAMILIES)
    parameters = RULES_OBJECT
    payouts = PAYOUTS_OBJECT
    jurisdiction = serializers.PrimaryKeyRelatedField(queryset=Jurisdiction.objects.all())
    preset = serializers.ChoiceField(choices=list(PRESETS), required=False, allow_blank=True)


class VariantUpdateInput(serializers.Serializer):
    name = serializers.CharField(max_length=200, required=False)
    parameters = RULES_OBJECT
    jurisdiction = serializers.PrimaryKeyRelatedField(
        queryset=Jurisdiction.objects.all(), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["parameters"].required = False


class ReasonInput(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=4000)


class VariantViewSet(ReadOnlyBackOfficeViewSet):
    queryset = GameVariant.objects.select_related("created_by", "paytable").all()
    serializer_class = VariantSerializer
    filterset_class = VariantFilter
    write_roles = CAN_AUTHOR_VARIANT
    action_roles = {"retire": CAN_RETIRE, "revise": CAN_AUTHOR_VARIANT}

    @extend_schema(request=VariantCreateInput, responses={201: VariantSerializer})
    def create(self, request):
        data = _valid(VariantCreateInput, request)
        variant = variant_create(actor=request.user, **data)
        return Response(VariantSerializer(variant).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=VariantUpdateInput, responses={200: VariantSerializer, 409: WorkflowErrorSerializer}
    )
    def partial_update(self, request, pk=None):
        variant = variant_update(
            variant=self.get_object(), actor=request.user, **_valid(VariantUpdateInput, request)
        )
        return Response(VariantSerializer(variant).data)

    @extend_schema(
        request=ReasonInput, responses={200: VariantSerializer, 409: WorkflowErrorSerializer}
    )
    @action(detail=True, methods=["post"])
    def retire(self, request, pk=None):
        reason = _valid(ReasonInput, request).get("reason", "")
        variant = workflow.variant_retire(
            variant=self.get_object(), actor=request.user, reason=reason
        )
        return Response(VariantSerializer(variant).data)

    @extend_schema(request=None, responses={201: VariantSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def revise(self, request, pk=None):
        revision = workflow.variant_revise(variant=self.get_object(), actor=request.user)
        return Response(VariantSerializer(revision).data, status=status.HTTP_201_CREATED)


class PaytableViewSet(ReadOnlyBackOfficeViewSet):
    queryset = Paytable.objects.prefetch_related("versions").all().order_by("id")
    serializer_class = PaytableSerializer
    filterset_fields = ["variant"]


class VersionCreateInput(serializers.Serializer):
    paytable = serializers.PrimaryKeyRelatedField(queryset=Paytable.objects.all())
    payouts = PAYOUTS_OBJECT
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["payouts"].required = False


class VersionUpdateInput(serializers.Serializer):
    payouts = PAYOUTS_OBJECT
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)


COMPARISON = inline_serializer(
    "PaytableComparison",
    {
        "old": serializers.IntegerField(),
        "new": serializers.IntegerField(),
        "changed": serializers.ListField(child=serializers.DictField()),
        "house_edge": serializers.DictField(),
    },
)


class PaytableVersionViewSet(ReadOnlyBackOfficeViewSet):
    queryset = PaytableVersion.objects.select_related("paytable", "created_by").prefetch_related(
        "lines"
    )
    serializer_class = PaytableVersionSerializer
    filterset_class = PaytableVersionFilter
    write_roles = CAN_EDIT_PAYTABLE
    second_factor_actions = frozenset({"*"})

    @extend_schema(
        request=VersionCreateInput,
        responses={201: PaytableVersionSerializer, 409: WorkflowErrorSerializer},
    )
    def create(self, request):
        data = _valid(VersionCreateInput, request)
        version = workflow.paytable_version_create(
            paytable=data["paytable"],
            actor=request.user,
            payouts=data.get("payouts"),
            note=data.get("note", ""),
        )
        return Response(PaytableVersionSerializer(version).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=VersionUpdateInput,
        responses={200: PaytableVersionSerializer, 409: WorkflowErrorSerializer},
    )
    def partial_update(self, request, pk=None):
        data = _valid(VersionUpdateInput, request)
        version = workflow.paytable_version_update(
            version=self.get_object(),
            actor=request.user,
            payouts=data["payouts"],
            note=data.get("note"),
        )
        return Response(PaytableVersionSerializer(version).data)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "other", int, description="Version to compare with (default: the one it supersedes)"
            )
        ],
        responses={200: COMPARISON},
    )
    @action(detail=True, methods=["get"])
    def compare(self, request, pk=None):
        version = self.get_object()
        other_id = request.query_params.get("other")
        if other_id is None and version.supersedes_id is None:
            return Response(
                {"other": ["this is the first version: name one to compare with"]}, status=400
            )
        if other_id is not None and not str(other_id).isdigit():
            return Response({"other": ["must be a version id"]}, status=400)
        other = get_object_or_404(PaytableVersion, pk=other_id) if other_id else version.supersedes
        if other.paytable.variant_id != version.paytable.variant_id:
            return Response(
                {"other": ["compare versions of the same variant's paytable"]}, status=400
            )
        return Response(paytable_version_compare(old=other, new=version))

    @extend_schema(
        responses={200: inline_serializer("HouseEdges", {"house_edge": serializers.DictField()})}
    )
    @action(detail=True, methods=["get"], url_path="house-edge")
    def house_edge(self, request, pk=None):
        try:
            edges = paytable_version_house_edges(self.get_object())
        except AnalysisDeferred as exc:
            return Response({"house_edge": {}, "deferred": str(exc)}, status=202)
        return Response(
            {
                "house_edge": {
                    bet: {"exact": f"{e.numerator}/{e.denominator}", "decimal": float(e)}
                    for bet, e in edges.items()
                }
            }
        )
