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


def cpu_seconds(select) -> float:
    """CPU time (user + system) of the live processes ``select(stat fields, title)`` picks."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # the process ended while we looked
        # After the command name: state, ppid, pgrp, ..., utime (12th), stime (13th).
        if select(fields, title):
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def database_cpu_seconds(database: str) -> float:
    """CPU time of the PostgreSQL backends serving ``database`` (their titles name it)."""
    return cpu_seconds(lambda _fields, title: title.startswith("postgres:") and f" {database} " in title)


class Server:
    def __init__(self, process: subprocess.Popen, port: int, log: Path):
        self.process = process
        self.port = port
        self.log = log
        self.base_url = f"http://127.0.0.1:{port}"

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the server's processes (Linux /proc)."""
        return cpu_seconds(lambda fields, _title: int(fields[2]) == self.process.pid)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def start_server(*, env: dict, log: Path, workers: int | None = 2, threads: int = 1,
                 timeout: float = 60, port: int | None = None) -> Server:
    """Start gunicorn with the production settings file on loopback (a free port unless
    given) and wait until it accepts connections. ``workers=None`` keeps the file's count."""
    port = port or free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", "casino/gunicorn.conf.py",
               "casino.wsgi:application", "--bind", f"127.0.0.1:{port}",
               "--access-logfile", "-", "--access-logformat", "%(t)s %(r)s %(s)s %(D)sus",
               "--log-level", "warning"]
    if workers is not None:
        command += ["--workers", str(workers)]
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
