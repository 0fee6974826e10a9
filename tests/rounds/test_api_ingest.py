"""POST /api/v1/rounds/: a batch stored whole and once, counted into the rollups."""

from __future__ import annotations

import msgspec
import pytest

from casino.models import IngestBatch, Round, RoundRollup
from tests.rounds.generate import make_batch, make_rounds

pytestmark = pytest.mark.django_db


def post(client, secret, body: bytes):
    return client.post("/api/v1/rounds/", data=body, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {secret}")


def test_a_batch_is_stored_with_its_rollups(client, token_secret, table):
    rounds = make_rounds(40, seed=3)
    response = post(client, token_secret, msgspec.json.encode(make_batch("b-1", rounds)))
    assert response.status_code == 201, response.content
    assert response.json() == {"batch_id": "b-1", "posted": 40, "stored": 40, "already_stored": 0,
                               "replayed": False}
    stored = Round.objects.filter(table=table).order_by("played_at")
    assert stored.count() == 40
    first = stored.first()
    assert first.cards.split() == rounds[0].cards
    assert first.seats[0]["decisions"] == rounds[0].seats[0].decisions
    rollups = RoundRollup.objects.filter(table=table)
    assert sum(r.rounds for r in rollups) == 40
    assert sum(r.net for r in rollups) == sum(r.net for r in rounds)
    assert sum(r.handle for r in rollups) == sum(r.handle for r in rounds)
    assert sum(r.hands for r in rollups) == 200


def test_the_same_batch_twice_is_stored_once(client, token_secret, table):
    body = msgspec.json.encode(make_batch("b-2", make_rounds(30, seed=4)))
    assert post(client, token_secret, body).status_code == 201
    again = post(client, token_secret, body)
    assert again.status_code == 200
    assert again.json()["replayed"] is True
    assert Round.objects.filter(table=table).count() == 30
    assert sum(r.rounds for r in RoundRollup.objects.all()) == 30


def test_the_same_rounds_under_a_new_batch_id_are_stored_once(client, token_secret, table):
    rounds = make_rounds(30, seed=5)
    assert post(client, token_secret, msgspec.json.encode(make_batch("b-3", rounds[:20]))).status_code == 201
    response = post(client, token_secret, msgspec.json.encode(make_batch("b-4", rounds)))
    assert response.status_code == 201
    assert response.json()["stored"] == 10 and response.json()["already_stored"] == 20
    assert Round.objects.filter(table=table).count() == 30
    assert sum(r.rounds for r in RoundRollup.objects.all()) == 30
    assert IngestBatch.objects.get(batch_id="b-4").rounds_stored == 10
