from __future__ import annotations

from django.conf import settings
from django.db import models

from casino.models.jurisdiction import DOCUMENT_LANGUAGES


class ReportKind(models.TextChoices):
    DRAFT = "draft", "Draft"
    APPROVED = "approved", "Approved"


def issued_report_path(instance: IssuedReport, filename: str) -> str:
    return f"reports/{instance.run.certificate_number}/{filename}"


class IssuedReport(models.Model):
    """The register of every certificate file this installation issued, by SHA-256.

    A PDF cannot contain its own hash, so authenticity is a lookup here: a file whose hash is
    in the register is an unaltered copy of what was issued; any other file is not. A
    certificate (a run and a kind, draft or approved) may be rendered in several languages:
    each rendering is its own signed file and its own entry, stating the same figures.
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
    language = models.CharField(
        max_length=5, choices=DOCUMENT_LANGUAGES, default="en",
        help_text="The language this rendering of the certificate is written in.")
    basis = models.JSONField(
        default=dict, blank=True,
        help_text="What the certificate states beyond its run (dates, names, table limits, the "
                  "protection annex), so each language's rendering states the same.")

    class Meta:
        ordering = ["-issued_at", "-id"]

    def __str__(self) -> str:
        return f"{self.run.certificate_number} ({self.kind}, {self.language}) {self.sha256[:12]}"

    def save(self, *args, **kwargs) -> None:
        # Issued files are evidence: a register entry is written once and never changed.
        if self.pk is not None:
            raise ValueError("an issued report is never changed; issue a new one")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("an issued report is never deleted")
