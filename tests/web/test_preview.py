"""The live house-edge preview: figures for a valid form, errors per field for an invalid one."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from casino.forms import RuleParametersForm
from casino.rules import PRESETS
from casino.views import figures

pytestmark = pytest.mark.django_db


def preset_post(preset_name: str, **changes) -> dict:
    rules = PRESETS[preset_name]
    form = RuleParametersForm(family=rules.family, initial_rules=rules)
    data = {"family": rules.family}
    for field_name, field in form.fields.items():
        value = field.initial
        if isinstance(value, bool):
            if value:
                data[field_name] = "on"
            continue
        data[field_name] = "" if value is None else str(value)
    data.update(changes)
    return data


def post(client, data):
    return client.post(reverse("web:rules-preview"), data)


def test_a_valid_form_answers_every_bets_exact_house_edge(as_user, alice):
    response = post(as_user(alice), preset_post("nine-ten-eleven"))
    assert response.status_code == 200
    bets = {row["bet"]: row for row in response.json()["bets"]}
    assert set(bets) == {"main", "bonus", "dice_match"}
    main = bets["main"]["house_edge"]
    assert main["percent"].endswith("\u00a0%") and len(main["percent"].split(".")[1]) == len("1234\u00a0%")
    assert Fraction(main["exact"]) > 0 and main["player_advantage"] is False


def test_a_changed_payout_changes_the_house_edge(as_user, alice):
    client = as_user(alice)
    before = post(client, preset_post("sette-e-mezzo")).json()["bets"][0]["house_edge"]
    after = post(client, preset_post("sette-e-mezzo", payouts__natural="3")).json()["bets"][0]["house_edge"]
    assert Fraction(after["exact"]) < Fraction(before["exact"])


def test_a_player_favourable_variant_is_marked_as_player_advantage(as_user, alice):
    row = post(as_user(alice), preset_post("seven-half-home")).json()["bets"][0]
    assert row["house_edge"]["player_advantage"] is True
    assert row["house_edge"]["percent"].startswith("-")


def test_invalid_fields_answer_400_with_errors_per_field(as_user, alice):
    response = post(as_user(alice), preset_post("sette-e-mezzo", payouts__win="abc", decks="0"))
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) >= {"payouts__win", "decks"}
    assert all(isinstance(m, str) and m for messages in errors.values() for m in messages)


def test_cross_field_rules_are_reported_on_the_field_they_concern(as_user, alice):
    data = preset_post("seven-half-casino", payouts__kd_first_card="")
    errors = post(as_user(alice), data).json()["errors"]
    assert "payouts__kd_first_card" in errors


def test_an_unknown_family_is_a_400(as_user, alice):
    assert post(as_user(alice), {"family": "poker"}).status_code == 400


def test_roles_that_cannot_edit_are_refused(as_user, rita, audrey):
    for user in (rita, audrey):
        assert post(as_user(user), preset_post("sette-e-mezzo")).status_code == 403


def test_get_is_not_allowed(as_user, alice):
    assert as_user(alice).get(reverse("web:rules-preview")).status_code == 405


def test_the_engine_runs_once_per_distinct_rules(monkeypatch, as_user, alice):
    calls = []
    real = figures.run_services.exact_figures

    def counting(rules, **kwargs):
        calls.append(rules)
        return real(rules, **kwargs)

    figures.exact_edges.cache_clear()
    monkeypatch.setattr(figures.run_services, "exact_figures", counting)
    client = as_user(alice)
    for _ in range(3):
        post(client, preset_post("nine-ten-eleven"))
    assert len(calls) == 1
    figures.exact_edges.cache_clear()
