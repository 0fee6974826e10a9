"""Exact figures kept with the paytable version they describe."""

from __future__ import annotations

from django.db import models

from .variants import PaytableVersion


class PaytableVersionFigures(models.Model):
    """A paytable version's exact per-bet figures, counted once and then read.

    A submitted version never changes, so its figures never need counting again; a draft's
    may, so the figures carry the digest of the rules and payouts they were counted from
    (and the software that counted them) and are counted again when either differs.
    """

    version = models.OneToOneField(
        PaytableVersion, on_delete=models.CASCADE, related_name="exact_figures"
    )
    inputs_sha256 = models.CharField(max_length=64)
    software_version = models.CharField(max_length=40)
    bets = models.JSONField(
        help_text='Per bet: house_edge, element_of_risk, p_win, p_push, p_loss as exact "p/q".'
    )
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"exact figures of {self.version_id}"
