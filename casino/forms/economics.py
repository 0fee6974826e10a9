"""The table's economics settings and the field-results upload."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

from django import forms
from django.utils.translation import gettext_lazy as _

from certification.economics.field import DEFAULT_ALPHA
from certification.economics.mix import STRATEGIES

MIX_LABELS = {"optimal": _("Optimal players (%)"), "dealer": _("Players who mimic the dealer (%)"),
              "house_way": _("Players who follow the house way (%)")}


class TableEconomicsForm(forms.Form):
    decisions_per_hour = forms.IntegerField(
        min_value=1, max_value=1000, required=False, label=_("Decisions per hour"),
        help_text=_("Rounds dealt per hour; blank: the game's default."))
    occupied_seats = forms.IntegerField(
        min_value=1, max_value=20, required=False, label=_("Occupied seats"),
        help_text=_("Seats usually taken; blank: every seat."))
    average_bet = forms.DecimalField(
        min_value=Decimal("0.01"), max_digits=10, decimal_places=2, required=False,
        label=_("Average initial bet"), help_text=_("Blank: the table's minimum initial bet."))
    hours_open = forms.DecimalField(min_value=Decimal("0.25"), max_value=Decimal("24"),
                                    max_digits=4, decimal_places=2, required=False,
                                    label=_("Hours open per day"), help_text=_("Blank: 8."))
    house_way = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 5}), label=_("House way (strategy chart, JSON)"),
        help_text=_('The simulator\'s chart format, e.g. {"default": "S", "totals": {"0.5": "H", '
                  '"5": {"*": "S", "7": "H"}}} (S stands, H hits); blank: the standard house way.'))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in STRATEGIES:
            self.fields[f"mix_{name}"] = forms.DecimalField(
                min_value=Decimal(0), max_value=Decimal(100), max_digits=6, decimal_places=2,
                required=False, label=MIX_LABELS[name])
        self.order_fields(["mix_optimal", "mix_dealer", "mix_house_way"])

    @classmethod
    def initial_for(cls, table) -> dict:
        mix = table.player_mix or {"optimal": 1}
        data = {f"mix_{name}": round(float(Fraction(str(mix[name]))) * 100, 2) if name in mix else 0
                for name in STRATEGIES}
        return {**data, "decisions_per_hour": table.decisions_per_hour,
                "occupied_seats": table.occupied_seats, "average_bet": table.average_bet,
                "hours_open": table.hours_open,
                "house_way": json.dumps(table.house_way, indent=1) if table.house_way else ""}

    def clean_house_way(self):
        text = self.cleaned_data["house_way"].strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(_("not valid JSON: %(error)s") % {"error": exc}) from None

    def clean(self):
        data = super().clean()
        shares = {name: data.get(f"mix_{name}") or Decimal(0) for name in STRATEGIES}
        if sum(shares.values()) != 100:
            self.add_error("mix_optimal", _("the shares add up to %(total)s %%, not 100 %%")
                           % {"total": sum(shares.values())})
        data["player_mix"] = {name: str(Fraction(v) / 100) for name, v in shares.items() if v}
        return data

    def changes(self) -> dict:
        d = self.cleaned_data
        return {"player_mix": d["player_mix"], "decisions_per_hour": d["decisions_per_hour"],
                "occupied_seats": d["occupied_seats"], "average_bet": d["average_bet"],
                "hours_open": d["hours_open"], "house_way": d["house_way"]}


class FieldUploadForm(forms.Form):
    file = forms.FileField(label=_("Field results (CSV)"),
                           help_text=_("Header date,table,rounds,handle,win: one line per table and day; "
                                     "handle = the initial wagers, win = the house's net win."))
    alpha = forms.FloatField(min_value=1e-6, max_value=0.5, initial=DEFAULT_ALPHA,
                             label=_("False-alarm rate (family-wise, over the whole file)"))
