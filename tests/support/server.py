"""A real gunicorn serving the project on loopback, for fault and load tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, process: subprocess.Popen, port: int, log: Path):
        self.process = process
        self.port = port
        self.log = log
        self.base_url = f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def start_server(*, env: dict, log: Path, workers: int = 2, threads: int = 1,
                 timeout: float = 60, port: int | None = None) -> Server:
    """Start gunicorn on loopback (a free port unless given) and wait until it accepts
    connections."""
    port = port or free_port()
    command = [sys.executable, "-m", "gunicorn", "casino.wsgi:application",
               "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
               "--access-logfile", "-", "--access-logformat", "%(t)s %(r)s %(s)s %(D)sus",
               "--log-level", "warning"]
    if threads > 1:
        command += ["--worker-class", "gthread", "--threads", str(threads)]
    with log.open("w") as output:  # the child keeps its own descriptor
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env},
                                   stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    server = Server(process, port, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited early:\n{log.read_text()[-3000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"gunicorn did not listen on {port} within {timeout} s")
