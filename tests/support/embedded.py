"""The application started exactly as a new user starts it: ``make run`` on the embedded default.

A fresh ``TABLECERT_VAR_DIR``, a free loopback port, no ``DATABASE_URL`` and no
``CELERY_BROKER_URL``: the SQLite file and the local-folder broker of a laptop, the web server
and the worker of ``bin/run-embedded``, and the demo administrator it prints.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.once import built_once
from tests.support.server import ROOT, free_port

CREDENTIALS = re.compile(r"Demo administrator \w+: username '([^']+)', password '([^']+)'")
READY = "tablecert is running at"
# Settings a developer's or CI's shell may carry that the embedded default must not see.
SERVICE_SETTINGS = ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "DJANGO_ENV",
                    "DJANGO_DEBUG", "DJANGO_STATIC_ROOT", "DJANGO_MEDIA_ROOT", "REQUIRE_SERVICES")


@dataclass
class EmbeddedApp:
    process: subprocess.Popen
    base_url: str
    username: str
    password: str
    log: Path

    def stop(self) -> None:
        """Ctrl-C, as a user stops it: SIGINT to the whole foreground group."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def embedded_env(var_dir: Path) -> dict[str, str]:
    """A shell's environment for the embedded default whose state lives in ``var_dir``."""
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_SETTINGS}
    env.update(TABLECERT_VAR_DIR=str(var_dir), PYTHONUNBUFFERED="1")
    return env


def migrated_embedded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A var folder as ``manage.py migrate`` leaves the embedded default's, migrated once per
    run whichever processes ask (read only: copy it)."""
    return built_once(tmp_path_factory, "embedded-migrated", _migrate) / "var"


def _migrate(folder: Path) -> None:
    done = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT,
                          env=embedded_env(folder / "var"), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"migrate: {done.stderr}"


def start_embedded(var_dir: Path, log: Path, *, timeout: float = 240) -> EmbeddedApp:
    """Run ``make run`` and wait until it serves and has printed the demo administrator."""
    port = free_port()
    env = {**embedded_env(var_dir), "HOST": "127.0.0.1", "PORT": str(port)}
    with log.open("w") as output:  # the child keeps its own descriptor
        process = subprocess.Popen(["make", "--no-print-directory", "run"], cwd=ROOT, env=env,
                                   stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    app = EmbeddedApp(process, f"http://127.0.0.1:{port}", "", "", log)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"make run exited early:\n{app.output()[-3000:]}")
            text = app.output()
            found = CREDENTIALS.search(text)
            if found and READY in text and _listening(port):
                app.username, app.password = found.groups()
                return app
            time.sleep(0.2)
        raise RuntimeError(f"make run did not serve within {timeout} s:\n{app.output()[-3000:]}")
    except BaseException:
        app.stop()
        raise


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True
