from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .variants import GameVariant, PaytableVersion


class SubmissionStatus(models.TextChoices):
    SUBMITTED = "submitted", _("Submitted")
    IN_CERTIFICATION = "in_certification", _("In certification")
    UNDER_REVIEW = "under_review", _("Under review")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")


OPEN_SUBMISSION_STATUSES = (
    SubmissionStatus.SUBMITTED,
    SubmissionStatus.IN_CERTIFICATION,
    SubmissionStatus.UNDER_REVIEW,
)


class Submission(models.Model):
    """A variant with one paytable version, on its way to a decision."""

    variant = models.ForeignKey(GameVariant, on_delete=models.PROTECT, related_name="submissions")
    paytable_version = models.ForeignKey(
        PaytableVersion, on_delete=models.PROTECT, related_name="submissions"
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(
        max_length=20,
        choices=SubmissionStatus.choices,
        default=SubmissionStatus.SUBMITTED,
        db_index=True,
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decision_reason = models.TextField(blank=True)
    certification_run = models.ForeignKey(
        "certification.CertificationRun",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The run whose evidence the decision rests on.",
    )
    submitted_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-submitted_at", "-id"]
        constraints = [
            # One open submission per variant, so two decisions can never race on it.
            models.UniqueConstraint(
                fields=["variant"],
                condition=models.Q(status__in=OPEN_SUBMISSION_STATUSES),
                name="submission_one_open_per_variant",
            )
        ]

    def __str__(self) -> str:
        return f"Submission {self.pk}: {self.variant} / v{self.paytable_version.number}"


class ReviewComment(models.Model):
    submission = models.ForeignKey(Submission, on_delete=models.PROTECT, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"Comment {self.pk} on submission {self.submission_id}"


def attachment_path(instance: Attachment, filename: str) -> str:
    return f"submissions/{instance.submission_id}/{filename}"


class Attachment(models.Model):
    submission = models.ForeignKey(Submission, on_delete=models.PROTECT, related_name="attachments")
    file = models.FileField(upload_to=attachment_path, max_length=300)
    original_name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=100)
    size = models.PositiveBigIntegerField()
    sha256 = models.CharField(max_length=64)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return self.original_name
