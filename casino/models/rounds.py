"""Rounds from the floor: who may post them, the batches they came in, the rounds, the rollups.

On PostgreSQL ``casino_round`` is partitioned by month on ``played_at`` (declarative
partitioning, created by the migration; a month's partition is made before its first round
arrives, casino.services.round_partitions). On SQLite it is a plain table. Every key of the
round and rollup tables starts with the table, so the schema distributes by table (Citus)
unchanged; nothing references a round by a foreign key for the same reason.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .tables import TableConfiguration


class IngestToken(models.Model):
    """A key a table system or studio posts rounds with: ingest only, for the named tables.

    It reads nothing; only the SHA-256 of its secret is kept; revoked, it is refused at once.
    """

    name = models.CharField(_("name"), max_length=100)
    tables = models.ManyToManyField(TableConfiguration, related_name="ingest_tokens")
    prefix = models.CharField(max_length=12, editable=False)
    secret_sha256 = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("ingest token")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class IngestSource(models.TextChoices):
    API = "api", _("API")
    UPLOAD = "upload", _("CSV upload")
    COMMAND = "command", _("Command")


class IngestBatch(models.Model):
    """One accepted batch: its id is the poster's, so a batch sent again is known."""

    batch_id = models.CharField(max_length=64, unique=True)
    source = models.CharField(max_length=10, choices=IngestSource.choices)
    token = models.ForeignKey(IngestToken, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="batches")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.PROTECT, related_name="+")
    received_at = models.DateTimeField(default=timezone.now, db_index=True)
    rounds_posted = models.PositiveIntegerField()
    rounds_stored = models.PositiveIntegerField()
    """Posted less those already stored (a retry, or rounds sent before in another batch)."""

    class Meta:
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return self.batch_id


class Round(models.Model):
    """One round as dealt. Seats are kept as posted, a compact JSON array
    (casino.rules.rounds.Seat); the round's totals are columns for the rollups."""

    # Not a database foreign key: a distributed (Citus) round table cannot reference a
    # local one, and the ingest checks the table before writing.
    table = models.ForeignKey(TableConfiguration, on_delete=models.DO_NOTHING, db_constraint=False,
                              db_index=False, related_name="+")
    round_id = models.CharField(max_length=64)
    played_at = models.DateTimeField()
    dealer_id = models.CharField(max_length=64)
    shoe_id = models.CharField(max_length=64, blank=True)
    cards = models.TextField(blank=True, help_text="Card codes in the order dealt, space-separated.")
    seats = models.JSONField()
    seat_count = models.PositiveSmallIntegerField()
    handle = models.DecimalField(max_digits=14, decimal_places=2)
    net = models.DecimalField(max_digits=14, decimal_places=2, help_text="The players' net (the house wins its opposite).")
    # The table's game version, stake level and channel when the round was dealt.
    paytable_version_id = models.BigIntegerField(null=True)
    stake_level = models.CharField(max_length=20)
    channel = models.CharField(max_length=10)
    batch_id = models.BigIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "round_id", "played_at"],
                                               name="round_unique_per_table")]
        # The unique key serves look-ups by (table, round id) as well.
        indexes = [models.Index(fields=["table", "played_at"], name="round_table_played_at")]

    def __str__(self) -> str:
        return f"{self.table_id}/{self.round_id}"

    @property
    def card_list(self) -> list[str]:
        return self.cards.split()


class RoundRollup(models.Model):
    """Sums of the rounds of one table, day, dealer and shift (and game version, stake level,
    channel): what the checks and the monthly statistics read instead of the rounds."""

    table = models.ForeignKey(TableConfiguration, on_delete=models.DO_NOTHING, db_constraint=False,
                              db_index=False, related_name="+")
    day = models.DateField()
    dealer_id = models.CharField(max_length=64)
    shift = models.PositiveSmallIntegerField(help_text="0-based index in TABLECERT_SHIFT_STARTS.")
    paytable_version_id = models.BigIntegerField(default=0, help_text="0: none recorded.")
    stake_level = models.CharField(max_length=20)
    channel = models.CharField(max_length=10)
    rounds = models.BigIntegerField(default=0)
    hands = models.BigIntegerField(default=0)
    handle = models.DecimalField(max_digits=18, decimal_places=2, default=0)
    net = models.DecimalField(max_digits=18, decimal_places=2, default=0)
    net_squares = models.DecimalField(max_digits=24, decimal_places=4, default=0,
                                      help_text="Sum over rounds of the round's net squared.")
    rounds_with_cards = models.BigIntegerField(default=0)
    first_played_at = models.DateTimeField()
    last_played_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(
            fields=["table", "day", "dealer_id", "shift", "paytable_version_id", "stake_level", "channel"],
            name="round_rollup_key")]
        indexes = [models.Index(fields=["day", "table"], name="round_rollup_day_table")]

    def __str__(self) -> str:
        return f"{self.table_id} {self.day} {self.dealer_id} shift {self.shift}"

    @property
    def hold(self):
        """The house's win over the handle (None with no handle)."""
        return -self.net / self.handle if self.handle else None
