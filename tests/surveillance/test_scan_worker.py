"""Rounds posted through the API are scanned by a real worker, which opens the case."""

from __future__ import annotations

import time

import msgspec
import pytest
from django.core.cache import cache

from casino.permissions import Role
from casino.rules.rounds import Batch
from casino.services.ingest_tokens import ingest_token_create
from casino.services.round_partitions import forget_known_partitions
from certification.models import SurveillanceCase
from certification.tasks import surveillance as scan_tasks
from tests.backoffice.factories import UserFactory, make_table, make_variant
from tests.surveillance.floor_rounds import READER, floor_rounds


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_posted_rounds_are_scanned_by_a_worker(client, start_worker, monkeypatch):
    cache.clear()
    forget_known_partitions()
    monkeypatch.setattr(scan_tasks, "SCAN_DELAY", 0)
    start_worker(concurrency=1)
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    table = make_table(admin=adam, variant=make_variant(actor=None, preset="sette-e-mezzo"), table_id="T-01",
                       bet_limits={"ante": {"min": 5, "max": 25}})
    _, secret = ingest_token_create(actor=adam, name="shoe reader", tables=[table])
    body = msgspec.json.encode(Batch(batch_id="b-1", rounds=floor_rounds(240)))
    response = client.post("/api/v1/rounds/", data=body, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert response.status_code == 201, response.content
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not SurveillanceCase.objects.exists():
        time.sleep(0.5)
    case = SurveillanceCase.objects.get()
    assert (case.kind, case.players, case.opened_by) == ("hole_card", [READER], None)
