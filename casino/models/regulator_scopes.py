"""Which jurisdictions a regulator's account reads: its own, and no other."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .jurisdiction import Jurisdiction


class RegulatorScope(models.Model):
    """One jurisdiction a user in the Regulator role may read; a regulator without any reads nothing."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="regulator_scopes")
    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT, related_name="regulator_scopes")
    granted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+", help_text="Blank: granted from the command line.")
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user_id", "jurisdiction__name"]
        constraints = [models.UniqueConstraint(fields=["user", "jurisdiction"],
                                               name="regulator_scope_once_per_jurisdiction")]

    def __str__(self) -> str:
        return f"{self.user} reads {self.jurisdiction.code}"
