"""``backup`` and ``restore`` carry the rounds: every month's partition, the rounds in it, the
rollups and the batches come back in a new PostgreSQL database."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command

from casino.models import IngestSource
from casino.rules.rounds import Batch
from casino.services.rounds_ingest import ingest_batch
from tests.backups.support import manage, postgres_counts, postgres_env
from tests.backups.test_postgres_roundtrip import new_database  # noqa: F401 (a fixture)
from tests.rounds.generate import make_rounds
from tests.support.workers import _test_database_url

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_rounds_of_two_months_come_back_from_a_backup(table, settings, tmp_path, new_database):  # noqa: F811
    settings.MEDIA_ROOT = tmp_path / "media"
    rounds = make_rounds(30, seed=51)
    for i, r in enumerate(rounds):
        r.time = datetime(2026, 10, 31, 12, tzinfo=UTC) + i * timedelta(hours=1)
    ingest_batch(batch=Batch("backup-1", rounds), source=IngestSource.COMMAND)
    archive = tmp_path / "backup.tar"
    call_command("backup", out=archive, stdout=io.StringIO())
    url = new_database()
    done = manage(postgres_env(url, tmp_path / "restored-media", tmp_path / "restored-var"),
                  "restore", str(archive))
    assert done.returncode == 0, done.stderr
    restored, source = postgres_counts(url), postgres_counts(_test_database_url())
    rows = {t: n for t, n in source.items() if t.startswith(("casino_round", "casino_ingest"))}
    assert {t: restored.get(t) for t in rows} == rows
    assert rows["casino_round_p2026_10"] == 12 and rows["casino_round_p2026_11"] == 18
    assert rows["casino_ingestbatch"] == 1 and rows["casino_roundrollup"] > 0
