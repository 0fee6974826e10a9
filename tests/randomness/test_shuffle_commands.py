"""The shuffletest and shuffleprocedure commands, end to end through Django."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from certification.randomness.shuffles import format_shuffle_log
from certification.randomness.shuffles.defects import defective_log


@pytest.fixture
def sattolo_log(tmp_path):
    log = defective_log("sattolo", 400, 40, seed=3)
    path = tmp_path / "log.csv"
    path.write_text(format_shuffle_log(log.orders, log.deck))
    return path


def test_shuffletest_prints_a_table_and_verdict(sattolo_log, capsys):
    call_command("shuffletest", str(sattolo_log))
    out = capsys.readouterr().out
    assert "cycles" in out and "verdict: fail" in out


def test_shuffletest_json(sattolo_log, capsys):
    call_command("shuffletest", str(sattolo_log), "--json", "--alpha", "0.05")
    data = json.loads(capsys.readouterr().out)
    assert data["alpha"] == 0.05 and data["verdict"] == "fail" and data["shuffles"] == 400


def test_shuffletest_names_the_bad_line_and_card(tmp_path):
    path = tmp_path / "bad.csv"
    text = format_shuffle_log(
        defective_log("uniform", 5, 40).orders, defective_log("uniform", 5, 40).deck
    )
    path.write_text(text.replace("KD", "KX", 1))
    with pytest.raises(CommandError, match=r"line \d+: unknown card 'KX'"):
        call_command("shuffletest", str(path))


def test_shuffleprocedure_answers_the_question(capsys):
    call_command(
        "shuffleprocedure",
        "riffle,riffle,box,riffle,cut",
        "--deck",
        "36",
        "--samples",
        "2000",
        "--json",
    )
    data = json.loads(capsys.readouterr().out)
    assert data["enough"] is False and data["riffles_needed"] == 8


def test_shuffleprocedure_rejects_unknown_steps():
    with pytest.raises(CommandError, match="unknown step 'smoosh'"):
        call_command("shuffleprocedure", "smoosh,riffle")
