"""Compiled kernels live in the var directory, and a new process loads them instead of compiling."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from certification.odds.simulation.warm import warm_specs

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (
    "import json\n"
    "from certification.odds.simulation.warm import warm_kernels\n"
    "from certification.odds.simulation import lanes, two_card_kernel, seven_half_kernel, "
    "seven_half_walk_kernel, nine_ten_eleven_kernel\n"
    "kernels = warm_kernels()\n"
    "dispatchers = [two_card_kernel.play_two_card, seven_half_kernel.play, "
    "seven_half_walk_kernel.play_walk, nine_ten_eleven_kernel.play,\n"
    "               nine_ten_eleven_kernel.play_by_rank, lanes._discard]\n"
    "print(json.dumps({'kernels': sorted(kernels),\n"
    "                  'hits': sum(sum(d.stats.cache_hits.values()) for d in dispatchers),\n"
    "                  'misses': sum(sum(d.stats.cache_misses.values()) for d in dispatchers)}))\n"
)


def _fresh_process(var: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(TABLECERT_VAR_DIR=str(var), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=600, check=True)
    return json.loads(out.stdout)


def test_one_warm_up_spec_per_kernel():
    from certification.odds.simulation import build_plan

    assert sorted(build_plan(spec).kernel for spec in warm_specs()) == [
        "nine_ten_eleven", "nine_ten_eleven_cards", "seven_half", "seven_half_walk", "two_card"]


@pytest.mark.slow
def test_the_first_process_compiles_into_the_var_directory_and_the_next_loads(tmp_path):
    first = _fresh_process(tmp_path)
    assert first["kernels"] == ["nine_ten_eleven", "nine_ten_eleven_cards", "seven_half",
                                "seven_half_walk", "two_card"]
    assert first["misses"] == 6 and first["hits"] == 0
    assert list((tmp_path / "numba").rglob("*.nbi"))
    second = _fresh_process(tmp_path)
    assert second["misses"] == 0 and second["hits"] == 6


def test_compiled_code_is_kept_per_version_of_every_compiled_module(tmp_path, monkeypatch, request):
    # numba checks a cached kernel against its own file only; the stream's helpers are
    # inlined into it from another file, so an edit there must not find yesterday's code.
    from certification import compiled

    request.addfinalizer(compiled.sources_digest.cache_clear)
    package = tmp_path / "certification"
    for folder in compiled.COMPILED_SOURCES:
        (package / folder).mkdir(parents=True)
        (package / folder / "kernel.py").write_text("x = 1\n")
    (package / "compiled.py").write_text(Path(compiled.__file__).read_text())
    monkeypatch.setattr(compiled, "__file__", str(package / "compiled.py"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("TABLECERT_VAR_DIR", str(tmp_path / "var"))

    def folder():
        compiled.sources_digest.cache_clear()
        return compiled.cache_dir()

    before = folder()
    assert before.parent == tmp_path / "var" / "numba"
    assert folder() == before
    (package / "odds/simulation/kernel.py").write_text("x = 2\n")
    edited = folder()
    assert edited != before and edited.parent == before.parent
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(edited))  # as a child process inherits it
    assert compiled.cache_dir() == edited
