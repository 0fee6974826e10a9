"""Management commands refuse bad files with a CommandError naming the fault, never a traceback."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from .corpus import RNG_BITS, RULE_FILES, SHUFFLE_LOGS, rules_json

pytestmark = pytest.mark.django_db


def _file(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def _refused(*args) -> str:
    with pytest.raises(CommandError) as raised:
        call_command(*args, stdout=io.StringIO())
    message = str(raised.value)
    assert message and "Traceback" not in message
    return message


@pytest.mark.parametrize("label,data", RULE_FILES, ids=[x[0] for x in RULE_FILES])
def test_analyze_refuses_bad_rule_files(tmp_path, label, data):
    message = _refused("analyze", _file(tmp_path, "variant.json", data))
    assert "variant" in message


@pytest.mark.parametrize("assignment", ["decks=abc", "decks=1000000000000", "payouts.win=1/0",
                                        "nonsense", "no_such_rule=1", "payouts.win=NaN"])
def test_analyze_refuses_absurd_overrides(assignment):
    _refused("analyze", "seven-half-casino", "--set", assignment)


def test_analyze_reads_utf16_with_its_bom_like_utf8(tmp_path):
    def output(data: bytes) -> str:
        out = io.StringIO()
        call_command("analyze", _file(tmp_path, "variant.json", data), stdout=out)
        return re.sub(r"in [0-9.]+ s", "", out.getvalue())  # the timing line differs

    text = rules_json().decode()
    assert output(text.encode("utf-16")) == output(text.encode("utf-8"))


def test_analyze_refuses_a_missing_file(tmp_path):
    assert "cannot read" in _refused("analyze", str(tmp_path / "absent.json"))


@pytest.mark.parametrize("label,data", SHUFFLE_LOGS, ids=[x[0] for x in SHUFFLE_LOGS])
def test_shuffletest_refuses_bad_logs(tmp_path, label, data):
    message = _refused("shuffletest", _file(tmp_path, "log.csv", data))
    assert "log.csv" in message


@pytest.mark.parametrize("label,data", RNG_BITS, ids=[x[0] for x in RNG_BITS])
def test_nist_refuses_bad_rng_files(tmp_path, label, data):
    _refused("nist", _file(tmp_path, "rng.txt", data), "--stream-bits", "1000")


def test_nist_refuses_a_binary_file_too_short(tmp_path):
    _refused("nist", _file(tmp_path, "rng.bin", b"\x00" * 10), "--format", "binary")
