"""A populated installation, a second one to restore into, and what to compare between them."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg

from tests.support.workers import ROOT

SQLITE_ENV_DROPPED = ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "DJANGO_MEDIA_ROOT")


def manage(env: dict[str, str], *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=timeout)


def sqlite_env(var_dir: Path) -> dict[str, str]:
    """An embedded-default installation whose whole state lives in ``var_dir``."""
    env = {k: v for k, v in os.environ.items() if k not in SQLITE_ENV_DROPPED}
    return {**env, "TABLECERT_VAR_DIR": str(var_dir)}


def postgres_env(database_url: str, media: Path, var_dir: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_MEDIA_ROOT": str(media)}
    if var_dir is not None:
        env["TABLECERT_VAR_DIR"] = str(var_dir)
    return env


def file_hashes(root: Path) -> dict[str, str]:
    return {path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(root.rglob("*")) if path.is_file()}


def postgres_counts(url: str) -> dict[str, int]:
    with psycopg.connect("postgresql://" + url.split("://", 1)[1]) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()]
        return {t: conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in sorted(tables)}


def sqlite_counts(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
        return {t: conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in sorted(tables)}
    finally:
        conn.close()


def verify_reports(env: dict[str, str], files: list[Path]) -> list[str]:
    """verify-report's verdict on each file, in the installation of ``env``."""
    verdicts = []
    for path in files:
        done = manage(env, "verify-report", str(path))
        # A draft is genuine but not valid as a certificate: verify-report exits 8 and says DRAFT.
        draft = done.returncode == 8 and done.stderr.startswith("CommandError: DRAFT")
        verdicts.append(done.stdout.strip() if done.returncode == 0 or draft else f"FAILED {done.stderr}")
    return verdicts


def flipped(archive: Path, offset: int, target: Path) -> Path:
    data = bytearray(archive.read_bytes())
    data[offset] ^= 0x01
    target.write_bytes(data)
    return target


def member_offsets(archive: Path) -> dict[str, tuple[int, int]]:
    """Each member's (data offset, size) in the tar."""
    import tarfile

    with tarfile.open(archive) as tar:
        return {m.name: (m.offset_data, m.size) for m in tar.getmembers()}
