"""The reads the variant and submission pages make on every request, prepared once per process.

Each is the plain queryset it replaces, written with slots (``casino.prepared``); the tests
run every one against its plain queryset.
"""

from __future__ import annotations

from casino.models import (
    Attachment,
    AuditEvent,
    GameVariant,
    PaytableLine,
    PaytableVersion,
    ReviewComment,
    Submission,
)
from casino.prepared import PreparedQuery, attach_prefetched
from certification.models import CertificationRun, ProtectionAudit

submission_page = PreparedQuery(lambda pk: (
    Submission.objects.select_related("variant__jurisdiction", "paytable_version", "submitted_by", "reviewer")
    .filter(pk=pk)
))
variant_page = PreparedQuery(lambda pk: (
    GameVariant.objects.select_related("jurisdiction", "created_by").filter(pk=pk)
))
variant_versions = PreparedQuery(lambda variant_id: (
    PaytableVersion.objects.filter(paytable__variant_id=variant_id)
    .select_related("created_by", "exact_figures").order_by("-number")
))
variant_submissions = PreparedQuery(lambda variant_id: (
    Submission.objects.filter(variant_id=variant_id).select_related("submitted_by").order_by("-submitted_at")
))
version_lines = PreparedQuery(lambda version_id: PaytableLine.objects.filter(version_id=version_id))
run_by_pk = PreparedQuery(lambda pk: CertificationRun.objects.filter(pk=pk))
newest_run = PreparedQuery(lambda variant_id, version_id: (
    CertificationRun.objects.filter(variant_id=variant_id, paytable_version_id=version_id)
    .order_by("-created_at", "-id")[:1]
))
newest_protection_audit = PreparedQuery(lambda variant_id, version_id: (
    ProtectionAudit.objects.filter(variant_id=variant_id, paytable_version_id=version_id)
    .order_by("-created_at", "-id")[:1]
))
object_trail = PreparedQuery(lambda object_type, object_id: (
    AuditEvent.objects.filter(object_type=object_type, object_id=object_id)
    .select_related("actor").order_by("at", "id")
))
submission_comments = PreparedQuery(lambda submission_id: (
    ReviewComment.objects.filter(submission_id=submission_id).select_related("author")
))
submission_attachments = PreparedQuery(lambda submission_id: (
    Attachment.objects.filter(submission_id=submission_id).select_related("uploaded_by")
))


def first(rows: list):
    return rows[0] if rows else None


def load_lines(version: PaytableVersion) -> None:
    """``version.lines.all()`` (and so ``version.payouts``) answered from one prepared read."""
    attach_prefetched(version, "lines", version_lines(version.pk))


def trail_of(obj) -> list[AuditEvent]:
    """The object's audit events, oldest first (``selectors.audit_trail``)."""
    return object_trail(type(obj).__name__, str(obj.pk))
