"""The configured database, dumped to one file and restored from it.

PostgreSQL goes through ``pg_dump``/``pg_restore`` (custom format), the row counts read in the
very snapshot the dump is taken from; the embedded SQLite file through SQLite's online backup,
which copies a consistent state while the web server and the worker keep writing.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import connection, connections, transaction
from django.db.migrations.loader import MigrationLoader

from .archive import BackupError

POSTGRESQL, SQLITE = "postgresql", "sqlite"
DUMP_NAMES = {POSTGRESQL: "database/tablecert.pgdump", SQLITE: "database/tablecert.sqlite3"}
# What ``migrate`` itself writes into a new database; rows anywhere else mean it is in use.
FILLED_BY_MIGRATE = frozenset({
    "django_migrations", "django_content_type", "auth_permission", "auth_group",
    "auth_group_permissions", "casino_jurisdiction",
})


def engine() -> str:
    vendor = connection.vendor
    if vendor not in (POSTGRESQL, SQLITE):
        raise BackupError(f"backups support PostgreSQL and SQLite, not {vendor}")
    return vendor


def _count(cursor, tables: list[str]) -> dict[str, int]:
    counts = {}
    for table in sorted(tables):
        cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
        counts[table] = cursor.fetchone()[0]
    return counts


def row_counts() -> dict[str, int]:
    with connection.cursor() as cursor:
        return _count(cursor, connection.introspection.table_names(cursor))


def applied_migrations() -> list[str]:
    tables = connection.introspection.table_names()
    if "django_migrations" not in tables:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations ORDER BY app, name")
        return [f"{app}.{name}" for app, name in cursor.fetchall()]


def unknown_migrations(migrations: list[str]) -> list[str]:
    """Migrations the archive's database has that this software does not know (a newer one)."""
    known = {f"{app}.{name}" for app, name in MigrationLoader(None, ignore_no_migrations=True).disk_migrations}
    return [m for m in migrations if m not in known]


def _pg_env() -> dict[str, str]:
    settings = connection.settings_dict
    env = {**os.environ, "PGDATABASE": settings["NAME"], "PGUSER": settings.get("USER") or "",
           "PGHOST": settings.get("HOST") or "", "PGPORT": str(settings.get("PORT") or "")}
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = settings["PASSWORD"]
    if settings.get("OPTIONS", {}).get("sslmode"):
        env["PGSSLMODE"] = settings["OPTIONS"]["sslmode"]
    return {k: v for k, v in env.items() if v != "" or not k.startswith("PG")}


def _run(command: list[str]) -> None:
    if shutil.which(command[0]) is None:
        raise BackupError(f"{command[0]} is not installed (PostgreSQL's client programs are needed)")
    done = subprocess.run(command, env=_pg_env(), capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip() or done.stdout.strip()}")


def dump(destination: Path) -> dict[str, int]:
    """Dump the database to ``destination``; returns the row count of every table in it."""
    if engine() == SQLITE:
        return _sqlite_dump(destination)
    with transaction.atomic(), connection.cursor() as cursor:
        # One snapshot for the counts and pg_dump: they describe the very same state.
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        cursor.execute("SELECT pg_export_snapshot()")
        snapshot = cursor.fetchone()[0]
        counts = _count(cursor, connection.introspection.table_names(cursor))
        _run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges",
              f"--snapshot={snapshot}", f"--file={destination}"])
    return counts


def _sqlite_dump(destination: Path) -> dict[str, int]:
    source = sqlite3.connect(connection.settings_dict["NAME"])
    target = sqlite3.connect(destination)
    try:
        source.backup(target)
        # A self-contained file: no write-ahead log beside it.
        target.execute("PRAGMA journal_mode=DELETE")
        names = [row[0] for row in target.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
        return {name: target.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
                for name in sorted(names)}
    finally:
        target.close()
        source.close()


def in_use() -> list[str]:
    """The tables that hold rows ``migrate`` did not write: empty when the database may be
    restored into (newly created, or migrated and never used)."""
    if engine() == SQLITE and not _sqlite_has_content():
        return []
    return [f"{table} ({count} rows)" for table, count in row_counts().items()
            if count and table not in FILLED_BY_MIGRATE]


def _sqlite_has_content() -> bool:
    path = Path(connection.settings_dict["NAME"])
    return path.is_file() and path.stat().st_size > 0


def restore(dump_file: Path, archive_engine: str) -> None:
    """Load ``dump_file`` into the configured database, which ``in_use`` found empty."""
    if archive_engine != engine():
        raise BackupError(f"the archive holds a {archive_engine} database, but this installation "
                          f"is configured for {engine()}; restore it into a {archive_engine} database")
    connections.close_all()
    if engine() == SQLITE:
        _sqlite_restore(dump_file)
        return
    # --clean drops what a freshly migrated database already has; one transaction, so a
    # failure leaves the database as it was.
    _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "--exit-on-error", f"--dbname={connection.settings_dict['NAME']}",
          str(dump_file)])


def _sqlite_restore(dump_file: Path) -> None:
    target = Path(connection.settings_dict["NAME"])
    target.parent.mkdir(parents=True, exist_ok=True)
    incoming = target.with_name(target.name + ".restoring")
    shutil.copyfile(dump_file, incoming)
    with incoming.open("rb+") as handle:
        os.fsync(handle.fileno())
    for leftover in (target.with_name(target.name + "-wal"), target.with_name(target.name + "-shm")):
        leftover.unlink(missing_ok=True)
    os.replace(incoming, target)
