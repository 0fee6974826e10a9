"""The game protection audit's settings on the variant page."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from certification.protection.shuffle import DEFAULT_PROCEDURE
from certification.protection.spec import DEFAULT_ROUNDS, LONG_HANDS_ROUNDS


class ProtectionAuditForm(forms.Form):
    static_fields = True  # its markup is made once per process (casino/templatetags/rows.py)

    seats = forms.IntegerField(min_value=1, max_value=7, initial=7, label=_("Seats"),
                               help_text=_("Players at the table (collusion up to this many)."))
    penetration = forms.FloatField(min_value=0, max_value=0.95, initial=0.0, label=_("Penetration"),
                                   help_text=_("Share of the deck dealt before the shuffle; 0 shuffles every round."))
    procedure = forms.CharField(max_length=200, initial=DEFAULT_PROCEDURE, label=_("Procedure"),
                                help_text=_("The hand-shuffle procedure, e.g. wash,riffle,riffle,box,riffle,cut."))
    rounds = forms.IntegerField(
        min_value=100, max_value=20_000, required=False, label=_("Rounds"),
        help_text=format_lazy(
            _("Simulated rounds per point of each curve; blank: {default}, or {long} where draws are "
              "unlimited (each round is an exact analysis)."),
            default=f"{DEFAULT_ROUNDS:,}", long=LONG_HANDS_ROUNDS))
