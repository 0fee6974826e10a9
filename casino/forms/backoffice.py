"""Small forms of the back-office pages (the rule form lives in ``rules.py``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from casino.models import (
    CasinoProperty,
    Jurisdiction,
    PaytableVersion,
    TableConfiguration,
    VariantStatus,
    VersionStatus,
)
from casino.services.standing import standing_places
from certification.services.runs import DEFAULT_ROUNDS


class VariantMetaForm(forms.Form):
    name = forms.CharField(
        max_length=200, label=_("Variant name"),
        help_text=_("How the variant is named on its certificate and on the floor."),
    )
    jurisdiction = forms.ModelChoiceField(
        queryset=Jurisdiction.objects.all(), empty_label=None, label=_("Jurisdiction"),
        help_text=_("The regulator whose house-edge bounds the variant must meet."),
    )


class PaytableNoteForm(forms.Form):
    note = forms.CharField(
        max_length=500, required=False, label=_("Note on this version"),
        help_text=_("Why the payouts change; shown in the version history."),
    )


class StartCertificationForm(forms.Form):
    static_fields = True  # see casino/templatetags/rows.py blank_fields
    # Fewer rounds give a faster but wider confidence interval on the simulated edge.
    rounds = forms.IntegerField(
        min_value=1_000, max_value=1_000_000_000, initial=DEFAULT_ROUNDS, label=_("Simulated rounds"),
        help_text=_("Rounds the simulation plays to confirm the exact figures."),
    )
    # The files are only carried here; the workflow reads and checks them before storing.
    shuffle_log = forms.FileField(
        required=False, label=_("Shuffle log (CSV)"),
        help_text=_("Deck orders recorded at a table: header shuffle_id,order."),
    )
    rng_bits = forms.FileField(
        required=False, label=_("RNG output"), help_text=_("Tested with NIST SP 800-22."),
    )
    rng_format = forms.ChoiceField(
        choices=[("binary", _("Raw binary")), ("bits", _("ASCII 0/1"))], initial="binary",
        required=False, label=_("RNG output format"),
    )
    shuffle_procedure = forms.CharField(
        max_length=200, required=False, label=_("Hand-shuffle procedure"),
        help_text=_('E.g. "wash,riffle,riffle,box,riffle,cut"; blank: the procedure of the '
        "tables running this variant, if any."),
    )


    def clean_rng_format(self) -> str:
        return self.cleaned_data["rng_format"] or "binary"


class DecisionForm(forms.Form):
    static_fields = True
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label=_("Reason"),
        help_text=_("Recorded in the audit trail; required to reject."),
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
    """Approved versions that stand in some jurisdiction, each with where it stands."""

    places: dict[int, list[str]] = {}

    def label_from_instance(self, obj: PaytableVersion) -> str:
        label = _("%(variant)s — paytable v%(number)s") % {"variant": obj.paytable.variant.name, "number": obj.number}
        where = self.places.get(obj.pk)
        return _("%(version)s (may be dealt in %(places)s)") % {"version": label, "places": ", ".join(where)} \
            if where else label


class PropertyChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: CasinoProperty) -> str:
        return f"{obj.name} ({obj.jurisdiction.name})"


class TableAssignForm(forms.Form):
    paytable_version = VersionChoiceField(
        queryset=PaytableVersion.objects.none(), label=_("Approved paytable version"),
        help_text=_("Only approved versions of approved variants can be put on a table; it opens only "
                  "where the version is approved (or in field trial) in the property's jurisdiction."),
    )
    casino_property = PropertyChoiceField(
        queryset=CasinoProperty.objects.none(), required=False, label=_("Casino property"),
        empty_label=_("Unchanged (or the variant's jurisdiction's floor)"),
        help_text=_("The casino the table stands in; its jurisdiction decides what the table may deal."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        versions = approved_versions()
        places = standing_places(versions.values("pk"))
        self.fields["paytable_version"].queryset = versions.filter(pk__in=list(places))
        self.fields["paytable_version"].places = places
        self.fields["casino_property"].queryset = (
            CasinoProperty.objects.select_related("jurisdiction").order_by("name"))


class TableCreateForm(TableAssignForm):
    table_id = forms.CharField(max_length=40, label=_("Table id"), help_text=_("As marked on the floor, e.g. SH-07."))
    pit = forms.CharField(max_length=80, required=False, label=_("Pit"), help_text=_("Pit or area of the floor."))
    seats = forms.IntegerField(min_value=1, max_value=7, initial=7, label=_("Seats"))
    shuffling_method = forms.CharField(
        max_length=200, required=False, label=_("Shuffling method"),
        help_text=_('A hand procedure such as "wash,riffle,riffle,box,riffle,cut" or a shuffler model.'),
    )
    penetration = forms.FloatField(
        min_value=0, max_value=0.95, initial=0.0, required=False, label=_("Penetration"),
        help_text=_("Share of the deck dealt before the shuffle; 0 shuffles before every round."),
    )
    # A casino not yet on the list is added here, with the table (CAN_MANAGE_PROPERTIES).
    new_property = forms.CharField(
        max_length=200, required=False, label=_("Or a new casino property"),
        help_text=_("Its name, when the casino is not on the list above: it is added with the table."))
    new_property_jurisdiction = forms.ModelChoiceField(
        queryset=Jurisdiction.objects.order_by("name"), required=False, label=_("Jurisdiction of the new property"),
        help_text=_("The regulator of the new casino: it decides what the table may deal."))
    field_order = ["table_id", "casino_property", "new_property", "new_property_jurisdiction", "pit",
                   "paytable_version", "seats", "shuffling_method", "penetration"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["casino_property"].empty_label = _("The floor of the variant's jurisdiction")

    def clean(self) -> dict:
        data = super().clean()
        name = (data.get("new_property") or "").strip()
        data["new_property"] = name
        if name and data.get("casino_property"):
            self.add_error("new_property", _("choose a property from the list or name a new one, not both"))
        elif name and not data.get("new_property_jurisdiction"):
            self.add_error("new_property_jurisdiction", _("a new property needs its jurisdiction"))
        elif name and CasinoProperty.objects.filter(name__iexact=name).exists():
            self.add_error("new_property", _("a casino property with this name exists: choose it from the list"))
        return data

    def clean_penetration(self) -> float:
        value = self.cleaned_data.get("penetration")
        return 0.0 if value is None else value

    def clean_table_id(self) -> str:
        value = self.cleaned_data["table_id"].strip()
        if TableConfiguration.objects.filter(table_id=value).exists():
            raise forms.ValidationError(_("a table with this id already exists"))
        return value
