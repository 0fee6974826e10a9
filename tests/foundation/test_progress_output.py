"""Progress of the long commands: a live bar on a terminal, a line per tenth of the work in a log.

A carriage return does not move back in a pipe, a CI log or a cron mail, so there the redraws
of a bar would pile up on one line (a ``tune`` wrote 150 of them).
"""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

from certification.management.progress import Progress
from tests.support.server import ROOT


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_in_a_log_a_line_per_tenth_of_the_work():
    log = io.StringIO()
    progress = Progress(log)
    for done in range(151):
        progress(done, 150, f"{done}/150 variants")
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue()
    assert lines == [f"{10 * t:3d}%  {15 * t}/150 variants" for t in range(11)]


def test_a_log_is_told_each_tenth_once_even_when_the_work_jumps():
    log = io.StringIO()
    progress = Progress(log)
    for done in (0, 0, 1, 38, 38, 100, 100):
        progress(done, 100)
    assert log.getvalue().splitlines() == ["  0%", " 38%", "100%"]


def test_on_a_terminal_the_bar_is_redrawn_in_place_and_ends_its_line():
    terminal = Terminal()
    progress = Progress(terminal, width=10)
    for done in range(5):
        progress(done, 4, f"{done}/4 chunks")
    progress(4, 4, "4/4 chunks")  # a poller reporting the end again adds nothing
    out = terminal.getvalue()
    assert out.count("\r") == 5 and out.count("\n") == 1 and out.endswith("\n")
    assert out.split("\r")[-1] == "[##########] 100%  4/4 chunks\n"
    assert out.split("\r")[3] == "[#####.....]  50%  2/4 chunks"


def test_a_bar_stopped_short_by_an_error_still_ends_its_line():
    terminal = Terminal()
    progress = Progress(terminal)
    progress(1, 3, "exact analysis")
    progress.close()
    assert terminal.getvalue().endswith("exact analysis\n")
    quiet = io.StringIO()
    Progress(quiet).close()
    assert quiet.getvalue() == ""


SIMULATE = [sys.executable, "manage.py", "simulate", "nine-ten-eleven", "--rounds", "40000",
            "--chunk-rounds", "1000", "--workers", "1", "--seed", "5", "--json"]


def _local_env(tmp_path) -> dict[str, str]:
    """A shell without a broker (the command runs its chunks here) or a database."""
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DATABASE_URL")}
    return {**env, "TABLECERT_VAR_DIR": str(tmp_path / "var")}


def test_a_command_piped_to_a_log_prints_lines_not_carriage_returns(tmp_path):
    out = subprocess.run(SIMULATE, cwd=ROOT, env=_local_env(tmp_path), capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "\r" not in out.stderr
    progress = [line for line in out.stderr.splitlines() if "chunks" in line]
    # The first chunk's report, then one at each tenth.
    assert [line.split("%")[0].strip() for line in progress] == ["2"] + [str(10 * t) for t in range(1, 11)]
    assert progress[-1].startswith("100%  40/40 chunks")


def test_a_command_on_a_terminal_draws_the_live_bar(tmp_path):
    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen(SIMULATE, cwd=ROOT, env=_local_env(tmp_path),
                                   stdout=subprocess.DEVNULL, stderr=terminal)
        os.close(terminal)
        seen = b""
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal closes with the command
                break
            if not chunk:
                break
            seen += chunk
        assert process.wait(timeout=300) == 0, seen.decode(errors="replace")
    finally:
        os.close(controller)
    text = seen.decode()
    assert text.count("\r[") >= 2, text
    assert "] 100%  40/40 chunks" in text and text.rstrip("\r\n").count("\n") == 0
