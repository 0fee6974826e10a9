from __future__ import annotations

from django.db import models


class FieldTrialAlarm(models.Model):
    """A drift alarm the field check raised at a host table during a field trial.

    Raised once per filing, field file and table: the notice to the regulator and the word to
    the variant's officers go out when the row is written, never again for the same alarm.
    """

    filing = models.ForeignKey("casino.RegulatorSubmission", on_delete=models.PROTECT,
                               related_name="field_trial_alarms")
    upload = models.ForeignKey("certification.FieldUpload", on_delete=models.PROTECT,
                               related_name="field_trial_alarms")
    table = models.ForeignKey("casino.TableConfiguration", on_delete=models.PROTECT,
                              related_name="field_trial_alarms")
    first_date = models.DateField(null=True, blank=True, help_text="First day of the drift.")
    direction = models.CharField(max_length=40, blank=True)
    notice = models.OneToOneField("casino.Notice", on_delete=models.PROTECT, related_name="field_trial_alarm")
    raised_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-raised_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["filing", "upload", "table"],
                                               name="field_trial_alarm_once")]

    def __str__(self) -> str:
        return f"Drift at {self.table} in upload {self.upload_id}"
