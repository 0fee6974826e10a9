"""The floor watched against theory: card statistics per table and day, the alarms the checks
raise and their handling, and the monthly statistics reports issued per property."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from casino.models.jurisdiction import DOCUMENT_LANGUAGES


class CardDayStats(models.Model):
    """A table's day of dealt cards, reduced to the card tests' sums (certification.floor.cards):
    rebuilt whole from the day's rounds, so a rebuild is idempotent."""

    table = models.ForeignKey("casino.TableConfiguration", on_delete=models.DO_NOTHING, db_constraint=False,
                              related_name="+")
    day = models.DateField()
    rounds = models.PositiveIntegerField()
    stats = models.JSONField(help_text="Deck, positions, dealt, expected, missing and twice per card.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "day"], name="card_day_once")]

    def __str__(self) -> str:
        return f"cards of table {self.table_id} on {self.day}"


class AlarmCheck(models.TextChoices):
    RETURN = "return", _("Return against theory")
    CARDS = "cards", _("Cards against a fair deck")
    SETTLEMENT = "settlement", _("Settlement audit")


class AlarmStatus(models.TextChoices):
    OPEN = "open", _("Open")
    ACKNOWLEDGED = "acknowledged", _("Acknowledged")
    INVESTIGATING = "investigating", _("Under investigation")
    CLOSED = "closed", _("Closed")


class FloorAlarm(models.Model):
    """What a floor check found at a table or a dealer: a notice to the compliance officers
    and to the regulators of the table's jurisdiction, with its evidence; acknowledged,
    investigated and closed with a reason, every step audited."""

    table = models.ForeignKey("casino.TableConfiguration", on_delete=models.PROTECT, related_name="floor_alarms")
    dealer_id = models.CharField(max_length=64, blank=True, help_text="Set when the alarm is a dealer's.")
    kind = models.CharField(max_length=12, choices=AlarmCheck.choices)
    test = models.CharField(max_length=200)
    first_day = models.DateField(help_text="The day the evidence starts.")
    alarm_day = models.DateField()
    evidence = models.JSONField(default=dict)
    notice = models.OneToOneField("casino.Notice", null=True, on_delete=models.PROTECT, related_name="floor_alarm")
    status = models.CharField(max_length=14, choices=AlarmStatus.choices, default=AlarmStatus.OPEN)
    reason = models.TextField(blank=True, help_text="Why it was closed.")
    raised_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")

    class Meta:
        ordering = ["-raised_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["table", "dealer_id", "kind", "test", "first_day"],
                                               name="floor_alarm_once")]

    def __str__(self) -> str:
        who = f"dealer {self.dealer_id}" if self.dealer_id else self.table.table_id
        return f"{self.get_kind_display()} at {who}: {self.test}"


def monthly_report_path(instance: MonthlyStatistics, filename: str) -> str:
    return f"monthly/{instance.casino_property_id}/{instance.month:%Y-%m}/{filename}"


class MonthlyStatistics(models.Model):
    """A property's monthly table-game statistics, signed, registered by SHA-256 (so
    ``verify-report`` knows it), with its CSV; never changed once issued."""

    casino_property = models.ForeignKey("casino.CasinoProperty", on_delete=models.PROTECT,
                                        related_name="monthly_statistics")
    month = models.DateField(help_text="The month's first day.")
    language = models.CharField(max_length=5, choices=DOCUMENT_LANGUAGES, default="en")
    pdf = models.FileField(upload_to=monthly_report_path, max_length=300)
    csv = models.FileField(upload_to=monthly_report_path, max_length=300)
    sha256 = models.CharField(max_length=64, unique=True)
    csv_sha256 = models.CharField(max_length=64)
    tables = models.PositiveIntegerField()
    rounds = models.BigIntegerField()
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-month", "casino_property__name"]
        constraints = [models.UniqueConstraint(fields=["casino_property", "month", "language"],
                                               name="monthly_statistics_once")]

    def __str__(self) -> str:
        return f"{self.casino_property} {self.month:%Y-%m}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValueError("an issued monthly report is never changed")
        super().save(*args, **kwargs)
