"""Output serializers (inputs are declared next to the views that use them)."""

from __future__ import annotations

import copy

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.models import (
    Attachment,
    AuditEvent,
    GameVariant,
    Jurisdiction,
    Paytable,
    PaytableVersion,
    ReviewComment,
    Submission,
    TableConfiguration,
)
from casino.services.standing import submission_badges, version_badges
from certification.models import CertificationRun

USER = serializers.SlugRelatedField(slug_field="username", read_only=True)


class OutputSerializer(serializers.ModelSerializer):
    """A read-only model serializer whose fields are worked out once per class.

    ModelSerializer inspects the model to build its fields on every response; an output
    serializer gets the same fields every time, so later responses copy the first set.
    """

    def get_fields(self):
        cls = type(self)
        fields = cls.__dict__.get("_fields_once")
        if fields is None:
            fields = super().get_fields()
            cls._fields_once = fields
        return copy.deepcopy(fields)


class JurisdictionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Jurisdiction
        fields = ["id", "code", "name", "house_edge_bounds", "regulator", "regulation_reference",
                  "submission_title", "packet_documents", "min_simulated_rounds",
                  "randomness_required", "house_edge_term", "applicant_term", "signatory_block",
                  "language", "field_trial_required", "field_trial_days", "field_trial_min_rounds",
                  "approval_valid_years"]


class VariantSerializer(OutputSerializer):
    created_by = USER
    paytable = serializers.IntegerField(source="paytable.pk", read_only=True, allow_null=True)

    class Meta:
        model = GameVariant
        fields = [
            "id",
            "name",
            "family",
            "parameters",
            "jurisdiction",
            "preset",
            "status",
            "revised_from",
            "created_by",
            "paytable",
            "created_at",
            "updated_at",
            "provenance",
        ]
        read_only_fields = fields


class BadgeSerializer(serializers.Serializer):
    """How a version or submission stands (casino.services.standing): the state and its words."""

    state = serializers.CharField()
    label = serializers.CharField()


class StandingListSerializer(serializers.ListSerializer):
    """A list's standings in one query (the child's ``standings_of``), not one per row."""

    def to_representation(self, data):
        items = list(data.all() if hasattr(data, "all") else data)
        self.child.context["standings"] = self.child.standings_of(items)
        return super().to_representation(items)


class StandingMixin(serializers.Serializer):
    standing = serializers.SerializerMethodField()

    @extend_schema_field(BadgeSerializer)
    def get_standing(self, obj) -> dict:
        badges = self.context.get("standings")
        badge = badges[obj.pk] if badges and obj.pk in badges else self.standings_of([obj])[obj.pk]
        return {"state": badge.value, "label": str(badge.label)}


class PaytableVersionSerializer(StandingMixin, OutputSerializer):
    created_by = USER
    payouts = serializers.DictField(child=serializers.CharField(), read_only=True)
    variant = serializers.IntegerField(source="paytable.variant_id", read_only=True)

    class Meta:
        model = PaytableVersion
        fields = [
            "id",
            "paytable",
            "variant",
            "number",
            "supersedes",
            "status",
            "standing",
            "note",
            "payouts",
            "created_by",
            "created_at",
            "provenance",
        ]
        read_only_fields = fields
        list_serializer_class = StandingListSerializer

    @staticmethod
    def standings_of(versions):
        return version_badges(versions)


class PaytableSerializer(OutputSerializer):
    versions = serializers.SerializerMethodField()

    class Meta:
        model = Paytable
        fields = ["id", "variant", "name", "versions", "created_at"]
        read_only_fields = fields

    def get_versions(self, paytable) -> list[dict]:
        return [
            # .all() uses the viewset's prefetch (already in number order); a new order_by would
            # query once per paytable.
            {"id": v.pk, "number": v.number, "status": v.status}
            for v in paytable.versions.all()
        ]


class TableSerializer(OutputSerializer):
    class Meta:
        model = TableConfiguration
        fields = [
            "id",
            "table_id",
            "casino_property",
            "pit",
            "variant",
            "paytable_version",
            "bet_limits",
            "seats",
            "decks",
            "shuffling_method",
            "shuffle_certification",
            "penetration",
            "status",
            "channel",
            "stake_level",
            "created_at",
            "updated_at",
            # Economics
            "player_mix",
            "decisions_per_hour",
            "occupied_seats",
            "average_bet",
            "hours_open",
            "house_way",
        ]
        read_only_fields = fields


class SubmissionSerializer(StandingMixin, OutputSerializer):
    submitted_by = USER
    reviewer = USER

    class Meta:
        model = Submission
        fields = [
            "id",
            "variant",
            "paytable_version",
            "status",
            "standing",
            "submitted_by",
            "reviewer",
            "decision_reason",
            "certification_run",
            "submitted_at",
            "updated_at",
            "decided_at",
        ]
        read_only_fields = fields
        list_serializer_class = StandingListSerializer

    @staticmethod
    def standings_of(submissions):
        return submission_badges(submissions)


class CommentSerializer(OutputSerializer):
    author = USER

    class Meta:
        model = ReviewComment
        fields = ["id", "submission", "author", "body", "created_at"]
        read_only_fields = fields


class AttachmentSerializer(OutputSerializer):
    uploaded_by = USER

    class Meta:
        model = Attachment
        fields = [
            "id",
            "submission",
            "original_name",
            "content_type",
            "size",
            "sha256",
            "uploaded_by",
            "uploaded_at",
        ]
        read_only_fields = fields


class CertificateRenderingSerializer(serializers.Serializer):
    kind = serializers.CharField()
    language = serializers.CharField()
    sha256 = serializers.CharField()
    issued_at = serializers.DateTimeField()


class CertificationRunSerializer(OutputSerializer):
    requested_by = USER
    has_report = serializers.SerializerMethodField()
    renderings = serializers.SerializerMethodField()

    class Meta:
        model = CertificationRun
        fields = [
            "id",
            "certificate_number",
            "variant",
            "paytable_version",
            "requested_by",
            "status",
            "step",
            "progress",
            "rules_snapshot",
            "inputs_sha256",
            "exact",
            "simulation",
            "randomness",
            "verdict",
            "rounds",
            "seed",
            "has_report",
            "report_sha256",
            "renderings",
            "software_version",
            "error",
            "shuffle_procedure",
            "rng_format",
            "retry_of",
            "recertifies",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_has_report(self, run) -> bool:
        return bool(run.report)

    @extend_schema_field(CertificateRenderingSerializer(many=True))
    def get_renderings(self, run) -> list[dict]:
        """Every file of the register for this run: each kind (draft, approved) in each
        language it was rendered in, with its SHA-256 (``report/?language=`` serves it)."""
        entries = sorted(run.issued_reports.all(), key=lambda r: (r.issued_at, r.pk))
        return [{"kind": r.kind, "language": r.language, "sha256": r.sha256, "issued_at": r.issued_at}
                for r in entries]


class AuditEventSerializer(OutputSerializer):
    actor = USER

    class Meta:
        model = AuditEvent
        fields = [
            "id",
            "actor",
            "at",
            "action",
            "object_type",
            "object_id",
            "before",
            "after",
            "message",
            "previous_event_id",
            "previous_hash",
            "event_hash",
        ]
        read_only_fields = fields


class WorkflowErrorSerializer(serializers.Serializer):
    """The body of a 409: the transition that was refused and why."""

    detail = serializers.CharField()
    from_state = serializers.CharField()
    to_state = serializers.CharField()
    reason = serializers.CharField()
    blocking = serializers.ListField(child=serializers.DictField(), required=False)
