"""The rule form's words come from the rule model in English; each has its place in the catalogue."""

from __future__ import annotations

import pytest
from django.utils import translation

from casino.forms.rule_texts import RULE_TEXTS
from casino.forms.rules import RuleParametersForm, english_help
from casino.rules import FAMILIES
from casino.rules.parameters import parameter_specs


def test_every_label_help_and_choice_of_the_rule_model_is_listed():
    listed = set(RULE_TEXTS)
    missing = []
    for family in FAMILIES:
        for spec in parameter_specs(family):
            words = [spec.label, english_help(spec)] + [c.replace("_", " ") for c in spec.choices or ()]
            missing += [w for w in words if w not in listed]
    assert not missing, f"add to casino/forms/rule_texts.py and translate: {missing}"


@pytest.mark.parametrize(("language", "label"), [("it", "Sette e mezzo reale"), ("es", "Siete y media natural (reale)")])
def test_the_rule_form_speaks_the_request_language(language, label):
    with translation.override(language):
        form = RuleParametersForm(family="seven_and_half")
        assert form.fields["payouts__natural"].label == label
    assert RuleParametersForm(family="seven_and_half").fields["payouts__natural"].label == "Natural (reale)"


def test_every_certification_status_has_its_word_in_the_catalogue():
    from casino.views.run_status import RUN_STATUS_WORDS
    from certification.models import RunStatus

    assert {str(label) for label in RunStatus.labels} <= set(RUN_STATUS_WORDS)
