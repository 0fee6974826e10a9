"""A worker process readies the compiled kernels as it starts, before any task arrives."""

import time

import pytest

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_each_worker_process_warms_the_kernels_at_start(start_worker):
    worker = start_worker(concurrency=2, name="warm")
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        log = worker.log.read_text()
        if log.count("compiled kernels ready") >= 2:
            break
        assert "warming the compiled kernels failed" not in log
        time.sleep(0.5)
    else:
        raise AssertionError(f"no warm-up reported:\n{worker.log.read_text()[-3000:]}")
    for kernel in ("two_card", "seven_half", "nine_ten_eleven", "nist"):
        assert kernel in log
