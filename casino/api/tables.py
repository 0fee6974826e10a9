from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino import workflow
from casino.models import CasinoProperty, GameVariant, PaytableVersion, TableConfiguration
from casino.permissions import CAN_CONFIGURE_TABLES, CAN_READ
from casino.services.tables import table_configuration_create, table_configuration_update
from certification.models import ShuffleCertification, ShuffleLog
from certification.services.shuffle_logs import shuffle_log_upload

from .base import ReadOnlyBackOfficeViewSet, valid
from .filters import TableFilter
from .serializers import TableSerializer, WorkflowErrorSerializer


class TableInput(serializers.Serializer):
    table_id = serializers.CharField(max_length=40)
    casino_property = serializers.PrimaryKeyRelatedField(
        queryset=CasinoProperty.objects.all(), required=False,
        help_text="The property the table stands in; default: the first of the variant's jurisdiction.")
    pit = serializers.CharField(max_length=80, required=False, allow_blank=True)
    variant = serializers.PrimaryKeyRelatedField(queryset=GameVariant.objects.all())
    paytable_version = serializers.PrimaryKeyRelatedField(queryset=PaytableVersion.objects.all())
    bet_limits = serializers.DictField(required=False)
    seats = serializers.IntegerField(min_value=1, max_value=20, required=False)
    decks = serializers.IntegerField(min_value=1, max_value=8, required=False)
    shuffling_method = serializers.CharField(max_length=200, required=False, allow_blank=True)
    shuffle_certification = serializers.PrimaryKeyRelatedField(
        queryset=ShuffleCertification.objects.all(), required=False, allow_null=True
    )
    penetration = serializers.FloatField(min_value=0, max_value=0.95, required=False)
    # Economics
    player_mix = serializers.DictField(required=False, allow_null=True)
    decisions_per_hour = serializers.IntegerField(min_value=1, max_value=1000, required=False,
                                                  allow_null=True)
    occupied_seats = serializers.IntegerField(min_value=1, max_value=20, required=False,
                                              allow_null=True)
    average_bet = serializers.DecimalField(max_digits=10, decimal_places=2, min_value=Decimal("0.01"),
                                           required=False, allow_null=True)
    hours_open = serializers.DecimalField(max_digits=4, decimal_places=2, min_value=Decimal("0.25"),
                                          max_value=Decimal("24"), required=False, allow_null=True)
    house_way = serializers.JSONField(required=False, allow_null=True)

    def validate_table_id(self, value: str) -> str:
        taken = TableConfiguration.objects.filter(table_id=value)
        if self.instance is not None:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise serializers.ValidationError(_("a table with this id already exists"))
        return value


class ShuffleLogInput(serializers.Serializer):
    file = serializers.FileField()


class ShuffleLogSerializer(serializers.ModelSerializer):
    uploaded_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = ShuffleLog
        fields = ["id", "table", "sha256", "shuffles", "deck_size", "uploaded_by", "uploaded_at"]
        read_only_fields = fields


class TableEconomicsSerializer(serializers.Serializer):
    """The economics of a table (see the README's Economics section for every figure)."""

    table = serializers.CharField()
    theo_win_per_hour = serializers.FloatField()
    theo_win_per_day = serializers.FloatField()
    sd_per_hour = serializers.FloatField()
    sd_per_day = serializers.FloatField()
    p_losing_day = serializers.FloatField()
    p_losing_month = serializers.FloatField()
    bets = serializers.DictField()
    bankroll = serializers.DictField()


class TableViewSet(ReadOnlyBackOfficeViewSet):
    queryset = TableConfiguration.objects.select_related("variant", "paytable_version").all()
    serializer_class = TableSerializer
    filterset_class = TableFilter
    write_roles = CAN_CONFIGURE_TABLES
    action_roles = {"shuffle_logs:GET": CAN_READ, "shuffle_logs:POST": CAN_CONFIGURE_TABLES,
                    "economics:GET": CAN_READ}

    def get_queryset(self):
        # A table reads as ids of its variant and version: joining their whole rows (rule
        # parameters and all) only costs time. The actions work on them and keep the join.
        queryset = super().get_queryset()
        return queryset.select_related(None) if self.action in ("list", "retrieve") else queryset

    @extend_schema(request=TableInput, responses={201: TableSerializer})
    def create(self, request):
        data = valid(TableInput, request)
        table = table_configuration_create(actor=request.user, **data)
        return Response(TableSerializer(table).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=TableInput(partial=True), responses={200: TableSerializer})
    def partial_update(self, request, pk=None):
        table = self.get_object()
        serializer = TableInput(table, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = dict(serializer.validated_data)
        changes.pop("table_id", None)
        table = table_configuration_update(table=table, actor=request.user, **changes)
        return Response(TableSerializer(table).data)

    @extend_schema(request=None, responses={200: TableSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def activate(self, request, pk=None):
        return Response(
            TableSerializer(
                workflow.table_activate(table=self.get_object(), actor=request.user)
            ).data
        )

    @extend_schema(request=None, responses={200: TableSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        return Response(
            TableSerializer(
                workflow.table_deactivate(table=self.get_object(), actor=request.user)
            ).data
        )

    @extend_schema(request=None, responses={200: TableSerializer, 409: WorkflowErrorSerializer})
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        return Response(
            TableSerializer(workflow.table_close(table=self.get_object(), actor=request.user)).data
        )

    @extend_schema(responses={200: TableEconomicsSerializer})
    @action(detail=True, methods=["get"])
    def economics(self, request, pk=None):
        """Exact house edge under the table's player mix, theoretical win and volatility."""
        from certification.services.economics import table_figures

        return Response(table_figures(table=self.get_object()).to_json())

    @extend_schema(methods=["GET"], responses={200: ShuffleLogSerializer(many=True)})
    @extend_schema(
        methods=["POST"],
        request={"multipart/form-data": ShuffleLogInput},
        responses={201: ShuffleLogSerializer},
    )
    @action(detail=True, methods=["get", "post"], url_path="shuffle-logs")
    def shuffle_logs(self, request, pk=None):
        """The table's shuffle logs; an upload is read in full and refused with the bad line."""
        table = self.get_object()
        if request.method == "GET":
            logs = table.shuffle_logs.select_related("uploaded_by")
            return Response(ShuffleLogSerializer(logs, many=True).data)
        upload = valid(ShuffleLogInput, request)["file"]
        log = shuffle_log_upload(table=table, upload=upload, actor=request.user)
        return Response(ShuffleLogSerializer(log).data, status=status.HTTP_201_CREATED)
