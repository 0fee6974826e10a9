"""A paytable version's life before each regulator, after our own internal approval.

Each filing with a regulator is a ``RegulatorSubmission``; everything the regulator (or the
calendar) decides about it is a ``RegulatorDecision``, appended and never edited. The state of
a filing is its latest decision, and a certificate's status is read from these decisions and
the register (``CertificateRevocation``): it is never stored a second time.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import models
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from .base import ImmutableRecordError
from .jurisdiction import Jurisdiction
from .properties import CasinoProperty
from .variants import PaytableVersion


class DecisionStatus(models.TextChoices):
    SUBMITTED = "submitted", _("Submitted")
    FIELD_TRIAL = "field_trial", _("Field trial")
    # The trial went its course and final approval was asked for with the packet and the
    # field-trial report; the host tables deal on while the regulator considers it.
    FINAL_REVIEW = "final_review", _("Submitted for final approval")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")
    SUPERSEDED = "superseded", _("Superseded")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    REVOKED = "revoked", _("Revoked")
    EXPIRED = "expired", _("Expired")


# A version may be dealt (within the decision's terms) while its filing is in one of these.
LIVE_STATUSES = (DecisionStatus.FIELD_TRIAL, DecisionStatus.FINAL_REVIEW, DecisionStatus.APPROVED)
# A trial at its host property, within its table limit (before and after final approval is asked).
TRIAL_STATUSES = (DecisionStatus.FIELD_TRIAL, DecisionStatus.FINAL_REVIEW)
# An approval (or field trial) that ended: the tables dealing it follow.
ENDED_STATUSES = (DecisionStatus.SUPERSEDED, DecisionStatus.WITHDRAWN, DecisionStatus.REVOKED,
                  DecisionStatus.EXPIRED)
# Nothing follows these; the version may be filed again with the same regulator.
FINAL_STATUSES = (DecisionStatus.REJECTED, *ENDED_STATUSES)

# From each state, the states a later decision may record.
TRANSITIONS: dict[str, tuple[str, ...]] = {
    DecisionStatus.SUBMITTED: (DecisionStatus.FIELD_TRIAL, DecisionStatus.APPROVED,
                               DecisionStatus.REJECTED, DecisionStatus.WITHDRAWN,
                               DecisionStatus.REVOKED),
    DecisionStatus.FIELD_TRIAL: (DecisionStatus.FINAL_REVIEW, DecisionStatus.APPROVED,
                                 DecisionStatus.REJECTED, DecisionStatus.SUPERSEDED,
                                 DecisionStatus.WITHDRAWN, DecisionStatus.REVOKED,
                                 DecisionStatus.EXPIRED),
    # The regulator approves, refuses, or extends the trial (a new field-trial decision).
    DecisionStatus.FINAL_REVIEW: (DecisionStatus.FIELD_TRIAL, DecisionStatus.APPROVED,
                                  DecisionStatus.REJECTED, DecisionStatus.SUPERSEDED,
                                  DecisionStatus.WITHDRAWN, DecisionStatus.REVOKED,
                                  DecisionStatus.EXPIRED),
    DecisionStatus.APPROVED: (DecisionStatus.SUPERSEDED, DecisionStatus.WITHDRAWN,
                              DecisionStatus.REVOKED, DecisionStatus.EXPIRED),
    **{status: () for status in FINAL_STATUSES},
}


class AppendOnly(models.Model):
    """Records of what a regulator decided: written once, never changed or deleted."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs) -> None:
        if self.pk and type(self)._base_manager.filter(pk=self.pk).exists():
            raise ImmutableRecordError(f"{type(self).__name__} records are written once")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecordError(f"{type(self).__name__} records are never deleted")


class RegulatorSubmission(AppendOnly):
    """One paytable version filed with one jurisdiction, resting on one certification run."""

    paytable_version = models.ForeignKey(PaytableVersion, on_delete=models.PROTECT,
                                         related_name="regulator_submissions")
    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT,
                                     related_name="regulator_submissions")
    certification_run = models.ForeignKey(
        "certification.CertificationRun", null=True, blank=True, on_delete=models.PROTECT,
        related_name="regulator_submissions",
        help_text="The certification run (and certificate) the filing rests on; blank only for "
                  "approvals carried over from before runs were linked to decisions.")
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-submitted_at", "-id"]
        indexes = [models.Index(fields=["paytable_version", "jurisdiction"])]

    def __str__(self) -> str:
        return f"{self.paytable_version} in {self.jurisdiction.code}"


def letter_path(instance: RegulatorDecision, filename: str) -> str:
    return f"regulator-letters/{instance.submission.jurisdiction.code}/{instance.submission_id}/{filename}"


class RegulatorDecision(AppendOnly):
    """One state of a filing, as the regulator's letter (or the calendar) set it."""

    submission = models.ForeignKey(RegulatorSubmission, on_delete=models.PROTECT, related_name="decisions")
    status = models.CharField(max_length=20, choices=DecisionStatus.choices, db_index=True)
    reference = models.CharField(max_length=100, blank=True,
                                 help_text="The regulator's reference number for this decision.")
    conditions = models.TextField(
        blank=True, help_text='E.g. "host casino only, at most 2 tables, 180 days".')
    reason = models.TextField(blank=True, help_text="Why a filing was rejected, withdrawn or revoked.")
    effective = models.DateField(null=True, blank=True)
    expires = models.DateField(null=True, blank=True, help_text="Blank: without end.")
    # A field trial is granted for one host property and a number of tables there.
    host_property = models.ForeignKey(CasinoProperty, null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="field_trials")
    table_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    letter = models.FileField(upload_to=letter_path, null=True, blank=True, max_length=300)
    letter_sha256 = models.CharField(max_length=64, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+",
                                    help_text="Blank: recorded by the scheduled job.")
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["submission_id", "recorded_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(expires__isnull=True) | models.Q(effective__isnull=True)
                | models.Q(expires__gte=models.F("effective")),
                name="regulator_decision_expires_after_effective"),
        ]

    def __str__(self) -> str:
        return f"{self.submission}: {self.status}"


class CertificateRevocation(AppendOnly):
    """The register's own entry that a certificate no longer stands, in every jurisdiction."""

    run = models.OneToOneField("certification.CertificationRun", on_delete=models.PROTECT,
                               related_name="revocation")
    reason = models.TextField()
    revoked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    revoked_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Revocation of {self.run}"


class NoticeKind(models.TextChoices):
    SUPERSEDED = "superseded", _("Superseded")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    REVOKED = "revoked", _("Revoked")
    EXPIRED = "expired", _("Expired")
    # The field check raised a drift alarm at a host table during a field trial.
    FIELD_ALARM = "field_alarm", _("Field-trial alarm")
    # A floor check (return, cards, settlement) raised an alarm at a table or a dealer.
    FLOOR_ALARM = "floor_alarm", _("Floor alarm")


class Notice(AppendOnly):
    """A posted notice: an approval ended (and what followed on the floor), or a field trial's
    host table raised an alarm."""

    kind = models.CharField(max_length=20, choices=NoticeKind.choices, db_index=True)
    jurisdiction = models.ForeignKey(Jurisdiction, null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="notices")
    paytable_version = models.ForeignKey(PaytableVersion, on_delete=models.PROTECT, related_name="notices")
    decision = models.ForeignKey(RegulatorDecision, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="notices")
    title = models.CharField(max_length=300)
    body = models.TextField()
    posted_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-posted_at", "-id"]

    def __str__(self) -> str:
        return self.title


# The dashboard shows the latest notices from the cache; posting one clears it in this
# process, and other processes read the new one within RECENT_NOTICES_SECONDS.
RECENT_NOTICES_KEY = "notices:recent"
RECENT_NOTICES_SECONDS = 60


@receiver(post_save, sender=Notice)
def _forget_recent_notices(sender, **kwargs) -> None:
    cache.delete(RECENT_NOTICES_KEY)


class ExpiryWarning(AppendOnly):
    """An owner was told an approval ends in ``days_before`` days; told once per step."""

    decision = models.ForeignKey(RegulatorDecision, on_delete=models.PROTECT, related_name="expiry_warnings")
    days_before = models.PositiveSmallIntegerField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["decision", "days_before"],
                                               name="expiry_warning_once_per_step")]

    def __str__(self) -> str:
        return f"{self.decision}: {self.days_before} days"
