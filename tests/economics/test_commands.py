"""The economics and fieldcheck commands: figures, JSON keys, and clear errors."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from casino.rules import preset
from certification.odds.analysis import dealer_joint
from tests.economics.synthetic import Sampler, TablePlan, generate, to_csv


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_economics_json_states_the_figures_the_issue_asks_for():
    data = json.loads(run("economics", "siete-y-media", "--mix", "optimal=0.2,dealer=0.8",
                          "--average-bet", "10", "--seats", "5", "--decisions-per-hour", "60",
                          "--hours", "8", "--json"))
    main = data["bets"]["main"]
    assert set(main) >= {"house_edge_fraction", "house_edge", "sd", "average_wager"}
    edge = Fraction(main["house_edge_fraction"])
    assert edge == Fraction(1, 5) * Fraction(-12949499997988, 157287384379125) + \
        Fraction(4, 5) * Fraction(5698947347477519, 25323268885039125)
    assert data["theo_win_per_hour"] == pytest.approx(float(edge) * 10 * 60 * 5)
    assert {"sd_per_hour", "p_losing_day", "p_losing_month", "bankroll", "notes"} <= set(data)


def test_economics_text_names_the_player_advantage_bankroll():
    text = run("economics", "seven-half-home")
    assert "none is enough: the players have the edge" in text


@pytest.mark.parametrize(("args", "message"), [
    (("--mix", "optimal=0.5"), "--mix: the shares add up to 0.5, not 1"),
    (("--strategy", "nosuch"), "'nosuch' is neither a strategy"),
    (("--hours", "30"), "hours open must lie between 0 and 24"),
    (("--average-bet", "-1"), "-1 must be positive"),
])
def test_economics_errors_name_the_option(args, message):
    with pytest.raises(CommandError, match=message):
        run("economics", "sette-e-mezzo", *args)


def test_economics_takes_a_chart_file(tmp_path):
    chart = tmp_path / "way.json"
    chart.write_text(json.dumps({"family": "seven_and_half", "default": "S",
                                 "totals": {"0.5": "H", "1": "H", "2": "H", "3": "H", "4": "H"}}))
    data = json.loads(run("economics", "sette-e-mezzo", "--strategy", str(chart), "--json"))
    assert data["players"] == "chart way.json" and data["bets"]["main"]["house_edge"] > 0


@pytest.fixture
def field_file(tmp_path):
    rules = preset("sette-e-mezzo")
    plans = [TablePlan(f"T{i}", Sampler(dealer_joint(rules))) for i in range(3)]
    plans[1].changes = {20: Sampler(dealer_joint(replace(rules, dealer_upcard_visible=True)))}
    days = generate(plans, days=40, rounds=(300, 600), seed=8)
    t2 = [i for i, d in enumerate(days) if d.table == "T2"]
    typical = sorted(t2, key=lambda i: days[i].win / days[i].handle)[len(t2) // 2]
    days[typical] = dataclasses.replace(days[typical], win=days[typical].win * 10)
    path = tmp_path / "trial.csv"
    path.write_text(to_csv(days))
    return path, days[typical].date.isoformat()


def test_fieldcheck_json_has_the_issue_shape_and_finds_the_faults(field_file):
    path, tenfold = field_file
    data = json.loads(run("fieldcheck", str(path), "--variant", "sette-e-mezzo", "--json"))
    assert set(data) >= {"tables", "day_alarms", "alpha"} and data["alpha"] == 0.01
    for t in data["tables"].values():
        assert set(t) >= {"days", "rounds", "expected_win", "actual_win", "z", "drift"}
        assert set(t["drift"]) >= {"alarm", "first_date"}
    assert [n for n, t in data["tables"].items() if t["drift"]["alarm"]] == ["T1"]
    assert data["tables"]["T1"]["drift"]["first_date"] >= "2025-03-21"
    assert {"table": "T2", "date": tenfold} in [{"table": a["table"], "date": a["date"]} for a in data["day_alarms"]]


def test_fieldcheck_text(field_file):
    text = run("fieldcheck", str(field_file[0]), "--variant", "sette-e-mezzo", "--alpha", "0.05")
    assert "DRIFT from" in text and "alpha 0.05 (family-wise)" in text


def test_fieldcheck_names_the_bad_line(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("date,table,rounds,handle,win\n2025-01-01,T1,10,100,1\n2025-01-02,T1,ten,100,1\n")
    with pytest.raises(CommandError, match="line 3: rounds 'ten'"):
        run("fieldcheck", str(path), "--variant", "sette-e-mezzo")


def test_analyze_gives_the_exact_figures_of_a_named_strategy():
    data = json.loads(run("analyze", "nine-ten-eleven", "--strategy", "dealer", "--json"))
    assert data["bets"]["main"]["ev_fraction"] == "-223/340"
    with pytest.raises(CommandError, match="--strategy: cannot read strategy chart"):
        run("analyze", "nine-ten-eleven", "--strategy", "missing.json")
