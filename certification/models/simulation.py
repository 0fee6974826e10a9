from __future__ import annotations

from django.db import models

from .runs import WorkerJob


class SimulationRun(WorkerJob):
    """A simulation fanned out over workers; the spec alone reproduces its result exactly.

    The spec holds the rule dict, strategy (and chart data), rounds, chunk size and root
    seed. Chunks arrive in ``SimulationChunk`` rows; the merged figures land in ``result``.
    """

    certification_run = models.ForeignKey(
        "certification.CertificationRun", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="simulations",
    )
    spec = models.JSONField()
    variant = models.CharField(max_length=100, blank=True)
    strategy = models.CharField(max_length=100)
    rounds = models.PositiveBigIntegerField()
    chunk_rounds = models.PositiveIntegerField()
    # Root seeds go up to 2**128 (SeedSequence entropy), past a 64-bit integer column.
    seed = models.DecimalField(max_digits=39, decimal_places=0)
    chunks_total = models.PositiveIntegerField()
    chunks_done = models.PositiveIntegerField(default=0)
    rounds_per_second = models.FloatField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(
                condition=models.Q(progress__lte=100), name="simulation_run_progress_max_100"
            ),
            models.CheckConstraint(
                condition=models.Q(chunks_done__lte=models.F("chunks_total")),
                name="simulation_run_chunks_done_max_total",
            ),
        ]

    def __str__(self) -> str:
        return f"Simulation {self.pk} ({self.variant or 'variant'}, {self.rounds} rounds)"


class SimulationChunk(models.Model):
    """One chunk's statistics. The unique (run, index) pair makes a redelivered chunk a no-op."""

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    stats = models.JSONField()
    seconds = models.FloatField(default=0)
    worker = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="simulation_chunk_once"),
        ]

    def __str__(self) -> str:
        return f"Chunk {self.index} of simulation {self.run_id}"
