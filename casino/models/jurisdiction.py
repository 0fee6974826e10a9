from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

# A bet with no bounds of its own falls back to these.
ANY_BET = "*"
# The languages a jurisdiction's documents can be written in: those of the documents'
# catalogue (certification.reports.i18n.LANGUAGES, which a test keeps equal to these).
DOCUMENT_LANGUAGES = [("en", "English"), ("it", "Italiano"), ("es", "Español")]


class Jurisdiction(models.Model):
    """A regulator: the house-edge bounds a variant must meet to be approvable, and the
    profile of the submission packet it receives (documents, minimums, wording, signatures).
    Admins edit it in the admin or the API; a new jurisdiction needs no code."""

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=200)
    house_edge_bounds = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per bet: {"main": {"min": "0.005", "max": "0.15"}}; "*" applies to any other bet.',
    )
    regulator = models.CharField(max_length=200, blank=True,
                                 help_text="To whom the packet is addressed.")
    regulation_reference = models.CharField(
        max_length=300, blank=True, help_text="The rule the packet answers, e.g. N.J.A.C. 13:69F-8.4.")
    submission_title = models.CharField(max_length=200, default="Submission for approval of a new game")
    packet_documents = models.JSONField(
        default=list, blank=True,
        help_text='Document codes in packet order, e.g. ["cover-letter", "rules-of-play"]; '
                  "empty means every document.")
    min_simulated_rounds = models.PositiveBigIntegerField(
        default=0, help_text="Fewest simulated rounds the statistical evaluation may rest on.")
    randomness_required = models.JSONField(
        default=list, blank=True,
        help_text='Randomness checks the run must include: "procedure", "shuffle_battery", "nist".')
    house_edge_term = models.CharField(
        max_length=60, default="house edge",
        help_text='How the documents name the house edge: "house advantage", "theoretical hold"…')
    applicant_term = models.CharField(max_length=60, default="applicant",
                                      help_text='"applicant", "petitioner", "client"…')
    signatory_block = models.TextField(
        blank=True, help_text="Printed at the end of the cover letter; one line per line.")
    language = models.CharField(
        max_length=5, choices=DOCUMENT_LANGUAGES, default="en",
        help_text="The language of its packet and certificates, whoever builds them.")
    # A game's life after the packet: Nevada Regulation 14 approves a new game first for a
    # field trial at a host casino, and only then for good.
    field_trial_required = models.BooleanField(
        default=False, help_text="A new version is first approved for a field trial, then for good.")
    field_trial_days = models.PositiveIntegerField(
        null=True, blank=True, help_text="Fewest days a field trial lasts before final approval.")
    field_trial_min_rounds = models.PositiveBigIntegerField(
        default=0, help_text="Fewest rounds dealt in the field trial (from the uploaded field results).")
    approval_valid_years = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Years an approval lasts; blank: without end.")
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        from certification.reports.packet.catalogue import profile_errors

        errors: dict[str, object] = dict(profile_errors(documents=self.packet_documents,
                                                       randomness=self.randomness_required))
        bounds = bounds_errors(self.house_edge_bounds)
        if bounds:
            errors["house_edge_bounds"] = bounds
        if errors:
            raise ValidationError(errors)

    @property
    def to_complete(self) -> list[str]:
        """The profile's fields an admin has still to fill in before a packet can be filed."""
        fields = ("regulator", "regulation_reference", "signatory_block")
        return [name for name in fields if not getattr(self, name).strip()]

    @property
    def documents(self) -> list[str]:
        from certification.reports.packet.catalogue import DOCUMENTS

        return list(self.packet_documents or DOCUMENTS)

    def bounds_for(self, bet: str) -> tuple[Decimal | None, Decimal | None]:
        entry = (self.house_edge_bounds or {}).get(bet) or (self.house_edge_bounds or {}).get(
            ANY_BET
        )
        if not entry:
            return None, None
        low, high = entry.get("min"), entry.get("max")
        return (
            Decimal(str(low)) if low is not None else None,
            Decimal(str(high)) if high is not None else None,
        )


def bounds_errors(bounds) -> list[str]:
    if not isinstance(bounds, dict):
        return ["must be an object of bet -> {min, max}"]
    errors = []
    for bet, entry in bounds.items():
        if not isinstance(entry, dict) or not set(entry) <= {"min", "max"}:
            errors.append(f"{bet}: must be an object with min and/or max")
            continue
        try:
            values = {k: Decimal(str(v)) for k, v in entry.items() if v is not None}
        except InvalidOperation:
            errors.append(f"{bet}: min and max must be numbers such as 0.005")
            continue
        if "min" in values and "max" in values and values["min"] > values["max"]:
            errors.append(f"{bet}: min {values['min']} is above max {values['max']}")
    return errors
