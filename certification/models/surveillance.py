"""Surveillance: each pseudonymous player's standing against the informed strategies, and cases.

Player ids are the table systems' pseudonyms, never a name; nothing here identifies a person.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class CaseKind(models.TextChoices):
    HOLE_CARD = "hole_card", _("Sees the dealer's face-down card")
    PARTNER = "partner", _("Plays on a partner's cards (collusion)")
    RESULTS = "results", _("Results beat the game's exact value (past-posting)")
    DEALER_PARTNER = "dealer_partner", _("A dealer paying a partner")
    DEALER_RETURN = "dealer_return", _("A dealer whose tables lose beyond theory")


class CaseStatus(models.TextChoices):
    OPEN = "open", _("Open")
    CLOSED = "closed", _("Closed")


class ClosureReason(models.TextChoices):
    CONFIRMED = "confirmed", _("Confirmed: advantage play or cheating")
    EXPLAINED = "explained", _("Explained: the evidence has an innocent cause")
    FALSE_ALARM = "false_alarm", _("False alarm (the test's stated rate)")
    REFERRED = "referred", _("Referred to the regulator or the police")


class SurveilledPlayer(models.Model):
    """The tests' standing of one pseudonymous player, as of the last scan of his tables."""

    player_id = models.CharField(max_length=64, unique=True)
    decisions = models.PositiveIntegerField(default=0)
    rounds = models.PositiveIntegerField(default=0)
    tables = models.JSONField(default=list)
    statistics = models.JSONField(default=dict, help_text="Per test: statistic, thresholds, pairs, status.")
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["player_id"]

    def __str__(self) -> str:
        return self.player_id


class SurveillanceCase(models.Model):
    kind = models.CharField(max_length=20, choices=CaseKind.choices)
    subject = models.CharField(max_length=200, help_text="Who: the player, the pair, or player and dealer.")
    players = models.JSONField(default=list, help_text="Pseudonymous player ids.")
    dealer_id = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=10, choices=CaseStatus.choices, default=CaseStatus.OPEN)
    opened_at = models.DateTimeField(default=timezone.now)
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+", help_text="Empty: opened by the surveillance scan.")
    evidence = models.JSONField(default=dict)
    tables = models.JSONField(default=list)
    dealers = models.JSONField(default=list)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+")
    closure_reason = models.CharField(max_length=20, choices=ClosureReason.choices, blank=True)
    closure_note = models.TextField(blank=True)

    class Meta:
        ordering = ["-opened_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["kind", "subject"], condition=models.Q(status="open"),
                                               name="surveillance_case_one_open_per_subject")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.subject}"


class CaseNote(models.Model):
    case = models.ForeignKey(SurveillanceCase, on_delete=models.PROTECT, related_name="notes")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    text = models.TextField(max_length=4000)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"note {self.pk} on case {self.case_id}"
