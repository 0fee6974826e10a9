"""The ``nist`` management command: a thin shell over run_streams."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

django = pytest.importorskip("django")
from django.core.management import CommandError, call_command  # noqa: E402


@pytest.fixture
def bits_file(tmp_path: Path) -> Path:
    raw = np.random.PCG64(11).random_raw(2 * 100_000 // 64).astype(">u8").view(np.uint8)
    path = tmp_path / "rng.bin"
    path.write_bytes(raw.tobytes())
    return path


def test_table_output(bits_file: Path, capsys) -> None:
    call_command(
        "nist", str(bits_file), "--format", "binary", "--stream-bits", "100000", "--workers", "1"
    )
    out = capsys.readouterr().out
    assert "2 stream(s) of 100,000 bits" in out
    assert "NonOverlappingTemplate" in out and "not applicable" in out


def test_json_output(bits_file: Path, capsys) -> None:
    call_command(
        "nist",
        str(bits_file),
        "--format",
        "binary",
        "--stream-bits",
        "100000",
        "--workers",
        "1",
        "--json",
    )
    data = json.loads(capsys.readouterr().out)
    assert data["streams"] == 2 and len(data["tests"]["Frequency"]) == 2


def test_bad_input_is_a_command_error(tmp_path: Path) -> None:
    path = tmp_path / "rng.txt"
    path.write_text("0101x")
    with pytest.raises(CommandError, match="'x' at line 1, column 5"):
        call_command("nist", str(path))
    path.write_text("01" * 5000)
    with pytest.raises(CommandError, match="10,000 bits, fewer than one stream of 1,000,000 bits"):
        call_command("nist", str(path))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read"):
        call_command("nist", str(tmp_path / "absent.bin"))
