"""Fault fixtures: a private Redis the test may stop and start, and broker clean-up.

The shared broker is never restarted; a test that needs a broker outage gets its own
``redis-server`` on a free loopback port, without persistence, so a restart loses every
queued message exactly like a broker that crashed.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.parallel import broker_key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class PrivateRedis:
    def __init__(self, port: int, workdir: Path):
        self.port = port
        self.workdir = workdir
        self.process: subprocess.Popen | None = None
        self.url = f"redis://127.0.0.1:{port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not _answers(self.port):
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on port {self.port} did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


def use_broker(url: str) -> None:
    """Point this process's Celery app (publishing, control pings) at ``url``."""
    from casino.celery import app

    # Dropped, not closed: cached producers may still hold the old pool, and closing it
    # under them fails; the old connections go with the garbage.
    app._pool = None
    app.amqp._producer_pool = None
    app.control._after_fork()  # drops the control mailbox's cached producer pool
    # The read and write URLs were resolved from the broker URL when the app was configured.
    app.conf.broker_url = app.conf.broker_write_url = app.conf.broker_read_url = url


@pytest.fixture
def private_broker(tmp_path: Path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    from casino.celery import app

    shared_url = app.conf.broker_url
    redis = PrivateRedis(free_port(), tmp_path)
    redis.start()
    use_broker(redis.url)
    try:
        yield redis
    finally:
        use_broker(shared_url)
        redis.stop()


@pytest.fixture
def drop_unacked():
    """Forget messages a killed worker left unacknowledged, so no later test receives them."""
    yield
    import redis
    from django.conf import settings

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    client.delete(*(broker_key(k) for k in ("unacked", "unacked_index", "unacked_mutex")))
    client.close()
