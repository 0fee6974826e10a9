"""Reachability of the configured database and broker."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def services_configured() -> bool:
    return bool(os.environ.get("DATABASE_URL")) and bool(os.environ.get("CELERY_BROKER_URL"))


def service_problems() -> list[str]:
    problems: list[str] = []
    database_url = os.environ.get("DATABASE_URL", "")
    broker_url = os.environ.get("CELERY_BROKER_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://", "pgsql://")):
        problems.append(f"DATABASE_URL must point at PostgreSQL, got {database_url or '(unset)'!r}")
    else:
        try:
            import psycopg

            with psycopg.connect(_libpq_url(database_url), connect_timeout=5) as conn:
                conn.execute("SELECT 1")
        except Exception as exc:  # any failure to connect is reported, not raised
            problems.append(f"PostgreSQL at DATABASE_URL is unreachable: {exc}")
    if not broker_url.startswith(("redis://", "rediss://", "amqp://", "pyamqp://")):
        problems.append(f"CELERY_BROKER_URL must be Redis or RabbitMQ, got {broker_url or '(unset)'!r}")
    else:
        try:
            from kombu import Connection

            with Connection(broker_url, connect_timeout=5) as conn:
                conn.ensure_connection(max_retries=1)
        except Exception as exc:
            problems.append(f"the broker at CELERY_BROKER_URL is unreachable: {exc}")
    return problems


def tool_problems() -> list[str]:
    """Programs whose absence would otherwise skip tests: the browser and a private Redis."""
    problems = []
    if not Path("/usr/bin/chromium").exists():
        problems.append("/usr/bin/chromium is not installed: the browser tests would be skipped")
    if shutil.which("redis-server") is None:
        problems.append("redis-server is not installed: the broker-restart tests would be skipped")
    if shutil.which("xgettext") is None:
        problems.append("gettext is not installed: the catalogue completeness test would be skipped")
    return problems


def _libpq_url(url: str) -> str:
    return "postgresql://" + url.split("://", 1)[1]
