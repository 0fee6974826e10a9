"""Forms of the security pages: a second-factor code, and a new API token."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from casino.models import TokenScope
from casino.services.api_tokens import MAX_TOKEN_DAYS


class CodeForm(forms.Form):
    code = forms.CharField(
        label=_("Code"), max_length=32, strip=True,
        help_text=_("The 6-digit code your authenticator shows now, or one of your recovery codes."),
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "text", "autofocus": True}),
    )


class EnrolmentCodeForm(forms.Form):
    """The first code of a new authenticator: no recovery code exists yet to offer instead."""

    code = forms.CharField(
        label=_("Code"), max_length=32, strip=True,
        help_text=_("The 6-digit code the app shows now. Your recovery codes are made once it is confirmed."),
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric", "autofocus": True}),
    )


class TokenCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100,
                           help_text=_("What the token is for, e.g. the script that uses it."))
    scope = forms.ChoiceField(label=_("Scope"), choices=TokenScope.choices, initial=TokenScope.READ)
    days = forms.IntegerField(label=_("Days until it expires"), min_value=1, max_value=MAX_TOKEN_DAYS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["days"].initial = settings.TABLECERT_API_TOKEN_DAYS
