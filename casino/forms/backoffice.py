"""Small forms of the back-office pages (the rule form lives in ``rules.py``)."""

from __future__ import annotations

from django import forms

from casino.models import (
    CasinoProperty,
    Jurisdiction,
    PaytableVersion,
    TableConfiguration,
    VariantStatus,
    VersionStatus,
)
from certification.services.runs import DEFAULT_ROUNDS


class VariantMetaForm(forms.Form):
    name = forms.CharField(
        max_length=200, label="Variant name",
        help_text="How the variant is named on its certificate and on the floor.",
    )
    jurisdiction = forms.ModelChoiceField(
        queryset=Jurisdiction.objects.all(), empty_label=None,
        help_text="The regulator whose house-edge bounds the variant must meet.",
    )


class PaytableNoteForm(forms.Form):
    note = forms.CharField(
        max_length=500, required=False, label="Note on this version",
        help_text="Why the payouts change; shown in the version history.",
    )


class StartCertificationForm(forms.Form):
    static_fields = True  # see casino/templatetags/rows.py blank_fields
    # Fewer rounds give a faster but wider confidence interval on the simulated edge.
    rounds = forms.IntegerField(
        min_value=1_000, max_value=1_000_000_000, initial=DEFAULT_ROUNDS, label="Simulated rounds",
        help_text="Rounds the simulation plays to confirm the exact figures.",
    )
    # The files are only carried here; the workflow reads and checks them before storing.
    shuffle_log = forms.FileField(
        required=False, label="Shuffle log (CSV)",
        help_text="Deck orders recorded at a table: header shuffle_id,order.",
    )
    rng_bits = forms.FileField(
        required=False, label="RNG output", help_text="Tested with NIST SP 800-22.",
    )
    rng_format = forms.ChoiceField(
        choices=[("binary", "Raw binary"), ("bits", "ASCII 0/1")], initial="binary",
        required=False, label="RNG output format",
    )
    shuffle_procedure = forms.CharField(
        max_length=200, required=False, label="Hand-shuffle procedure",
        help_text='E.g. "wash,riffle,riffle,box,riffle,cut"; blank: the procedure of the '
        "tables running this variant, if any.",
    )


    def clean_rng_format(self) -> str:
        return self.cleaned_data["rng_format"] or "binary"


class DecisionForm(forms.Form):
    static_fields = True
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label="Reason",
        help_text="Recorded in the audit trail; required to reject.",
    )


def approved_versions():
    """Versions a table may run: approved, of a variant that is approved (not retired)."""
    return (
        PaytableVersion.objects.filter(
            status=VersionStatus.APPROVED, paytable__variant__status=VariantStatus.APPROVED
        )
        .select_related("paytable__variant")
        .order_by("paytable__variant__name", "-number")
    )


class VersionChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: PaytableVersion) -> str:
        return f"{obj.paytable.variant.name} — paytable v{obj.number}"


class PropertyChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: CasinoProperty) -> str:
        return f"{obj.name} ({obj.jurisdiction.name})"


class TableAssignForm(forms.Form):
    paytable_version = VersionChoiceField(
        queryset=PaytableVersion.objects.none(), label="Approved paytable version",
        help_text="Only approved versions of approved variants can be put on a table; it opens only "
                  "where the version is approved (or in field trial) in the property's jurisdiction.",
    )
    casino_property = PropertyChoiceField(
        queryset=CasinoProperty.objects.none(), required=False, label="Casino property",
        empty_label="Unchanged (or the variant's jurisdiction's floor)",
        help_text="The casino the table stands in; its jurisdiction decides what the table may deal.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["paytable_version"].queryset = approved_versions()
        self.fields["casino_property"].queryset = (
            CasinoProperty.objects.select_related("jurisdiction").order_by("name"))


class TableCreateForm(TableAssignForm):
    table_id = forms.CharField(max_length=40, label="Table id", help_text="As marked on the floor, e.g. SH-07.")
    pit = forms.CharField(max_length=80, required=False, help_text="Pit or area of the floor.")
    seats = forms.IntegerField(min_value=1, max_value=7, initial=7)
    shuffling_method = forms.CharField(
        max_length=200, required=False, label="Shuffling method",
        help_text=TableConfiguration._meta.get_field("shuffling_method").help_text,
    )
    penetration = forms.FloatField(
        min_value=0, max_value=0.95, initial=0.0, required=False, label="Penetration",
        help_text=TableConfiguration._meta.get_field("penetration").help_text,
    )
    field_order = ["table_id", "casino_property", "pit", "paytable_version", "seats", "shuffling_method",
                   "penetration"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["casino_property"].empty_label = "The floor of the variant's jurisdiction"

    def clean_penetration(self) -> float:
        value = self.cleaned_data.get("penetration")
        return 0.0 if value is None else value

    def clean_table_id(self) -> str:
        value = self.cleaned_data["table_id"].strip()
        if TableConfiguration.objects.filter(table_id=value).exists():
            raise forms.ValidationError("a table with this id already exists")
        return value
