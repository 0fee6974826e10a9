"""The rule form's words are the rule model's labels (``casino.rules.labels``): every label,
help text and choice has its entry there, in words, and the form says it in the page's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from casino.forms.rules import RuleParametersForm
from casino.rules import FAMILIES
from casino.rules import labels as L
from casino.rules.parameters import parameter_specs
from certification.reports.i18n import say_in


def test_every_parameter_has_help_in_words_translated():
    missing, coded, untranslated = [], [], []
    for family in FAMILIES:
        for spec in parameter_specs(family):
            text = L.help_text(family, spec.path)
            if not text:
                missing.append(spec.path)
                continue
            if "_" in text or "=" in text:
                coded.append(text)
            untranslated += [(lang, text) for lang in ("it", "es") if say_in(text, lang) == text]
    assert (missing, coded, untranslated) == ([], [], [])


@pytest.mark.parametrize(("language", "label", "choice"), [
    ("it", "Sette e mezzo reale", "re di quadri come prima carta"),
    ("es", "Siete y media real", "rey de diamantes como primera carta")])
def test_the_rule_form_speaks_the_request_language(language, label, choice):
    with translation.override(language):
        form = RuleParametersForm(family="seven_and_half")
        assert form.fields["payouts__natural"].label == label
        assert dict(form.fields["special_card"].choices)["kd_first_card"] == choice
        assert "special_card" not in form.fields["payouts__kd_first_card"].help_text
    english = RuleParametersForm(family="seven_and_half")
    assert english.fields["payouts__natural"].label == "Natural (reale)"
    assert english.fields["payouts__natural"].help_text.endswith("empty pays as a 7½.")
    assert dict(english.fields["player_first_matta"].choices)["half_until_next"].startswith("½ until the next")


def test_every_certification_status_has_its_word_in_the_catalogue():
    from casino.views.run_status import RUN_STATUS_WORDS
    from certification.models import RunStatus

    assert {str(label) for label in RunStatus.labels} <= set(RUN_STATUS_WORDS)
