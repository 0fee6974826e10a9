"""The home page: for each of the user's roles, what needs their action now."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from casino.models import (
    AuditEvent,
    GameVariant,
    Submission,
    SubmissionStatus,
    TableConfiguration,
    TableStatus,
    VariantStatus,
)
from casino.selectors import recent_notices, segregation_problems
from casino.services.standing import register_revoked, revoked_badge, submission_badges

from .access import abilities, page
from .forms_support import approved_versions_off_floor

LIMIT = 8
# The dashboard names records: its lists read only the columns they show (home.html), which
# halves the cost of a list of whole rows; the reviewer's queue keeps what its checks read.
VARIANT_DATA = ("variant__parameters",)
NAMED_SUBMISSION = ("variant__name", "paytable_version__number")
RUN_DATA = ("certification_run__rules_snapshot", "certification_run__exact",
            "certification_run__simulation", "certification_run__randomness")


def _officer(user) -> dict:
    return {
        "drafts": GameVariant.objects.filter(status=VariantStatus.DRAFT).only("name", "family", "updated_at")
        .order_by("-updated_at")[:LIMIT],
        "to_certify": Submission.objects.filter(status=SubmissionStatus.SUBMITTED)
        .select_related("variant", "paytable_version").only(*NAMED_SUBMISSION)[:LIMIT],
        "rejected": GameVariant.objects.filter(status=VariantStatus.REJECTED).only("name")
        .exclude(Exists(GameVariant.objects.filter(revised_from=OuterRef("pk"))))
        .order_by("-updated_at")[:LIMIT],
    }


def _reviewer(user) -> dict:
    queue = list(
        Submission.objects.filter(status=SubmissionStatus.UNDER_REVIEW)
        .select_related("variant", "paytable_version", "submitted_by", "certification_run")
        .defer(*VARIANT_DATA, *RUN_DATA)
        .annotate(certificate_revoked=register_revoked("certification_run"))
        .order_by("submitted_at")[:LIMIT]
    )
    # Submissions the reviewer may not decide on stay visible, marked, so nobody waits on them.
    conflicts = segregation_problems(queue, user)
    return {"review_queue": [{"submission": s, "conflict": conflicts[s.pk],
                              "revoked": revoked_badge() if s.certificate_revoked else None} for s in queue]}


def _admin(user) -> dict:
    return {
        "off_floor": approved_versions_off_floor()[:LIMIT],
        "inactive_tables": TableConfiguration.objects.filter(status=TableStatus.INACTIVE)
        .select_related("variant", "paytable_version").only("table_id", *NAMED_SUBMISSION)[:LIMIT],
    }


def _auditor(user) -> dict:
    decisions = list(Submission.objects.filter(
        status__in=(SubmissionStatus.APPROVED, SubmissionStatus.REJECTED)
    ).select_related("variant", "reviewer", "paytable_version").only(
        "status", "decided_at", "variant__name", "reviewer__username", "paytable_version__status")
        .order_by("-decided_at")[:LIMIT])
    badges = submission_badges(decisions)
    for decision in decisions:
        decision.badge = badges[decision.pk]
    return {
        "decisions": decisions,
        "events": AuditEvent.objects.select_related("actor")
        .only("at", "action", "object_type", "object_id", "actor__username").order_by("-at", "-id")[:LIMIT],
    }


@login_required
def home(request: HttpRequest) -> HttpResponse:
    can = abilities(request.user)
    if can.regulate:
        return redirect("web:regulator-home")
    if can.surveil and not can.read:
        return redirect("web:surveillance-cases")
    context: dict = {}
    if can.author or can.submit:
        context["officer"] = _officer(request.user)
    if can.decide:
        context["reviewer"] = _reviewer(request.user)
    if can.configure_tables:
        context["admin"] = _admin(request.user)
    if can.read and not (can.author or can.decide or can.configure_tables):
        context["auditor"] = _auditor(request.user)
    if can.certify:
        context["in_certification"] = Submission.objects.filter(
            status=SubmissionStatus.IN_CERTIFICATION
        ).select_related("variant", "paytable_version").only(*NAMED_SUBMISSION)[:LIMIT]
    context["notices"] = recent_notices()
    return page(request, "home.html", context)
