"""``manage.py analyze``: the JSON shape, overrides, the solver and clear errors."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> str:
    out = StringIO()
    call_command("analyze", *args, stdout=out)
    return out.getvalue()


def test_json_has_every_figure_per_bet():
    data = json.loads(run("nine-ten-eleven", "--json"))
    assert data["variant"] == "nine-ten-eleven"
    assert set(data["bets"]) == {"main", "bonus", "dice_match"}
    main = data["bets"]["main"]
    assert main["ev_fraction"] == "-121171/1043460"
    for key in ("ev", "house_edge", "element_of_risk", "sd", "p_win", "p_push", "p_loss", "outcomes"):
        assert key in main
    assert abs(sum(main["outcomes"].values()) - 1) < 1e-12
    assert data["strategy"] and data["seconds"] >= 0


def test_set_overrides_rules_and_payouts():
    data = json.loads(run("nine-ten-eleven", "--json", "--set", "decks=2",
                          "--set", "payouts.dice_match=4"))
    assert data["bets"]["main"]["ev_fraction"] == "-114228217/781194540"
    assert "4" in data["bets"]["dice_match"]["outcomes"]


def test_human_output_warns_of_a_player_advantage():
    text = run("nine-ten-eleven", "--set", "payouts.main_win=2")
    assert "house edge" in text and "FOLD" in text
    assert "PLAYER ADVANTAGE" in text


def test_a_json_file_is_read(tmp_path):
    path = tmp_path / "variant.json"
    path.write_text(json.dumps({"family": "nine_ten_eleven", "switch_allowed": False}))
    assert "switching is not allowed" in run(str(path))


def test_solve_reports_the_exact_and_the_dealable_payout():
    data = json.loads(run("nine-ten-eleven", "--solve", "payouts.main_win",
                          "--target-edge", "0.02", "--json"))
    assert data["solve"]["payout"] == "141748407/85021070"
    assert data["solve"]["dealable"] == "3/2"
    assert "dealable" in run("nine-ten-eleven", "--solve", "payouts.main_win", "--target-edge", "1/50")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("no-such-game",), "unknown preset 'no-such-game'"),
        (("missing.json",), "cannot read missing.json"),
        (("nine-ten-eleven", "--set", "decks=0"), "decks: must be between 1 and 8"),
        (("nine-ten-eleven", "--set", "payouts.win=2"), "payouts.win"),
        (("nine-ten-eleven", "--solve", "payouts.main_win"), "--target-edge"),
        (("nine-ten-eleven", "--solve", "payouts.nope", "--target-edge", "0.02"), "not a payout line"),
        (("nine-ten-eleven", "--solve", "payouts.main_win", "--target-edge", "x"), "not a number"),
    ],
)
def test_errors_are_command_errors(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"family": "nine_ten_eleven",\n "decks": 2,\n}')
    with pytest.raises(CommandError, match="line 3"):
        run(str(path))


def test_every_bad_field_is_listed(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"family": "nine_ten_eleven", "decks": 0, "buy_allowed": "yes"}))
    with pytest.raises(CommandError) as info:
        run(str(path))
    assert "decks:" in str(info.value) and "buy_allowed:" in str(info.value)
