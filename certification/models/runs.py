from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords


class RunStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class WorkerJob(models.Model):
    """What every job the workers carry out keeps: where it stands, and when it ran.

    Concrete jobs add their inputs and results, and name their own progress constraint
    (a constraint's name is unique in the database).
    """

    status = models.CharField(
        max_length=20, choices=RunStatus.choices, default=RunStatus.QUEUED, db_index=True
    )
    progress = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-id"]

    @property
    def finished(self) -> bool:
        return self.status in (RunStatus.DONE, RunStatus.FAILED)


def report_path(instance: CertificationRun, filename: str) -> str:
    return f"reports/{instance.certificate_number or instance.pk}/{filename}"


def input_path(instance: CertificationRun, filename: str) -> str:
    return f"inputs/{instance.certificate_number or 'pending'}/{filename}"


class CertificationRun(WorkerJob):
    """One certification of a variant with one paytable version: the evidence a decision rests on.

    Everything needed to reproduce it is stored with it: the full rule dict analysed, its hash,
    the seed, the number of simulated rounds and the software version.
    """

    variant = models.ForeignKey(
        "casino.GameVariant", on_delete=models.PROTECT, related_name="certification_runs"
    )
    paytable_version = models.ForeignKey(
        "casino.PaytableVersion", on_delete=models.PROTECT, related_name="certification_runs"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    step = models.CharField(max_length=100, blank=True)
    rules_snapshot = models.JSONField()
    inputs_sha256 = models.CharField(max_length=64)
    exact = models.JSONField(null=True, blank=True)
    simulation = models.JSONField(null=True, blank=True)
    randomness = models.JSONField(null=True, blank=True)
    verdict = models.JSONField(null=True, blank=True)
    shuffle_log = models.FileField(
        upload_to=input_path, null=True, blank=True, max_length=300,
        help_text="Shuffle log CSV (shuffle_id,order) tested by the shuffle battery.",
    )
    rng_bits = models.FileField(
        upload_to=input_path, null=True, blank=True, max_length=300,
        help_text="Raw RNG output tested with NIST SP 800-22.",
    )
    rng_format = models.CharField(
        max_length=10, choices=[("binary", "raw binary"), ("bits", "ASCII 0/1")], default="binary"
    )
    shuffle_procedure = models.CharField(
        max_length=200, blank=True, help_text='A hand procedure, e.g. "wash,riffle,riffle,box,riffle,cut".'
    )
    rounds = models.PositiveBigIntegerField()
    seed = models.PositiveBigIntegerField()
    report = models.FileField(upload_to=report_path, null=True, blank=True, max_length=300)
    report_sha256 = models.CharField(max_length=64, blank=True)
    certificate_number = models.CharField(max_length=32, unique=True, null=True, blank=True)
    software_version = models.CharField(max_length=40)
    retry_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="retries",
        help_text="The failed run this one repeats with the same inputs.",
    )
    # A scheduled re-certification is tied to no submission: it re-checks an approval.
    recertifies = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="recertifications",
        help_text="The approving run whose figures this scheduled run re-checks.",
    )
    history = HistoricalRecords()

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="certification_run_progress_max_100"
            )
        ]

    def __str__(self) -> str:
        return self.certificate_number or f"Run {self.pk}"

    @property
    def approvable(self) -> bool:
        return bool(self.status == RunStatus.DONE and (self.verdict or {}).get("approvable"))

    @property
    def blocking(self) -> list[dict]:
        return list((self.verdict or {}).get("blocking", []))
