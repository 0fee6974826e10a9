"""A refused save of a long form: every problem listed at the top, each linking to its field;
and the live house edge shows the figures of what was entered, not the preset's."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest
from django.urls import reverse

from casino.models import GameVariant
from casino.rules import PRESETS
from casino.views.figures import preview_rows
from tests.web.test_preview import preset_post

pytestmark = pytest.mark.django_db

CREATE = reverse("web:variant-create") + "?preset=sette-e-mezzo"


def main_edge(body: str) -> str:
    row = re.search(r'<tr data-bet="main">.*?</tr>', body, re.S).group(0)
    return re.search(r'class="num house-edge">(.*?)</td>', row, re.S).group(1)


def test_a_refused_variant_lists_its_problems_at_the_top(as_user, alice, jurisdiction):
    data = preset_post("sette-e-mezzo", name="", jurisdiction=jurisdiction.pk, payouts__win="x")
    body = as_user(alice).post(CREATE, data).content.decode()
    summary = body[body.index('id="error-summary"'):]
    summary = summary[:summary.index("</div>")]
    assert "2 problems to fix" in summary
    assert 'href="#id_name"' in summary and 'href="#id_payouts__win"' in summary
    # The summary comes before the first field of the form.
    assert body.index('id="error-summary"') < body.index('id="id_name"')
    assert not GameVariant.objects.exists()


def test_after_a_refused_save_the_live_edge_prices_what_was_entered(as_user, alice, jurisdiction):
    # The rules validate (a reale paying 5), the name is missing: the save is refused.
    data = preset_post("sette-e-mezzo", name="", jurisdiction=jurisdiction.pk, payouts__natural="5")
    body = as_user(alice).post(CREATE, data).content.decode()
    preset = PRESETS["sette-e-mezzo"]
    entered = dataclasses.replace(preset, payouts=dataclasses.replace(preset.payouts, natural=Fraction(5)))
    shown = main_edge(body)
    as_entered = main_edge(as_user(alice).get(CREATE).content.decode())
    assert shown != as_entered, "the page shows the preset's figures"
    expected = next(r for r in preview_rows(entered) if r["bet"] == "main")["house_edge"]
    assert expected["percent"] in shown and str(expected["exact"]) in shown


def test_rules_that_do_not_validate_show_no_figures_rather_than_the_presets(as_user, alice, jurisdiction):
    data = preset_post("sette-e-mezzo", name="Sette", jurisdiction=jurisdiction.pk, decks="0")
    body = as_user(alice).post(CREATE, data).content.decode()
    assert '<tr data-bet="main">' not in body
    assert "Fix the fields marked in red to see the figures." in body


def test_the_table_form_lists_its_problems_at_the_top(as_user, adam):
    body = as_user(adam).post(reverse("web:table-create"), {"table_id": ""}).content.decode()
    assert 'id="error-summary"' in body and 'href="#id_table_id"' in body
