from __future__ import annotations

from django.conf import settings
from django.db import models

from .runs import RunStatus


def shuffle_log_path(instance: ShuffleLog, filename: str) -> str:
    return f"shuffle-logs/{instance.table.table_id}/{instance.sha256[:16]}-{filename}"


class ShuffleLog(models.Model):
    """A table's recorded deck orders, kept as evidence exactly as uploaded."""

    table = models.ForeignKey(
        "casino.TableConfiguration", on_delete=models.PROTECT, related_name="shuffle_logs"
    )
    file = models.FileField(upload_to=shuffle_log_path, max_length=300)
    sha256 = models.CharField(max_length=64)
    shuffles = models.PositiveIntegerField()
    deck_size = models.PositiveSmallIntegerField()
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at", "-id"]

    def __str__(self) -> str:
        return f"{self.table} shuffle log {self.sha256[:12]} ({self.shuffles} shuffles)"


class ShuffleCertification(models.Model):
    """The shuffle battery (and the hand procedure) run on one table's shuffle log.

    Kept apart from ``CertificationRun``: it certifies how a table shuffles, not a variant's
    paytable, so it has no exact figures, simulation or certificate number.
    """

    table = models.ForeignKey(
        "casino.TableConfiguration", on_delete=models.PROTECT, related_name="shuffle_certifications"
    )
    shuffle_log = models.ForeignKey(
        ShuffleLog, null=True, blank=True, on_delete=models.PROTECT, related_name="certifications"
    )
    # Links recorded before shuffle certifications existed pointed at a certification run.
    source_run = models.ForeignKey(
        "certification.CertificationRun", null=True, blank=True, on_delete=models.PROTECT,
        related_name="+",
    )
    procedure = models.CharField(max_length=200, blank=True)
    status = models.CharField(
        max_length=20, choices=RunStatus.choices, default=RunStatus.QUEUED, db_index=True
    )
    battery = models.JSONField(null=True, blank=True)
    procedure_result = models.JSONField(null=True, blank=True)
    passed = models.BooleanField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Shuffle certification {self.pk} of {self.table}"


def summary_path(instance: SummaryReport, filename: str) -> str:
    return f"summaries/{filename}"


class SummaryReport(models.Model):
    """The monthly summary across the floor's tables, as it was sent."""

    file = models.FileField(upload_to=summary_path, max_length=300)
    sha256 = models.CharField(max_length=64)
    tables = models.PositiveIntegerField()
    recipients = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Summary of {self.created_at:%Y-%m-%d}"
