"""A form with one field per rule parameter and payout line, generated from the rule model."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from django import forms
from django.utils.translation import get_language

from casino import rule_words
from casino.rules import Rules, RuleValidationError, rules_from_dict, rules_to_dict
from casino.rules.parameters import ParameterSpec, parameter_specs


def field_name(path: str) -> str:
    return path.replace(".", "__")


def _initial(value: Any, spec: ParameterSpec) -> Any:
    if spec.kind == "list":
        return ", ".join(str(v) for v in value)
    return value


def _form_field(family: str, spec: ParameterSpec) -> forms.Field:
    # Label, help and choices in words (casino.rules.labels), in the request's language.
    common = {"label": rule_words.parameter(spec.path), "help_text": rule_words.help_text(family, spec.path)}
    if spec.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if spec.kind == "choice":
        return forms.ChoiceField(choices=[(c, rule_words.value(spec.path, c)) for c in spec.choices], **common)
    if spec.kind == "int":
        return forms.IntegerField(**common)
    if spec.kind == "optional_int":
        return forms.IntegerField(required=False, **common)
    if spec.kind == "optional_amount":
        return forms.CharField(required=False, max_length=20, **common)
    return forms.CharField(max_length=200 if spec.kind == "list" else 20, **common)


@lru_cache(maxsize=32)
def _family_fields(family: str, language: str | None) -> dict[str, forms.Field]:
    # The fields of a family in one language, built once: a form copies them, as Django's
    # forms copy their declared fields (the live preview builds a form on every keystroke).
    return {field_name(spec.path): _form_field(family, spec) for spec in parameter_specs(family)}


class RuleParametersForm(forms.Form):
    """Every parameter of one family; ``clean`` validates the whole variant through the rule model."""

    def __init__(self, *args: Any, family: str, initial_rules: Rules | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.family = family
        self.specs = parameter_specs(family)
        initial = rules_to_dict(initial_rules) if initial_rules is not None else None
        fields = _family_fields(family, get_language())
        for spec in self.specs:
            field = copy.deepcopy(fields[field_name(spec.path)])
            if initial is not None:
                value = initial["payouts"][spec.path[8:]] if spec.is_payout else initial[spec.path]
                field.initial = _initial(value, spec) if value is not None else None
            self.fields[field_name(spec.path)] = field
        self.rules: Rules | None = None

    def rule_fields(self):
        return [self[field_name(s.path)] for s in self.specs if not s.is_payout]

    def payout_fields(self):
        return [self[field_name(s.path)] for s in self.specs if s.is_payout]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        data: dict[str, Any] = {"family": self.family, "payouts": {}}
        for spec in self.specs:
            value = cleaned.get(field_name(spec.path))
            if spec.kind == "list":
                value = [part.strip() for part in str(value).split(",") if part.strip()]
            elif spec.kind == "optional_amount" and value in ("", None):
                value = None
            if spec.is_payout:
                data["payouts"][spec.path[8:]] = value
            else:
                data[spec.path] = value
        try:
            self.rules = rules_from_dict(data)
        except RuleValidationError as exc:
            for path, message in exc.errors.items():
                name = field_name(path)
                if name in self.fields:
                    self.add_error(name, message)
                else:
                    self.add_error(None, f"{path}: {message}")
        return cleaned
