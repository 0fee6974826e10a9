from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from casino.rules import FAMILIES, PRESETS

from .base import ImmutableRecordError, changed_fields
from .jurisdiction import Jurisdiction


class VariantStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SUBMITTED = "submitted", _("Submitted")
    IN_CERTIFICATION = "in_certification", _("In certification")
    UNDER_REVIEW = "under_review", _("Under review")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")
    RETIRED = "retired", _("Retired")


class GameVariant(models.Model):
    """A family plus its rule parameters; the payouts live in the paytable's versions."""

    name = models.CharField(max_length=200)
    family = models.CharField(max_length=40, choices=[(f, f) for f in FAMILIES])
    parameters = models.JSONField(
        default=dict, blank=True, help_text="Rule parameters except family and payouts."
    )
    jurisdiction = models.ForeignKey(
        Jurisdiction, on_delete=models.PROTECT, related_name="variants"
    )
    preset = models.CharField(max_length=40, blank=True, choices=[(p, p) for p in PRESETS])
    revised_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="revisions"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    status = models.CharField(
        max_length=20, choices=VariantStatus.choices, default=VariantStatus.DRAFT, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()
    provenance = models.JSONField(
        default=dict, blank=True,
        help_text="Where a draft came from, e.g. the tuning job and changes that made it.",
    )

    # Once submitted, these are what a certificate describes.
    FROZEN_FIELDS = ("name", "family", "parameters", "jurisdiction_id", "preset", "provenance")

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if self.pk and not self._stored_is_draft():
            changed = changed_fields(self, self.FROZEN_FIELDS)
            if changed:
                raise ImmutableRecordError(
                    f"variant {self.pk} is {self.status}: {', '.join(changed)} can no longer change"
                )
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if not self._stored_is_draft():
            raise ImmutableRecordError(
                f"variant {self.pk} has been submitted and cannot be deleted"
            )
        return super().delete(*args, **kwargs)

    @property
    def is_editable(self) -> bool:
        return self.status == VariantStatus.DRAFT

    def _stored_is_draft(self) -> bool:
        stored = (
            type(self)._base_manager.filter(pk=self.pk).values_list("status", flat=True).first()
        )
        return stored in (None, VariantStatus.DRAFT)

    def rules_dict(self, payouts: dict[str, Any]) -> dict[str, Any]:
        return {"family": self.family, **self.parameters, "payouts": dict(payouts)}


class Paytable(models.Model):
    variant = models.OneToOneField(GameVariant, on_delete=models.PROTECT, related_name="paytable")
    name = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return self.name

    @property
    def latest_version(self) -> PaytableVersion | None:
        return self.versions.order_by("-number").first()


class VersionStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SUBMITTED = "submitted", _("Submitted")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")


class PaytableVersion(models.Model):
    """One immutable set of payouts; an edit to a submitted version makes a new version."""

    paytable = models.ForeignKey(Paytable, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    supersedes = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="superseded_by"
    )
    status = models.CharField(
        max_length=20, choices=VersionStatus.choices, default=VersionStatus.DRAFT, db_index=True
    )
    note = models.CharField(max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()
    provenance = models.JSONField(
        default=dict, blank=True,
        help_text="Where this version came from, e.g. the tuning job and changes that made it.",
    )

    FROZEN_FIELDS = ("paytable_id", "number", "supersedes_id", "note", "created_by_id",
                     "provenance")

    class Meta:
        ordering = ["paytable_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["paytable", "number"], name="paytable_version_unique_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.paytable} v{self.number}"

    def save(self, *args, **kwargs) -> None:
        if self.pk:
            stored = (
                type(self)._base_manager.filter(pk=self.pk).values_list("status", flat=True).first()
            )
            if stored not in (None, VersionStatus.DRAFT):
                changed = changed_fields(self, self.FROZEN_FIELDS)
                if changed or self.status == VersionStatus.DRAFT:
                    raise ImmutableRecordError(
                        f"paytable version {self} is {stored} and can never change "
                        f"({', '.join(changed) or 'status back to draft'})"
                    )
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        stored = (
            type(self)._base_manager.filter(pk=self.pk).values_list("status", flat=True).first()
        )
        if stored not in (None, VersionStatus.DRAFT):
            raise ImmutableRecordError(f"paytable version {self} is {stored} and cannot be deleted")
        return super().delete(*args, **kwargs)

    @property
    def is_locked(self) -> bool:
        return self.status != VersionStatus.DRAFT

    @property
    def payouts(self) -> dict[str, str]:
        return {line.name: line.payout for line in self.lines.all()}


class PaytableLine(models.Model):
    """One payout of a version, as an exact amount ("3/2", "60")."""

    version = models.ForeignKey(PaytableVersion, on_delete=models.CASCADE, related_name="lines")
    name = models.CharField(max_length=60)
    payout = models.CharField(max_length=40)
    history = HistoricalRecords()

    class Meta:
        ordering = ["version_id", "name"]
        constraints = [
            models.UniqueConstraint(fields=["version", "name"], name="paytable_line_unique_name")
        ]

    def __str__(self) -> str:
        return f"{self.name} pays {self.payout} to 1"

    def save(self, *args, **kwargs) -> None:
        self._guard()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        self._guard()
        return super().delete(*args, **kwargs)

    def _guard(self) -> None:
        version_ids = {self.version_id}
        if self.pk:
            stored = (
                type(self)
                ._base_manager.filter(pk=self.pk)
                .values_list("version_id", flat=True)
                .first()
            )
            version_ids.add(stored)
        locked = PaytableVersion._base_manager.filter(pk__in=version_ids).exclude(
            status=VersionStatus.DRAFT
        )
        if locked.exists():
            raise ImmutableRecordError(
                f"paytable line {self.name} belongs to a submitted or approved version"
            )
