"""Forms of the approval pages: filing a version with regulators, transcribing a letter,
ending an approval or revoking a certificate."""

from __future__ import annotations

from pathlib import PurePath

from django import forms
from django.utils.translation import gettext_lazy as _

from casino.models import CasinoProperty, DecisionStatus, Jurisdiction
from casino.services.reviews import attachment_problems

from .backoffice import PropertyChoiceField

# A regulator's letter is a document or a scan of one.
LETTER_EXTENSIONS = (".pdf", ".png", ".jpg", ".jpeg")
# What a person transcribes from a letter; superseded and expired are recorded by the system.
RECORDED_STATUSES = (DecisionStatus.SUBMITTED, DecisionStatus.FIELD_TRIAL, DecisionStatus.APPROVED,
                     DecisionStatus.REJECTED, DecisionStatus.WITHDRAWN, DecisionStatus.REVOKED)
ENDING_STATUSES = (DecisionStatus.WITHDRAWN, DecisionStatus.REVOKED)


def _choices(statuses) -> list[tuple[str, str]]:
    return [(s.value, s.label) for s in statuses]


class JurisdictionField(forms.ModelChoiceField):
    def __init__(self, **kwargs):
        super().__init__(queryset=Jurisdiction.objects.order_by("name"), to_field_name="code", **kwargs)

    def label_from_instance(self, obj: Jurisdiction) -> str:
        return f"{obj.name} ({obj.code})"


class FilingForm(forms.Form):
    jurisdictions = forms.ModelMultipleChoiceField(
        queryset=Jurisdiction.objects.order_by("name"), to_field_name="code",
        widget=forms.CheckboxSelectMultiple, label=_("Jurisdictions"),
        help_text=_("Each filing is checked against that jurisdiction's house-edge bounds and "
                  "packet minimums on the certification the version was approved with."),
    )


class DecisionRecordForm(forms.Form):
    jurisdiction = JurisdictionField(label=_("Jurisdiction"))
    status = forms.ChoiceField(choices=_choices(RECORDED_STATUSES), label=_("Decision"))
    reference = forms.CharField(max_length=100, required=False, label=_("Regulator's reference"))
    conditions = forms.CharField(
        required=False, label=_("Conditions"), widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('As the letter states them, e.g. "host casino only, at most 2 tables, 180 days".'))
    reason = forms.CharField(
        required=False, label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Required for a rejection, a withdrawal or a revocation."))
    effective = forms.DateField(required=False, label=_("Effective date"),
                                widget=forms.DateInput(attrs={"type": "date"}),
                                help_text=_("Blank: today."))
    expires = forms.DateField(required=False, label=_("Expiry date"),
                              widget=forms.DateInput(attrs={"type": "date"}),
                              help_text=_("Blank: the jurisdiction's usual term (or without end)."))
    host_property = PropertyChoiceField(
        queryset=CasinoProperty.objects.select_related("jurisdiction").order_by("name"), required=False,
        label=_("Host property"), help_text=_("Field trials only: the casino where the trial runs."))
    table_limit = forms.IntegerField(min_value=1, max_value=999, required=False, label=_("Table limit"),
                                     help_text=_("Field trials only: at most this many tables."))
    letter = forms.FileField(required=False, label=_("Regulator's letter"),
                             help_text=_("PDF or a scan (PNG, JPEG); size-limited."))

    def __init__(self, *args, statuses=RECORDED_STATUSES, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["status"].choices = _choices(statuses)

    def clean_letter(self):
        letter = self.cleaned_data.get("letter")
        if letter is None:
            return None
        extension = PurePath(letter.name or "").suffix.lower()
        if extension not in LETTER_EXTENSIONS:
            raise forms.ValidationError(
                _("%(extension)s is not accepted for a letter (accepted: %(accepted)s)")
                % {"extension": extension or _("no extension"), "accepted": ", ".join(LETTER_EXTENSIONS)})
        problems = attachment_problems(letter)
        if problems:
            raise forms.ValidationError(problems)
        return letter

    def clean(self):
        data = super().clean()
        effective, expires = data.get("effective"), data.get("expires")
        if effective and expires and expires < effective:
            self.add_error("expires", _("%(expires)s is before the effective date %(effective)s")
                           % {"expires": expires, "effective": effective})
        return data


class ApprovalEndForm(forms.Form):
    """Withdraw or revoke the approval (or pending filing) in one jurisdiction."""

    jurisdiction = JurisdictionField(label=_("Jurisdiction"))
    status = forms.ChoiceField(choices=_choices(ENDING_STATUSES), label=_("End it as"),
                               widget=forms.RadioSelect)
    reason = forms.CharField(max_length=2000, label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}),
                             help_text=_("Recorded with the decision, in the notice and the audit trail."))
    reference = forms.CharField(max_length=100, required=False, label=_("Regulator's reference"))

    def __init__(self, *args, statuses=ENDING_STATUSES, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["status"].choices = _choices(statuses)
        if len(statuses) == 1:
            self.fields["status"].initial = statuses[0]


class CertificateRevokeForm(forms.Form):
    reason = forms.CharField(max_length=2000, label=_("Reason for the revocation"),
                             widget=forms.Textarea(attrs={"rows": 3}),
                             help_text=_("Every approval resting on the certificate is revoked with it."))


class MatrixFilterForm(forms.Form):
    """The matrix's filters; unknown values are answered by the selector, naming the filter."""

    jurisdiction = forms.CharField(required=False)
    variant = forms.CharField(required=False)
    status = forms.CharField(required=False)
    expiring = forms.BooleanField(required=False)
