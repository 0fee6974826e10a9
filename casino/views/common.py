"""Helpers shared by the variant, paytable and submission pages."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest

from casino.forms import RuleParametersForm, field_name
from casino.models import GameVariant, PaytableVersion
from casino.rules import Rules, RuleValidationError, rules_from_dict, rules_to_dict
from casino.services.errors import WorkflowError


def variant_rules(variant: GameVariant, version: PaytableVersion | None) -> Rules | None:
    """The variant's rules with a version's payouts; None if the stored data no longer validates."""
    try:
        return rules_from_dict(variant.rules_dict(version.payouts if version else {}))
    except RuleValidationError:
        return None


def split_rules(rules: Rules) -> tuple[dict[str, Any], dict[str, Any]]:
    """(parameters, payouts) as the services take them; unset payout lines stay unset."""
    data = rules_to_dict(rules)
    payouts = {k: v for k, v in data.pop("payouts").items() if v is not None}
    data.pop("family")
    return data, payouts


def add_rule_errors(form: RuleParametersForm, exc: RuleValidationError) -> None:
    for path, message in exc.errors.items():
        name = field_name(path.removeprefix("parameters."))
        form.add_error(name if name in form.fields else None, f"{path}: {message}" if name not in form.fields else message)


def workflow_message(request: HttpRequest, exc: WorkflowError) -> None:
    text = exc.reason
    for block in exc.blocking:
        text += f" — {block.get('bet')}: {block.get('figure')} {block.get('value')} ({block.get('reason')})"
    messages.error(request, text[:1:].upper() + text[1:])
