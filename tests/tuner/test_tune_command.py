"""``manage.py tune``: the reference searches, the JSON shape, the text, and clear errors."""

from __future__ import annotations

import json
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from casino.rules import preset, with_overrides
from certification.odds.analysis import analyze

SIETE = ["--vary", "dealer_stands_at=4:7:1/2", "--vary", "ties=push,dealer",
         "--vary", "dealer_upcard_visible=true,false", "--vary", "payouts.seven_and_half=1:2:1/2"]


def run(*args: str) -> str:
    out, err = StringIO(), StringIO()
    call_command("tune", *args, "--workers", "1", stdout=out, stderr=err)
    return out.getvalue()


def test_the_siete_y_media_reference_search():
    data = json.loads(run("siete-y-media", *SIETE, "--target-edge", "0.02:0.05", "--json"))
    assert data["variant"] == "siete-y-media" and data["bet"] == "main"
    assert data["target"] == [0.02, 0.05]
    assert data["rejected"] == 0 and data["space"] == 84
    assert data["fewest_changes"] == 2 and data["in_band_with_fewest_changes"] == 7
    assert data["evaluated"] + data["skipped"] == 84
    assert len(data["suggestions"]) == 12 and data["closest"] is None
    first = data["suggestions"][0]
    assert first["changes"] == {"dealer_upcard_visible": "false", "payouts.seven_and_half": "1"}
    # The keys of "changes" are --set keys and the values exact strings: --set reproduces it.
    rules = with_overrides(preset("siete-y-media"), [f"{k}={v}" for k, v in first["changes"].items()])
    main = analyze(rules).bets["main"]
    assert first["bets"]["main"]["house_edge_fraction"] == \
        f"{main.house_edge.numerator}/{main.house_edge.denominator}"
    assert first["bets"]["main"]["sd"] == main.sd
    assert first["bets"]["main"]["p_win"] == float(main.p_win)


def test_text_output_states_the_fewest_changes_and_the_trade_offs():
    text = run("siete-y-media", *SIETE, "--target-edge", "2%:5%", "--limit", "3")
    assert "Fewest changes that reach the band: 2 (7 variants)" in text
    assert "dealer_upcard_visible=false, payouts.seven_and_half=1" in text
    for figure in ("edge", "EoR", "SD", "hit", "avg wager"):
        assert figure in text


def test_nothing_in_band_says_so_and_shows_the_closest():
    args = ["seven-half-casino", "--vary", "payouts.kd_first_card=0:3:1/2",
            "--vary", "ties=push,dealer", "--target-edge", "0:0.05"]
    assert "Nothing in band" in run(*args)
    data = json.loads(run(*args, "--json"))
    assert data["suggestions"] == [] and data["closest"] is not None
    edge = Fraction(data["closest"]["bets"]["main"]["house_edge_fraction"])
    assert edge < 0


def test_set_applies_before_tuning_and_a_json_file_works(tmp_path):
    from casino.rules import rules_to_json

    path = tmp_path / "home.json"
    path.write_text(rules_to_json(preset("seven-half-home")))
    data = json.loads(run(str(path), "--set", "ties=dealer", "--vary", "payouts.kd_first_card=0:2:1",
                          "--target-edge=-1:1", "--json"))
    assert data["variant"] == "home"
    assert data["suggestions"][0]["changes"] == {}


def test_the_default_search_covers_every_knob_within_the_changes_asked():
    data = json.loads(run("siete-y-media", "--target-edge", "0.02:0.05", "--max-changes", "1",
                          "--limit", "50", "--json"))
    # 128 single changes, and 6 of the first-card matta and the standing minimum (the matta
    # rules are refused without a matta).
    assert data["levels"] == 2 and data["space"] == 134
    assert data["evaluated"] + data["rejected"] + data["dominated"] + data["skipped"] == 134
    # No single rule or payout on the default grids brings Siete y Media to 2 %-5 %.
    assert data["suggestions"] == []
    assert data["closest"]["changes"] == {"dealer_stands_at": "5"}


@pytest.mark.parametrize(("args", "words"), [
    (["siete-y-media", "--vary", "ties=push"], "--target-edge is needed"),
    (["siete-y-media", "--target-edge", "2%"], "LO:HI"),
    (["siete-y-media", "--target-edge", "a:b"], "not a number"),
    (["siete-y-media", "--target-edge", "0.05:0.02", "--vary", "ties=push"], "starts above"),
    (["siete-y-media", "--target-edge", "0:1", "--vary", "dealer_stands_at=8"], "over 7 1/2"),
    (["siete-y-media", "--target-edge", "0:1", "--vary", "ties=push", "--bet", "bonus"], "unknown bet"),
    (["no-such-game", "--target-edge", "0:1"], "unknown preset"),
])
def test_bad_arguments_are_named(args, words):
    with pytest.raises(CommandError, match=words):
        run(*args)


def test_workers_must_be_positive():
    with pytest.raises(CommandError, match="--workers"):
        call_command("tune", "siete-y-media", "--target-edge", "0:1", "--workers", "0",
                     stdout=StringIO(), stderr=StringIO())


@pytest.mark.services
@pytest.mark.django_db
def test_a_variant_id_takes_its_jurisdiction_s_bounds(alice, jurisdiction):
    from tests.backoffice.factories import make_variant

    variant = make_variant(actor=alice, preset="nine-ten-eleven", name="Nines", jurisdiction=jurisdiction)
    data = json.loads(run(str(variant.pk), "--vary", "payouts.bonus_flush=10:200:10", "--json",
                          "--limit", "100"))
    # Main 0.5 %-15 % from the jurisdiction, and every other bet inside 0.5 %-35 %: the bonus
    # bet (80 % as dealt) needs a richer flush, and a flush paid too much gives it away.
    assert data["target"] == [0.005, 0.15]
    paid = sorted(int(s["changes"]["payouts.bonus_flush"]) for s in data["suggestions"])
    assert paid and 10 < paid[0] and paid[-1] < 200
    for s in data["suggestions"]:
        assert 0.005 <= s["bets"]["bonus"]["house_edge"] <= 0.35
        assert 0.005 <= s["bets"]["dice_match"]["house_edge"] <= 0.35
    with pytest.raises(CommandError, match="no variant with id"):
        run("999999", "--target-edge", "0:1")
