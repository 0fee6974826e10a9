"""What processes do as they start, so their first real work is not their slowest."""

from __future__ import annotations

import os
import runpy
import threading
from pathlib import Path

from casino.rules import PRESETS
from casino.views import figures
from certification.odds.seven_half import dealer_reuse
from certification.services import simulation

ROOT = Path(__file__).resolve().parents[2]


def test_each_web_worker_prices_the_presets_before_its_first_request():
    figures.exact_edges.cache_clear()
    dealer_reuse._shared = None
    config = runpy.run_path(str(ROOT / "casino" / "gunicorn.conf.py"))
    config["post_worker_init"](None)
    assert figures.exact_edges.cache_info().currsize == len(PRESETS)
    assert len(dealer_reuse.shared_pool()._dealers) == len(PRESETS) - 1  # the Seven-and-a-Half ones
    assert config["workers"] == len(os.sched_getaffinity(0))


def test_the_kernel_warm_up_thread_yields_to_interactive_work():
    seen = {}

    def warm():
        simulation._yield_to_interactive_work()
        seen["warm"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    thread = threading.Thread(target=warm)
    thread.start()
    thread.join()
    assert seen["warm"] == min(before + simulation.WARM_NICENESS, 19)
    # Only the warm-up thread: the process's other threads keep their priority.
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before


def _warm_then_mark(marker: str) -> None:
    with simulation._one_compiler_at_a_time():
        Path(marker).touch()


def test_one_process_of_a_pool_compiles_the_kernels_while_the_others_wait(tmp_path, monkeypatch):
    import multiprocessing
    import time

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    marker = tmp_path / "second-process-warmed"
    with simulation._one_compiler_at_a_time():
        other = multiprocessing.get_context("fork").Process(target=_warm_then_mark, args=(str(marker),))
        other.start()
        time.sleep(1)
        assert not marker.exists()  # waits while this process compiles
    other.join(timeout=30)
    assert other.exitcode == 0 and marker.exists()
