"""The test database copied from one migrated PostgreSQL template instead of migrated anew.

pytest-django migrates a test database from scratch in every process of a run (each
pytest-xdist worker, then the serial part), several seconds of CPU each. Here the first
process to need it migrates a template database, as pytest-django would migrate the test
database, and every process copies it (``CREATE DATABASE ... TEMPLATE``, a file copy on the
server). The copy is what ``migrate`` left: the template is used only once ``migrate`` has
finished on it (it is renamed then), and its name carries a digest of the migrations and of the
code they import, so a change to either builds a new one (older ones are dropped). It is kept
between runs; an advisory lock lets one process build it while the others wait.

Tests that need a fresh migrated database of their own copy the same template
(``migrated_database_create``). Without PostgreSQL the test database is set up as
pytest-django does.
"""

from __future__ import annotations

import hashlib
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("casino", "certification")

_template: str | None = None


def _digest() -> str:
    """Of everything that decides what ``migrate`` leaves: Django, every installed app's
    migrations, and the product's code and data (its data migrations import them)."""
    import django
    from django.apps import apps

    roots = {ROOT / name for name in PRODUCT}
    roots |= {Path(app.path) / "migrations" for app in apps.get_app_configs()}
    digest = hashlib.sha256(django.get_version().encode())
    for root in sorted(r for r in roots if r.is_dir()):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(root.parent)}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@contextmanager
def _server(settings_dict: dict):
    """An autocommit connection to the server's maintenance database."""
    with psycopg.connect(dbname="postgres", host=settings_dict["HOST"] or "127.0.0.1",
                         port=settings_dict["PORT"] or 5432, user=settings_dict["USER"] or None,
                         password=settings_dict["PASSWORD"] or None, autocommit=True) as conn:
        yield conn


def _exists(server, name: str) -> bool:
    return server.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None


def _build_template(connection, server, template: str, prefix: str, verbosity: int) -> None:
    for (stale,) in server.execute("SELECT datname FROM pg_database WHERE datname LIKE %s AND datname <> %s",
                                   [prefix.replace("_", r"\_") + "%", template]).fetchall():
        try:
            server.execute(f'DROP DATABASE "{stale}"')
        except psycopg.Error:  # in use by another run: it drops it when done with it
            pass
    building = f"{template}_building"
    old_name = connection.settings_dict["NAME"]
    test_settings = connection.settings_dict.setdefault("TEST", {})
    test_name = test_settings.get("NAME")
    test_settings["NAME"] = building
    try:
        connection.creation.create_test_db(verbosity=verbosity, autoclobber=True, serialize=False)
    finally:
        test_settings["NAME"] = test_name
    connection.close()
    server.execute(f'ALTER DATABASE "{building}" RENAME TO "{template}"')
    from django.conf import settings

    connection.settings_dict["NAME"] = old_name
    settings.DATABASES[connection.alias]["NAME"] = old_name


def _copy(server, template: str, name: str) -> None:
    server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    server.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')


@pytest.fixture(scope="session")
def django_db_setup(request, django_test_environment, django_db_blocker, django_db_use_migrations,
                    django_db_keepdb, django_db_createdb, django_db_modify_db_settings):
    """pytest-django's fixture of that name, the PostgreSQL test database copied from the
    migrated template (pytest-django's own set-up otherwise: another database, no migrations,
    a kept database, or a test asking for a serialized rollback)."""
    from django.conf import settings
    from django.db import connections
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _get_databases_for_setup

    global _template
    verbosity = request.config.option.verbose
    connection = connections["default"]
    aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
    if (connection.vendor != "postgresql" or len(connections.all(initialized_only=False)) != 1
            or not django_db_use_migrations or (django_db_keepdb and not django_db_createdb)
            or serialized_aliases):
        if not django_db_use_migrations:
            from pytest_django.fixtures import _disable_migrations

            _disable_migrations()
        with django_db_blocker.unblock():
            config = setup_databases(verbosity=verbosity, interactive=False, aliases=aliases,
                                     serialized_aliases=serialized_aliases,
                                     keepdb=django_db_keepdb and not django_db_createdb)
        yield
        if not django_db_keepdb:
            with django_db_blocker.unblock():
                teardown_databases(config, verbosity=verbosity)
        return

    old_name = connection.settings_dict["NAME"]
    test_name = connection.creation._get_test_db_name()
    prefix = f"test_{old_name[:30]}_migrated_"
    template = prefix + _digest()
    with django_db_blocker.unblock():
        with _server(connection.settings_dict) as server:
            server.execute("SELECT pg_advisory_lock(hashtext(%s))", [prefix])
            if not _exists(server, template):
                _build_template(connection, server, template, prefix, verbosity)
            _copy(server, template, test_name)
        connection.close()
        connection.settings_dict["NAME"] = test_name
        settings.DATABASES[connection.alias]["NAME"] = test_name
    _template = template
    yield
    _template = None
    if not django_db_keepdb:
        with django_db_blocker.unblock():
            connection.creation.destroy_test_db(old_name, verbosity=verbosity, keepdb=False)


def migrated_database_create(name: str) -> None:
    """A new database ``name`` on the test server, as ``migrate`` leaves an empty one."""
    from django.db import connection

    if _template is None:
        raise RuntimeError("the migrated template is known once the test database is set up")
    with _server(connection.settings_dict) as server:
        server.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_template}"')
