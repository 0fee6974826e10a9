"""Build an expensive, read-only fixture once per test run, whichever xdist workers use it.

A module-scoped fixture runs again in every worker that takes one of the module's tests (up
to one per worker with ``--dist worksteal``). Workers share the run's base temporary folder,
so the first to arrive builds under a lock and the others wait for it and reuse the result:
the pattern pytest-xdist's documentation gives for fixtures that must run once.
"""

from __future__ import annotations

import fcntl
from collections.abc import Callable
from pathlib import Path

import pytest

DONE = ".built"


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               build: Callable[[Path], None]) -> Path:
    """The folder ``name`` as ``build(folder)`` left it, built by one process of the run.

    Users must only read it. A build that fails leaves no marker, so the next user retries
    (and fails the same way, with its own message).
    """
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if base.name.startswith("popen-gw") else base
    folder = shared / f"once-{name}"
    with open(shared / f"once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (folder / DONE).exists():
                folder.mkdir(exist_ok=True)
                build(folder)
                (folder / DONE).touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder
