"""Back up a populated PostgreSQL installation and restore it into a fresh database and media
folder: every table's rows, every stored file, every certificate's signature come back; an
altered archive and a non-empty target are refused with nothing changed."""

from __future__ import annotations

import io
import uuid

import psycopg
import pytest
from django.core.management import call_command

from certification.models import IssuedReport
from tests.support.template_database import migrated_database_create
from tests.support.workers import _test_database_url

from .populate import populate
from .support import (
    file_hashes,
    flipped,
    manage,
    member_offsets,
    postgres_counts,
    postgres_env,
    verify_reports,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def new_database():
    """Make databases on the test server, empty or as ``migrate`` leaves them (a copy of the
    migrated template the test database was copied from); each is dropped afterwards."""
    base = _test_database_url().rsplit("/", 1)[0]
    admin = "postgresql://" + base.split("://", 1)[1] + "/postgres"
    made = []

    def make(*, migrated: bool = False) -> str:
        name = f"tc_restore_{uuid.uuid4().hex[:10]}"
        if migrated:
            migrated_database_create(name)
        else:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        return f"{base}/{name}"

    yield make
    with psycopg.connect(admin, autocommit=True) as conn:
        for name in made:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def source(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "source-media"
    return populate()


def _backup(tmp_path):
    archive = tmp_path / "backup.tar"
    call_command("backup", out=archive, stdout=io.StringIO())
    return archive


def test_a_backup_restores_into_a_new_database_whole(source, settings, tmp_path, new_database):
    archive = _backup(tmp_path)
    url, media = new_database(), tmp_path / "restored-media"
    env = postgres_env(url, media, tmp_path / "restored-var")
    done = manage(env, "restore", str(archive))
    assert done.returncode == 0, done.stderr
    assert "Restored" in done.stdout

    assert postgres_counts(url) == postgres_counts(_test_database_url())
    assert set(IssuedReport.objects.values_list("kind", flat=True)) == {"draft", "approved"}
    assert postgres_counts(url)["certification_issuedreport"] == IssuedReport.objects.count()
    assert file_hashes(media) == file_hashes(settings.MEDIA_ROOT) != {}
    certificates = [media / entry.file.name for entry in IssuedReport.objects.all()]
    verdicts = verify_reports(env, certificates)
    assert all(v.startswith("AUTHENTIC") and "unaltered copy of certificate" in v for v in verdicts), verdicts


def test_a_migrated_database_takes_the_restore_and_a_used_one_refuses_it(
        source, tmp_path, new_database):
    archive = _backup(tmp_path)
    url, media = new_database(migrated=True), tmp_path / "restored-media"
    env = postgres_env(url, media, tmp_path / "restored-var")
    assert manage(env, "migrate", "--check").returncode == 0  # nothing left to apply
    done = manage(env, "restore", str(archive))
    assert done.returncode == 0, done.stderr
    assert postgres_counts(url) == postgres_counts(_test_database_url())

    before = (postgres_counts(url), file_hashes(media))
    again = manage(env, "restore", str(archive))
    assert again.returncode != 0
    assert "NOT RESTORED: the database is not empty" in again.stderr
    assert (postgres_counts(url), file_hashes(media)) == before


def test_an_archive_with_one_byte_changed_is_refused_and_changes_nothing(
        source, tmp_path, new_database):
    archive = _backup(tmp_path)
    offsets = member_offsets(archive)
    dump_at, dump_size = offsets["database/tablecert.pgdump"]
    url, media = new_database(), tmp_path / "restored-media"
    env = postgres_env(url, media, tmp_path / "restored-var")
    bad = flipped(archive, dump_at + dump_size // 2, tmp_path / "bad.tar")
    done = manage(env, "restore", str(bad))
    assert done.returncode != 0
    assert "NOT RESTORED: the archive differs from its signed manifest" in done.stderr
    assert "database/tablecert.pgdump: SHA-256" in done.stderr
    assert postgres_counts(url) == {}
    assert not media.exists() or file_hashes(media) == {}
