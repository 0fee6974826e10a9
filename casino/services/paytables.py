"""Payout normalisation shared by variant creation and paytable editing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from casino.models import GameVariant, PaytableLine, PaytableVersion
from casino.rules import RuleValidationError, rules_from_dict, rules_to_dict


def normalised_rules(*, family: str, parameters: Mapping[str, Any], payouts: Mapping[str, Any]):
    """Validate a variant as a whole; returns (parameters, payouts) in canonical exact form.

    Parameters keep every default, so the stored variant says exactly what was certified;
    payouts keep only the lines given, since an unset line falls back to a more general one.
    """
    if not isinstance(parameters, Mapping):
        raise RuleValidationError({"parameters": _("must be an object of rule parameters")})
    if not isinstance(payouts, Mapping):
        raise RuleValidationError({"payouts": _("must be an object of payout lines")})
    misplaced = {
        f"parameters.{key}": "belongs outside the rule parameters (family) or in the paytable (payouts)"
        for key in ("family", "payouts")
        if key in parameters
    }
    if misplaced:
        raise RuleValidationError(misplaced)
    rules = rules_from_dict({"family": family, **parameters, "payouts": dict(payouts)})
    full = rules_to_dict(rules)
    given = {key for key, value in payouts.items() if value is not None}
    clean_payouts = {key: str(value) for key, value in full.pop("payouts").items() if key in given}
    full.pop("family")
    return full, clean_payouts


def version_lines_write(*, version: PaytableVersion, payouts: Mapping[str, str]) -> None:
    # One row at a time, so the immutability guard and the line history see every change.
    existing = {line.name: line for line in version.lines.all()}
    for name, line in existing.items():
        if name not in payouts:
            line.delete()
    for name, payout in sorted(payouts.items()):
        line = existing.get(name) or PaytableLine(version=version, name=name)
        if line.pk is None or line.payout != payout:
            line.payout = payout
            line.save()


def validated_payouts(*, variant: GameVariant, payouts: Mapping[str, Any]) -> dict[str, str]:
    _parameters, clean = normalised_rules(
        family=variant.family, parameters=variant.parameters, payouts=payouts
    )
    return clean
