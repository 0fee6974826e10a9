from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from casino import workflow
from casino.models import GameVariant, PaytableVersion, Submission, SubmissionStatus
from casino.permissions import (
    CAN_ATTACH,
    CAN_COMMENT,
    CAN_DECIDE,
    CAN_READ,
    CAN_RUN_CERTIFICATION,
    CAN_SUBMIT,
)
from casino.selectors import approval_blockers
from casino.services.reviews import attachment_create, review_comment_create
from certification.services.runs import DEFAULT_ROUNDS

from .base import ReadOnlyBackOfficeViewSet, valid
from .filters import SubmissionFilter
from .parsers import JSONParser
from .serializers import (
    AttachmentSerializer,
    CertificationRunSerializer,
    CommentSerializer,
    SubmissionSerializer,
    WorkflowErrorSerializer,
)


class SubmitInput(serializers.Serializer):
    variant = serializers.PrimaryKeyRelatedField(queryset=GameVariant.objects.all())
    paytable_version = serializers.PrimaryKeyRelatedField(queryset=PaytableVersion.objects.all())


class StartInput(serializers.Serializer):
    rounds = serializers.IntegerField(min_value=1000, max_value=10**11, default=DEFAULT_ROUNDS)
    seed = serializers.IntegerField(
        min_value=0, max_value=2**63 - 1, required=False, allow_null=True
    )
    # Evidence files travel as multipart; the workflow reads and checks them (400 naming the
    # line or card) before it creates anything.
    shuffle_log = serializers.FileField(required=False, allow_null=True)
    rng_bits = serializers.FileField(required=False, allow_null=True)
    rng_format = serializers.ChoiceField(choices=["binary", "bits"], default="binary")
    shuffle_procedure = serializers.CharField(max_length=200, required=False, allow_blank=True)


class ApproveInput(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=4000)


class RejectInput(serializers.Serializer):
    reason = serializers.CharField(max_length=4000)


class CommentInput(serializers.Serializer):
    body = serializers.CharField(max_length=20000)


class AttachmentInput(serializers.Serializer):
    file = serializers.FileField()


APPROVAL_CHECK = inline_serializer(
    "ApprovalCheck",
    {
        "can_approve": serializers.BooleanField(),
        "reason": serializers.CharField(allow_null=True),
        "blocking": serializers.ListField(child=serializers.DictField()),
    },
)
CONFLICT = {409: WorkflowErrorSerializer}


class SubmissionViewSet(ReadOnlyBackOfficeViewSet):
    # The output names the variant and version by id; the version is joined for the standing.
    queryset = Submission.objects.select_related("submitted_by", "reviewer", "paytable_version")
    serializer_class = SubmissionSerializer
    filterset_class = SubmissionFilter
    parser_classes = [JSONParser, FormParser, MultiPartParser]
    write_roles = CAN_SUBMIT
    action_roles = {
        "start_certification": CAN_RUN_CERTIFICATION,
        "mark_under_review": CAN_RUN_CERTIFICATION,
        "approve": CAN_DECIDE,
        "reject": CAN_DECIDE,
        "approval_check": CAN_READ,
        "comments:GET": CAN_READ,
        "comments:POST": CAN_COMMENT,
        "attachments:GET": CAN_READ,
        "attachments:POST": CAN_ATTACH,
    }
    second_factor_actions = frozenset({"approve", "reject"})

    @extend_schema(request=SubmitInput, responses={201: SubmissionSerializer, **CONFLICT})
    def create(self, request):
        data = valid(SubmitInput, request)
        submission = workflow.submission_submit(actor=request.user, **data)
        return Response(SubmissionSerializer(submission).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request={"multipart/form-data": StartInput, "application/json": StartInput},
        responses={201: CertificationRunSerializer, **CONFLICT},
    )
    @action(detail=True, methods=["post"], url_path="start-certification")
    def start_certification(self, request, pk=None):
        data = valid(StartInput, request)
        run = workflow.submission_start_certification(
            submission=self.get_object(), actor=request.user, **data
        )
        return Response(CertificationRunSerializer(run).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: SubmissionSerializer, **CONFLICT})
    @action(detail=True, methods=["post"], url_path="mark-under-review")
    def mark_under_review(self, request, pk=None):
        submission = workflow.submission_mark_under_review(
            submission=self.get_object(), actor=request.user
        )
        return Response(SubmissionSerializer(submission).data)

    @extend_schema(request=ApproveInput, responses={200: SubmissionSerializer, **CONFLICT})
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        reason = valid(ApproveInput, request).get("reason", "")
        submission = workflow.submission_approve(
            submission=self.get_object(), actor=request.user, reason=reason
        )
        if submission.status != SubmissionStatus.APPROVED:
            # A revoked certificate ended the submission instead of an approval.
            return Response({**SubmissionSerializer(submission).data,
                             "detail": submission.decision_reason, "from_state": SubmissionStatus.UNDER_REVIEW,
                             "to_state": SubmissionStatus.APPROVED, "reason": submission.decision_reason},
                            status=409)
        return Response(SubmissionSerializer(submission).data)

    @extend_schema(request=RejectInput, responses={200: SubmissionSerializer, **CONFLICT})
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        reason = valid(RejectInput, request)["reason"]
        submission = workflow.submission_reject(
            submission=self.get_object(), actor=request.user, reason=reason
        )
        return Response(SubmissionSerializer(submission).data)

    @extend_schema(responses={200: APPROVAL_CHECK})
    @action(detail=True, methods=["get"], url_path="approval-check")
    def approval_check(self, request, pk=None):
        """Whether the caller could approve now, and if not, exactly what blocks it."""
        submission = self.get_object()
        reason, blocking = approval_blockers(submission, request.user)
        if reason is None and submission.status != "under_review":
            reason = f"the submission is {submission.status}, not under review"
        return Response({"can_approve": reason is None, "reason": reason, "blocking": blocking})

    @extend_schema(methods=["GET"], responses={200: CommentSerializer(many=True)})
    @extend_schema(methods=["POST"], request=CommentInput, responses={201: CommentSerializer})
    @action(detail=True, methods=["get", "post"])
    def comments(self, request, pk=None):
        submission = self.get_object()
        if request.method == "GET":
            return Response(
                CommentSerializer(submission.comments.select_related("author"), many=True).data
            )
        body = valid(CommentInput, request)["body"]
        comment = review_comment_create(submission=submission, author=request.user, body=body)
        return Response(CommentSerializer(comment).data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses={200: AttachmentSerializer(many=True)})
    @extend_schema(
        methods=["POST"],
        request={"multipart/form-data": AttachmentInput},
        responses={201: AttachmentSerializer},
    )
    @action(detail=True, methods=["get", "post"])
    def attachments(self, request, pk=None):
        submission = self.get_object()
        if request.method == "GET":
            return Response(
                AttachmentSerializer(
                    submission.attachments.select_related("uploaded_by"), many=True
                ).data
            )
        upload = valid(AttachmentInput, request)["file"]
        attachment = attachment_create(
            submission=submission, uploaded_by=request.user, upload=upload
        )
        return Response(AttachmentSerializer(attachment).data, status=status.HTTP_201_CREATED)
