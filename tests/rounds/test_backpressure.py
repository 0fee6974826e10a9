"""Under back-pressure a batch is answered 429 with Retry-After before anything is written;
the same batch posted again later is stored."""

from __future__ import annotations

import msgspec
import psycopg
import pytest

from casino.models import IngestBatch, Round
from casino.services.rounds_ingest import _ADVISORY_BUSY_SPACE
from tests.rounds.generate import make_batch, make_rounds
from tests.support.workers import _test_database_url

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_batch_beyond_the_writers_allowed_waits_its_turn(client, token_secret, settings):
    settings.TABLECERT_INGEST_CONCURRENCY = 1
    settings.TABLECERT_INGEST_RETRY_AFTER = 3
    body = msgspec.json.encode(make_batch("busy-1", make_rounds(5, seed=61)))

    def post():
        return client.post("/api/v1/rounds/", data=body, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Bearer {token_secret}")

    url = "postgresql://" + _test_database_url().split("://", 1)[1]
    with psycopg.connect(url) as other:  # another process holds the one writing slot
        other.execute("SELECT pg_advisory_xact_lock(%s, 1)", [_ADVISORY_BUSY_SPACE])
        response = post()
        assert response.status_code == 429
        assert response["Retry-After"] == "3"
        assert Round.objects.count() == 0 and IngestBatch.objects.count() == 0
    response = post()
    assert response.status_code == 201
    assert Round.objects.count() == 5
