from __future__ import annotations

from django.conf import settings
from django.db import models


def field_file_path(instance: FieldUpload, filename: str) -> str:
    return f"field-results/{instance.sha256[:16]}-{filename}"


class FieldUpload(models.Model):
    """A field trial's daily results, kept as uploaded, with the check run on the whole file.

    The check (expected win, day alarms, drift) controls the false-alarm rate over the file,
    so its result belongs to the upload; the days are also stored per table.
    """

    file = models.FileField(upload_to=field_file_path, max_length=300)
    name = models.CharField(max_length=200)
    sha256 = models.CharField(max_length=64)
    days = models.PositiveIntegerField()
    tables = models.PositiveIntegerField()
    alpha = models.FloatField()
    result = models.JSONField()
    alarms = models.PositiveIntegerField(default=0, help_text="Day alarms and drifting tables.")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at", "-id"]

    def __str__(self) -> str:
        return f"Field results {self.name} ({self.days} days, {self.tables} tables)"


class FieldDay(models.Model):
    """One table's results on one day, as the field file gave them."""

    upload = models.ForeignKey(FieldUpload, on_delete=models.PROTECT, related_name="field_days")
    table = models.ForeignKey(
        "casino.TableConfiguration", on_delete=models.PROTECT, related_name="field_days"
    )
    date = models.DateField()
    rounds = models.PositiveIntegerField()
    handle = models.DecimalField(max_digits=16, decimal_places=2)
    win = models.DecimalField(max_digits=16, decimal_places=2)
    line = models.PositiveIntegerField(help_text="Line of the uploaded file.")

    class Meta:
        ordering = ["table", "date"]
        constraints = [
            models.UniqueConstraint(fields=["table", "date"], name="one_field_day_per_table_and_date"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.date}"
