from __future__ import annotations

from django.conf import settings
from django.db import models


class ReportKind(models.TextChoices):
    DRAFT = "draft", "Draft"
    APPROVED = "approved", "Approved"


def issued_report_path(instance: IssuedReport, filename: str) -> str:
    return f"reports/{instance.run.certificate_number}/{filename}"


class IssuedReport(models.Model):
    """The register of every certificate file this installation issued, by SHA-256.

    A PDF cannot contain its own hash, so authenticity is a lookup here: a file whose hash is
    in the register is an unaltered copy of what was issued; any other file is not.
    """

    run = models.ForeignKey(
        "certification.CertificationRun", on_delete=models.PROTECT, related_name="issued_reports"
    )
    kind = models.CharField(max_length=20, choices=ReportKind.choices)
    sha256 = models.CharField(max_length=64, unique=True)
    file = models.FileField(upload_to=issued_report_path, max_length=300)
    size = models.PositiveIntegerField()
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-issued_at", "-id"]

    def __str__(self) -> str:
        return f"{self.run.certificate_number} ({self.kind}) {self.sha256[:12]}"

    def save(self, *args, **kwargs) -> None:
        # Issued files are evidence: a register entry is written once and never changed.
        if self.pk is not None:
            raise ValueError("an issued report is never changed; issue a new one")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("an issued report is never deleted")
