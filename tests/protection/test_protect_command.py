"""``manage.py protect``: the JSON shape the issue fixes, text output, and clear errors."""

from __future__ import annotations

import json
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

KEYS = {"method", "player_edge_gain", "house_edge_with_exposure", "risk", "countermeasures"}


def run(*args: str) -> str:
    out = StringIO()
    call_command("protect", *args, stdout=out)
    return out.getvalue()


def test_json_has_the_baseline_and_every_exposure():
    data = json.loads(run("seven-half-casino", "--seats", "2", "--penetration", "0.5",
                          "--rounds", "40", "--json"))
    assert data["variant"] == "seven-half-casino"
    assert data["baseline"] == {"house_edge_fraction": "-63949/137085", "house_edge": -63949 / 137085}
    assert set(data["exposures"]) == {"dealer_card", "one_card", "next_card", "collusion",
                                      "dealt_through", "shuffle"}
    for name, exposure in data["exposures"].items():
        assert KEYS <= set(exposure), name
        assert exposure["method"] in ("exact", "simulation", "not_applicable")
        assert exposure["risk"]["level"] in ("none", "low", "medium", "high") and exposure["risk"]["rule"]
        if exposure["method"] == "exact":
            assert float(Fraction(exposure["player_edge_gain_fraction"])) == exposure["player_edge_gain"]
            assert "ci95" not in exposure
        if exposure["method"] == "simulation":
            low, high = exposure["ci95"]
            assert low <= exposure["player_edge_gain"] <= high
    assert data["exposures"]["dealer_card"]["method"] == "not_applicable"
    assert data["exposures"]["one_card"]["player_edge_gain_fraction"] == "3251/4935060"


def test_the_same_seed_gives_the_same_figures_with_one_or_two_workers():
    args = ("seven-half-casino", "--seats", "1", "--penetration", "0.5", "--rounds", "40", "--json")
    one = json.loads(run(*args))
    two = json.loads(run(*args, "--workers", "2"))
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_text_output_names_the_exposures_and_the_risk_rule():
    args = ("seven-half-casino", "--set", "dealer_upcard_visible=false", "--seats", "2",
            "--rounds", "40", "--procedure", "wash,riffle*4,cut")
    text = run(*args)
    gain = json.loads(run(*args, "--json"))["exposures"]["dealer_card"]["player_edge_gain_fraction"]
    assert "Dealer's face-down card seen [dealer_card]: exact" in text
    assert f"exact {gain}" in text and Fraction(gain) > 0
    assert "risk rule: high if" in text and "k = 2:" in text and "penetration 0.5" in text


@pytest.mark.parametrize("args,field", [
    (["--procedure", "riffle,shake"], "--procedure"),
    (["--penetration", "1"], "penetration"),
    (["--seats", "9"], "seats"),
    (["--rounds", "5"], "rounds"),
    (["--set", "decks=x"], "decks"),
])
def test_bad_settings_name_the_field(args, field):
    with pytest.raises(CommandError) as err:
        run("seven-half-casino", *args)
    assert field in str(err.value)
