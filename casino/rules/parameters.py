"""Metadata for every rule parameter: label, kind, choices and help text.

The label is the parameter's entry in ``labels.py``.
The help text is the attribute docstring in ``model.py``, so the forms, the API schema and
the certificate all describe a parameter in the same words as the code.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import MISSING, dataclass, fields
from fractions import Fraction
from functools import cache
from typing import Any

from . import model
from .labels import parameter_label
from .model import NineTenElevenPayouts, NineTenElevenRules, SevenHalfPayouts, SevenHalfRules

_CHOICES = {
    "special_card": ("none", "kd_first_card", "wild"),
    "ties": ("push", "dealer"),
    "bonus_on": ("first_hand", "final_hands"),
    "player_first_matta": ("wild", "half", "half_until_next"),
    "dealer_first_matta": ("wild", "half", "half_until_next"),
    "stand_minimum": ("none", "upcard"),
    "stand_minimum_matta": ("half", "seven"),
}


@dataclass(frozen=True)
class ParameterSpec:
    path: str
    """``name`` for a rule, ``payouts.name`` for a payout line."""
    label: str
    kind: str
    """bool, int, optional_int, amount, optional_amount, choice or list."""
    help: str
    default: Any
    choices: tuple[str, ...] = ()

    @property
    def is_payout(self) -> bool:
        return self.path.startswith("payouts.")


@cache
def _docstrings(cls: type) -> dict[str, str]:
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for stmt, following in zip(body, body[1:], strict=False):
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[stmt.target.id] = " ".join(following.value.value.split())
    return docs


def _kind(name: str, annotation: str) -> str:
    if name in _CHOICES:
        return "choice"
    if annotation.startswith("bool"):
        return "bool"
    if annotation.startswith("tuple"):
        return "list"
    if annotation == "int":
        return "int"
    if annotation.startswith("int"):
        return "optional_int"
    if "None" in annotation:
        return "optional_amount"
    return "amount"


def _specs(cls: type, prefix: str = "") -> list[ParameterSpec]:
    docs = _docstrings(cls)
    specs = []
    for f in fields(cls):
        if f.name in ("family", "payouts"):
            continue
        default = f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
        specs.append(
            ParameterSpec(
                path=prefix + f.name,
                label=parameter_label(prefix + f.name),
                kind=_kind(f.name, str(f.type)),
                help=docs.get(f.name, ""),
                default=default,
                choices=_CHOICES.get(f.name, ()),
            )
        )
    return specs


@cache
def parameter_specs(family: str) -> tuple[ParameterSpec, ...]:
    """Every rule parameter then every payout line of a family, in model order."""
    if family == model.SEVEN_AND_HALF:
        return (*_specs(SevenHalfRules), *_specs(SevenHalfPayouts, "payouts."))
    if family == model.NINE_TEN_ELEVEN:
        return (*_specs(NineTenElevenRules), *_specs(NineTenElevenPayouts, "payouts."))
    raise KeyError(f"unknown family {family!r}")


def display_value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
