"""Each pytest-xdist worker process gets its own share of the services the suite touches.

pytest-django already gives every worker its own test database (``test_NAME_gw0``, ...).
The rest is set here, in the environment, before Django reads its settings, so the worker's
Celery workers, servers and commands started as child processes inherit it:

- the broker: one Redis database, every key prefixed with the worker's name, so a Celery
  worker started by one test process never takes another's tasks (and a purge, a kill or the
  unacknowledged-message sweep stays within one process's messages);
- the var directory (default media root, mail, signing key, embedded broker folder): its own,
  because file names follow row ids, and each worker's database counts from 1;
- compiled kernels: shared, under the run's var directory, so numba compiles a kernel once
  per run, not once per worker (numba writes its cache files atomically).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def xdist_worker() -> str | None:
    """``gw0``, ``gw1``, ... inside a pytest-xdist worker; ``None`` in a plain run."""
    return os.environ.get("PYTEST_XDIST_WORKER")


def isolate_xdist_worker() -> None:
    worker = xdist_worker()
    if worker is None or os.environ.get("TABLECERT_XDIST_ISOLATED") == worker:
        return
    run_var = Path(os.environ.get("TABLECERT_VAR_DIR") or ROOT / "var")
    os.environ.setdefault("NUMBA_CACHE_DIR", str(run_var / "numba"))
    os.environ["TABLECERT_VAR_DIR"] = str(run_var / "xdist" / worker)
    prefix = os.environ.get("CELERY_BROKER_KEY_PREFIX", "")
    os.environ["CELERY_BROKER_KEY_PREFIX"] = f"{prefix}{worker}:"
    os.environ["TABLECERT_XDIST_ISOLATED"] = worker


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    # A plugin named with ``-p`` (pyproject's addopts) is loaded before pytest-django reads
    # the settings, which happens before the first conftest is imported.
    isolate_xdist_worker()
    return (yield)


def broker_key(name: str) -> str:
    """A raw Redis key of the configured broker, as kombu names it (with the key prefix)."""
    from django.conf import settings

    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
    return options.get("global_keyprefix", "") + name
