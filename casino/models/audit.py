from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from .base import ImmutableRecordError


class AuditEvent(models.Model):
    """Who changed what, written in the same transaction as the change itself.

    Each event is a link of a hash chain: it names the event before it (its id and hash)
    and stores the SHA-256 of its own content with those (casino/services/audit_chain.py),
    so a row changed, deleted or slipped in afterwards breaks the chain where it happened.
    """

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Set by audit_record before hashing (not auto_now_add, which would stamp after the hash).
    at = models.DateTimeField(default=timezone.now, editable=False, db_index=True)
    action = models.CharField(max_length=60, db_index=True)
    object_type = models.CharField(max_length=60)
    object_id = models.CharField(max_length=40)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    message = models.TextField(blank=True)
    # A plain number, not a foreign key: a deleted predecessor must show as a broken link,
    # not be refused or cascade. Unique, so two appends can never follow the same event.
    previous_event_id = models.BigIntegerField(null=True, blank=True, unique=True, editable=False)
    previous_hash = models.CharField(max_length=64, editable=False)
    event_hash = models.CharField(max_length=64, editable=False)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["object_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.action} {self.object_type}:{self.object_id}"

    def save(self, *args, **kwargs) -> None:
        if self.pk and type(self)._base_manager.filter(pk=self.pk).exists():
            raise ImmutableRecordError("audit events are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecordError("audit events are append-only")


class AuditCheckpoint(models.Model):
    """The chain's head on a given moment, signed with the installation's key (detached CMS).

    ``payload`` holds the exact bytes signed; the other fields repeat them for queries.
    Exported to a file and kept elsewhere, a checkpoint proves later that nothing up to
    its event was rewritten, even by someone who recomputed every hash.
    """

    made_at = models.DateTimeField(default=timezone.now, editable=False, db_index=True)
    event_id = models.BigIntegerField(null=True, editable=False)
    event_hash = models.CharField(max_length=64, editable=False)
    event_count = models.PositiveBigIntegerField(editable=False)
    payload = models.TextField(editable=False)
    signature = models.BinaryField(editable=False)
    signer_sha256 = models.CharField(max_length=64, editable=False)

    class Meta:
        ordering = ["-made_at", "-id"]

    def __str__(self) -> str:
        return f"audit checkpoint {self.made_at:%Y-%m-%d %H:%M} at event {self.event_id}"

    def save(self, *args, **kwargs) -> None:
        if self.pk and type(self)._base_manager.filter(pk=self.pk).exists():
            raise ImmutableRecordError("audit checkpoints never change")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecordError("audit checkpoints never change")
