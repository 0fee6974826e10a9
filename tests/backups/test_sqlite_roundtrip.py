"""The embedded default (SQLite) backed up and restored into a fresh folder, and into a migrated
one: every table's rows, every stored file, every certificate verifying; an altered archive and
a used database are refused with nothing changed."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.support.embedded import migrated_embedded
from tests.support.once import built_once

from .support import (
    file_hashes,
    flipped,
    manage,
    member_offsets,
    sqlite_counts,
    sqlite_env,
    verify_reports,
)


def _certified_and_backed_up(root: Path, migrated: Path) -> None:
    # A folder as ``migrate`` leaves it is kept for the tests that restore into a migrated
    # installation: migrated once per run, copied by each.
    shutil.copytree(migrated, root / "migrated")
    shutil.copytree(root / "migrated", root / "source")
    env = sqlite_env(root / "source")
    for args in (("load_presets",),
                 ("certify", "sette-e-mezzo", "--out", str(root / "sette.pdf"), "--rounds", "20000"),
                 ("backup", "--out", str(root / "backup.tar"))):
        done = manage(env, *args)
        assert done.returncode == 0, f"{args}: {done.stderr}"


@pytest.fixture(scope="module")
def installation(tmp_path_factory):
    """A certified variant on the embedded default, its backup, and a freshly migrated
    installation (read only: built once for the whole run, whichever workers take this
    module's tests)."""
    migrated = migrated_embedded(tmp_path_factory)
    return built_once(tmp_path_factory, "embedded-backup",
                      lambda root: _certified_and_backed_up(root, migrated))


def _register(database) -> list[str]:
    conn = sqlite3.connect(database)
    try:
        return [row[0] for row in conn.execute("SELECT file FROM certification_issuedreport")]
    finally:
        conn.close()


def test_a_fresh_folder_gets_every_row_file_and_signature_back(installation, tmp_path):
    source, target = installation / "source", tmp_path / "target"
    env = sqlite_env(target)
    done = manage(env, "restore", str(installation / "backup.tar"))
    assert done.returncode == 0, done.stderr

    assert sqlite_counts(target / "tablecert.sqlite3") == sqlite_counts(source / "tablecert.sqlite3")
    assert file_hashes(target / "media") == file_hashes(source / "media") != {}
    certificates = _register(target / "tablecert.sqlite3")
    assert len(certificates) == 1
    verdicts = verify_reports(env, [target / "media" / name for name in certificates])
    assert all(v.startswith("AUTHENTIC") and "unaltered copy of certificate" in v for v in verdicts), verdicts


def test_a_migrated_database_takes_it_once_and_then_refuses(installation, tmp_path):
    target = tmp_path / "target"
    env = sqlite_env(target)
    shutil.copytree(installation / "migrated", target)
    assert manage(env, "restore", str(installation / "backup.tar")).returncode == 0
    database = target / "tablecert.sqlite3"
    before = (sqlite_counts(database), file_hashes(target / "media"), database.read_bytes())

    again = manage(env, "restore", str(installation / "backup.tar"))
    assert again.returncode != 0
    assert "NOT RESTORED: the database is not empty" in again.stderr
    assert (sqlite_counts(database), file_hashes(target / "media"), database.read_bytes()) == before


@pytest.mark.parametrize("where", ["media", "header", "manifest", "signature", "end"])
def test_one_byte_changed_is_refused_and_changes_nothing(installation, tmp_path, where):
    archive = installation / "backup.tar"
    offsets = member_offsets(archive)
    pdf = next(name for name in offsets if name.endswith(".pdf"))
    at = {
        "media": offsets[pdf][0] + offsets[pdf][1] // 2,
        "header": offsets[pdf][0] - 512 + 140,  # the mode and owner fields of its tar header
        "manifest": offsets["manifest.json"][0] + 40,
        "signature": offsets["manifest.json.p7s"][0] + 25,  # the CMS version, not signed
        "end": archive.stat().st_size - 1,
    }[where]
    bad = flipped(archive, at, tmp_path / "bad.tar")
    target = tmp_path / "target"
    env = sqlite_env(target)
    done = manage(env, "restore", str(bad))
    assert done.returncode != 0
    assert "NOT RESTORED:" in done.stderr
    assert not (target / "tablecert.sqlite3").exists() or sqlite_counts(target / "tablecert.sqlite3") == {}
    assert file_hashes(target / "media") == {}
