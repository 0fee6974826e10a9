"""Real Celery worker processes for integration tests, pointed at the test database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _test_database_url() -> str:
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] or ""
    if s.get("PASSWORD"):
        auth += f":{s['PASSWORD']}"
    host = s["HOST"] or "127.0.0.1"
    port = s["PORT"] or "5432"
    return f"postgres://{auth}@{host}:{port}/{s['NAME']}"


class WorkerProcess:
    def __init__(self, process: subprocess.Popen, hostname: str, log: Path):
        self.process = process
        self.hostname = hostname
        self.log = log

    def kill(self) -> None:
        """Kill the whole worker (main and pool processes) without a chance to clean up."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=30)

    def stop(self) -> None:
        self.ask_to_stop()
        self.wait_stopped()

    def ask_to_stop(self) -> None:
        """A warm shutdown: the worker finishes what it holds, then exits."""
        if self.process.poll() is None:
            # To the main process alone, which stops its pool: a pool process killed by a
            # signal to the whole group can die holding the pool's queue lock, and the
            # worker then hangs in its shutdown (billiard).
            try:
                os.kill(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    def wait_stopped(self) -> None:
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()


def _wait_ready(hostname: str, worker: WorkerProcess, timeout: float = 90) -> None:
    from casino.celery import app

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if worker.process.poll() is not None:
            raise RuntimeError(f"worker exited early:\n{worker.log.read_text()[-3000:]}")
        replies = app.control.ping(destination=[hostname], timeout=1.0)
        if replies:
            return
    raise RuntimeError(f"worker {hostname} did not answer a ping in {timeout} s")


@pytest.fixture
def start_worker(
    django_db_setup, tmp_path: Path
) -> Iterator[Callable[..., WorkerProcess]]:
    """Start real worker processes against the test database; all are stopped afterwards."""
    from casino.celery import app

    # Messages left by an earlier, interrupted run would reach the new workers first.
    app.control.purge()
    started: list[WorkerProcess] = []

    def start(concurrency: int = 1, name: str | None = None, extra_env: dict | None = None):
        hostname = f"{name or 'worker'}-{uuid.uuid4().hex[:8]}@%h".replace(
            "%h", os.uname().nodename
        )
        log = tmp_path / f"{hostname.split('@')[0]}.log"
        env = {
            **os.environ,
            "DATABASE_URL": _test_database_url(),
            "PYTHONUNBUFFERED": "1",
            **(extra_env or {}),
        }
        with log.open("w") as output:  # the child keeps its own descriptor
            process = subprocess.Popen(
                [
                    sys.executable, "-m", "celery", "-A", "casino", "worker",
                    "--loglevel=INFO", f"--concurrency={concurrency}", "-n", hostname,
                    "--without-gossip", "--without-mingle",
                ],
                cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        worker = WorkerProcess(process, hostname, log)
        started.append(worker)
        _wait_ready(hostname, worker)
        return worker

    yield start
    # Every worker shuts down at once rather than one after another.
    for worker in started:
        worker.ask_to_stop()
    for worker in started:
        worker.wait_stopped()


@pytest.fixture
def celery_worker_process(start_worker) -> WorkerProcess:
    return start_worker(concurrency=2)
