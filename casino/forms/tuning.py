"""The tuner's form: which knobs to turn and over which values, the band, the bet, the limits.

Every rule and payout of the family is offered with its default grid; the suggested ones
(the dealer's rule, ties, the upcard, the paid lines) come ticked. Values are read by the
tuner's own parser, so a bad value is named on its field exactly as ``tune --vary`` names it.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from casino import rule_words
from casino.rules import Rules
from casino.rules.parameters import parameter_specs
from certification.odds.tuner import DEFAULT_LIMIT, TunerInputError, default_knobs, suggested_knobs
from certification.odds.tuner.knobs import FAMILY_BETS, expand_values

from .rules import field_name

MAX_LIMIT = 200


def compact(values: tuple[str, ...]) -> str:
    """A grid as ``lo:hi:step`` when it is one, else the values separated by commas."""
    try:
        numbers = [Fraction(v) for v in values]
    except (ValueError, ZeroDivisionError):
        return ",".join(values)
    if len(numbers) >= 3:
        step = numbers[1] - numbers[0]
        if step > 0 and all(b - a == step for a, b in zip(numbers, numbers[1:], strict=False)):
            return f"{values[0]}:{values[-1]}:{step}"
    return ",".join(values)


def _percent(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator) * 100).quantize(Decimal("0.0001"))


class TuningForm(forms.Form):
    bet = forms.ChoiceField(label=_("Bet to tune"))
    band_low = forms.DecimalField(label=_("House edge from (%)"), max_digits=9, decimal_places=4,
                                  min_value=Decimal(-100), max_value=Decimal(100))
    band_high = forms.DecimalField(label=_("House edge to (%)"), max_digits=9, decimal_places=4,
                                   min_value=Decimal(-100), max_value=Decimal(100))
    max_changes = forms.IntegerField(
        label=_("Most changes per variant"), required=False, min_value=0, max_value=30,
        help_text=_("Empty: as many as there are knobs. The search stops at the first number "
                  "of changes that fills the list."))
    limit = forms.IntegerField(label=_("Suggestions to list"), min_value=1, max_value=MAX_LIMIT,
                               initial=DEFAULT_LIMIT)

    def __init__(self, *args: Any, rules: Rules, band: tuple[Fraction, Fraction], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.fields["bet"].choices = [(b, rule_words.bet(b)) for b in FAMILY_BETS[rules.family]]
        self.fields["band_low"].initial = _percent(band[0])
        self.fields["band_high"].initial = _percent(band[1])
        labels = {s.path: rule_words.parameter(s.path) for s in parameter_specs(rules.family)}
        ticked = {k.key: k.values for k in suggested_knobs(rules)}
        self.knob_rows = []
        for knob in default_knobs(rules):
            on, values = field_name(f"vary.{knob.key}"), field_name(f"values.{knob.key}")
            self.fields[on] = forms.BooleanField(required=False, initial=knob.key in ticked,
                                                 label=labels[knob.key])
            self.fields[values] = forms.CharField(
                required=False, max_length=2000, label=_("Values of %(key)s") % {"key": labels[knob.key]},
                initial=compact(ticked.get(knob.key, knob.values)))
            self.knob_rows.append((knob.key, on, values))

    def rows(self):
        """(key, tick box, values field) per knob, for the template."""
        return [(key, self[on], self[values]) for key, on, values in self.knob_rows]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        vary = []
        for key, on, values in self.knob_rows:
            if not data.get(on):
                continue
            text = (data.get(values) or "").strip()
            try:
                expand_values(self.rules.family, key, text)
            except TunerInputError as exc:
                self.add_error(values, str(exc))
                continue
            vary.append(f"{key}={text}")
        if not vary and not self.errors:
            raise forms.ValidationError(_("Tick at least one rule or payout to vary."))
        low, high = data.get("band_low"), data.get("band_high")
        if low is not None and high is not None:
            if low > high:
                self.add_error("band_high", _("The band ends below where it starts."))
            data["band"] = (Fraction(str(low)) / 100, Fraction(str(high)) / 100)
        data["vary"] = vary
        return data
