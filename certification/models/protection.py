"""Game protection audits of a variant's paytable version, run on the workers."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .runs import WorkerJob


class ProtectionAudit(WorkerJob):
    """One audit: what leaked information is worth to a player on one table configuration.

    The table settings, rounds and root seed reproduce it exactly; the exact exposures land in
    ``exact`` first, the chunks in ``ProtectionChunk`` rows, the merged report in ``result``.
    """

    variant = models.ForeignKey("casino.GameVariant", on_delete=models.PROTECT,
                                related_name="protection_audits")
    paytable_version = models.ForeignKey("casino.PaytableVersion", on_delete=models.PROTECT,
                                         related_name="protection_audits")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    rules = models.JSONField(help_text="The rule dict audited (variant with the version's payouts).")
    seats = models.PositiveSmallIntegerField(default=7)
    penetration = models.FloatField(default=0.0)
    procedure = models.CharField(max_length=200)
    rounds = models.PositiveIntegerField()
    chunks = models.PositiveSmallIntegerField()
    seed = models.DecimalField(max_digits=39, decimal_places=0)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    exact = models.JSONField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(condition=models.Q(progress__lte=100),
                                   name="protection_audit_progress_max_100"),
        ]

    def __str__(self) -> str:
        return f"Protection audit {self.pk} of {self.variant_id}"


class ProtectionChunk(models.Model):
    """One chunk's sums; the unique (audit, job, index) makes a redelivered chunk a no-op."""

    audit = models.ForeignKey(ProtectionAudit, on_delete=models.CASCADE, related_name="chunk_rows")
    job = models.PositiveSmallIntegerField()
    index = models.PositiveSmallIntegerField()
    sums = models.JSONField()
    seconds = models.FloatField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["audit", "job", "index"]
        constraints = [models.UniqueConstraint(fields=["audit", "job", "index"],
                                               name="protection_chunk_once")]

    def __str__(self) -> str:
        return f"Chunk {self.job}/{self.index} of protection audit {self.audit_id}"
