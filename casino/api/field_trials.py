"""A version's field trial in a jurisdiction: read its progress and field check; ask for final
approval (the variant's compliance officers and admins)."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from casino.models import Jurisdiction, PaytableVersion
from casino.permissions import CAN_REQUEST_FINAL_APPROVAL
from casino.selectors import regulator_state
from casino.services.field_trial_progress import field_trial_progress
from certification.models import FieldTrialAlarm, PacketJob
from certification.services.field_trials import field_trial_of, field_trial_verdicts
from certification.services.final_approval import final_approval_request

from .base import BackOfficeViewSet
from .packets import CodeField, PacketJobSerializer
from .serializers import WorkflowErrorSerializer


class FieldTrialInput(serializers.Serializer):
    paytable_version = serializers.PrimaryKeyRelatedField(queryset=PaytableVersion.objects.all())
    jurisdiction = CodeField(slug_field="code", queryset=Jurisdiction.objects.all(),
                             help_text="The jurisdiction's code, e.g. nevada.")


def _input(data) -> dict:
    serializer = FieldTrialInput(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _trial_json(version: PaytableVersion, jurisdiction: Jurisdiction) -> dict:
    trial = field_trial_of(paytable_version=version, jurisdiction=jurisdiction)
    if trial is None:
        raise Http404(_("%(version)s was never in field trial in %(jurisdiction)s")
                      % {"version": version, "jurisdiction": jurisdiction.name})
    current = regulator_state(paytable_version=version, jurisdiction=jurisdiction)
    progress = field_trial_progress(decision=trial)
    return {
        "paytable_version": version.pk, "jurisdiction": jurisdiction.code, "status": current.status,
        "decision": trial.pk, "reference": trial.reference, "host_property": trial.host_property.name,
        "table_limit": trial.table_limit, "effective": trial.effective,
        "days_elapsed": progress.days_elapsed, "days_required": progress.days_required,
        "rounds": progress.rounds, "min_rounds": progress.min_rounds, "complete": progress.complete,
        "problems": progress.problems,
        "files": [{"upload": v.upload.pk, "file": v.upload.name, "table": v.table, "days": v.days,
                   "rounds": v.rounds, "z": v.z, "hold": v.hold, "house_edge": v.house_edge,
                   "verdict": v.verdict, "drift_from": v.drift_from, "day_alarms": v.day_alarms}
                  for v in field_trial_verdicts(decision=trial)],
        "alarms": [{"table": a.table.table_id, "upload": a.upload_id, "first_date": a.first_date,
                    "notice": a.notice_id, "title": a.notice.title, "raised_at": a.raised_at}
                   for a in FieldTrialAlarm.objects.filter(filing=trial.submission_id)
                   .select_related("table", "notice")],
        "packets": PacketJobSerializer(PacketJob.objects.filter(field_trial__submission=trial.submission_id)
                                       .select_related("run", "jurisdiction", "requested_by"), many=True).data,
    }


class FieldTrialViewSet(BackOfficeViewSet):
    """Every role reads a trial; the variant's compliance officers and admins ask for final
    approval once the trial has lasted its days and shows its rounds."""

    action_roles = {"final_approval": CAN_REQUEST_FINAL_APPROVAL}

    @extend_schema(parameters=[OpenApiParameter("paytable_version", int, required=True),
                               OpenApiParameter("jurisdiction", str, required=True)],
                   responses={200: OpenApiTypes.OBJECT})
    def list(self, request):
        """The trial: days and rounds against the minimums, each host table's field check per
        file, the drift alarms posted, the final-approval packets."""
        data = _input(request.query_params)
        return Response(_trial_json(data["paytable_version"], data["jurisdiction"]))

    @extend_schema(request=FieldTrialInput, responses={202: PacketJobSerializer, 409: WorkflowErrorSerializer})
    @action(detail=False, methods=["post"], url_path="final-approval")
    def final_approval(self, request):
        """Build the packet with the signed field-trial report and file it for final approval."""
        data = _input(request.data)
        job = final_approval_request(actor=request.user, **data)
        return Response(PacketJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)
