from __future__ import annotations

from django.conf import settings
from django.db import models

from .runs import WorkerJob


class TuningJob(WorkerJob):
    """A designer's search for the smallest changes that bring a bet's edge into a band.

    ``request`` holds everything the search needs (the variant's full rules when it was
    asked, the knobs, the band, the other bets' bounds, the limits), so the job is
    reproducible. The search runs in batches: each batch's analyses fan out over the
    workers as ``TuningEvaluation`` rows; the last one to arrive moves the search on.
    """

    variant = models.ForeignKey(
        "casino.GameVariant", on_delete=models.PROTECT, related_name="tuning_jobs"
    )
    paytable_version = models.ForeignKey(
        "casino.PaytableVersion", on_delete=models.PROTECT, related_name="tuning_jobs"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    request = models.JSONField()
    step = models.CharField(max_length=200, blank=True)
    batch = models.PositiveIntegerField(default=0)
    """Batches dispatched so far; claiming the next one is a conditional update on it."""
    awaiting = models.JSONField(default=list, blank=True)
    """Keys of the variants the current batch is analysing."""
    evaluated = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="tuning_job_progress_max_100"
            ),
        ]

    def __str__(self) -> str:
        return f"Tuning {self.pk} of {self.variant}"



class TuningEvaluation(models.Model):
    """One variant's exact figures for a job; (job, key) is unique, so a redelivered chunk
    records nothing twice."""

    job = models.ForeignKey(TuningJob, on_delete=models.CASCADE, related_name="evaluations")
    key = models.CharField(max_length=1000)
    """The variant's changes, ``dealer_stands_at=9/2;ties=push`` (empty for the base)."""
    figures = models.JSONField()
    seconds = models.FloatField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["job", "id"]
        constraints = [
            models.UniqueConstraint(fields=["job", "key"], name="tuning_evaluation_once"),
        ]

    def __str__(self) -> str:
        return f"{self.key or 'base'} in tuning {self.job_id}"
