from __future__ import annotations

from django.conf import settings
from django.db import models

from .runs import RunStatus


def packet_path(instance: PacketJob, filename: str) -> str:
    return f"packets/{instance.run.certificate_number}/{filename}"


class PacketJob(models.Model):
    """One submission packet built for a jurisdiction from a certification run, on a worker."""

    run = models.ForeignKey("certification.CertificationRun", on_delete=models.PROTECT,
                            related_name="packets")
    jurisdiction = models.ForeignKey("casino.Jurisdiction", on_delete=models.PROTECT,
                                     related_name="packets")
    applicant = models.CharField(max_length=200, blank=True)
    host_casino = models.CharField(max_length=200, blank=True)
    # Set when the packet asks for final approval after this field trial: the signed
    # field-trial report is added, and the filing moves on once the packet is built.
    field_trial = models.ForeignKey("casino.RegulatorDecision", null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="final_approval_packets")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=20, choices=RunStatus.choices, default=RunStatus.QUEUED,
                              db_index=True)
    step = models.CharField(max_length=100, blank=True)
    progress = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(upload_to=packet_path, null=True, blank=True, max_length=300)
    sha256 = models.CharField(max_length=64, blank=True)
    size = models.PositiveIntegerField(default=0)
    manifest = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(progress__lte=100),
                                   name="packet_job_progress_max_100"),
        ]

    def __str__(self) -> str:
        return f"Packet {self.pk}: {self.jurisdiction.code} for {self.run.certificate_number}"
