from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from .jurisdiction import Jurisdiction


class CasinoProperty(models.Model):
    """A casino (a licensed premises): every table stands in one, and the property's
    jurisdiction decides which paytable versions its tables may deal."""

    name = models.CharField(max_length=200, unique=True)
    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT, related_name="properties")
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "casino properties"

    def __str__(self) -> str:
        return self.name
