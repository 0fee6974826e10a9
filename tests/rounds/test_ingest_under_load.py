"""Ingest under load: 20 clients post batches at once, some batches twice (same batch id) and
some rounds again under a new batch id, and the server is killed and started again in the
middle. Every round posted is stored exactly once; the rollups count the same rounds."""

from __future__ import annotations

import os
import random
import signal
import threading
import time

import msgspec
import pytest
from django.db import connection

from casino.models import IngestBatch, Round, RoundRollup
from tests.support.server import free_port, start_server
from tests.support.workers import _test_database_url

from .generate import make_batch, make_rounds
from .ingest_load import LoadReport, post_batches

pytestmark = [pytest.mark.services, pytest.mark.serial, pytest.mark.django_db(transaction=True)]

CLIENTS = 20
BATCHES = 150
ROUNDS_PER_BATCH = 20


def _bodies() -> tuple[list[tuple[bytes, int]], set[str]]:
    rounds = make_rounds(BATCHES * ROUNDS_PER_BATCH, seed=11, seats=3)
    chunks = [rounds[i:i + ROUNDS_PER_BATCH] for i in range(0, len(rounds), ROUNDS_PER_BATCH)]
    bodies = [(msgspec.json.encode(make_batch(f"load-{i}", chunk)), len(chunk))
              for i, chunk in enumerate(chunks)]
    rng = random.Random(5)
    twice = [bodies[i] for i in rng.sample(range(len(bodies)), 20)]  # the same batch id again
    again = [(msgspec.json.encode(make_batch(f"load-again-{i}", chunks[i] + chunks[i + 1])),
              2 * ROUNDS_PER_BATCH) for i in rng.sample(range(len(chunks) - 1), 10)]
    everything = bodies + twice + again
    rng.shuffle(everything)
    return everything, {r.round_id for r in rounds}


def test_twenty_clients_and_a_restart_store_every_round_once(tmp_path, token_secret, table):
    bodies, round_ids = _bodies()
    port = free_port()
    env = {"DATABASE_URL": _test_database_url(), "TABLECERT_VAR_DIR": str(tmp_path),
           "DJANGO_DEBUG": "False", "TABLECERT_INGEST_CONCURRENCY": "2"}
    server = start_server(env=env, log=tmp_path / "first.log", workers=2, port=port)
    report = LoadReport()
    poster = threading.Thread(target=post_batches, kwargs=dict(
        port=port, secret=token_secret, bodies=bodies, clients=CLIENTS, report=report))
    restarted = None
    try:
        poster.start()
        while report.batches < len(bodies) // 3:
            time.sleep(0.02)
        # A crash, not a graceful stop: batches in flight are cut off mid-transaction.
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=10)
        answered_before_restart = report.batches
        restarted = start_server(env=env, log=tmp_path / "second.log", workers=2, port=port)
        poster.join(timeout=180)
        assert not poster.is_alive(), "the clients did not finish"
    finally:
        (restarted or server).stop()
        server.stop()
    assert 0 < answered_before_restart < len(bodies)
    assert report.batches == len(bodies)
    assert report.retries > 0, "the restart did not interrupt any batch"
    connection.close()
    stored = Round.objects.filter(table=table)
    assert stored.count() == len(round_ids)
    assert set(stored.values_list("round_id", flat=True)) == round_ids
    assert sum(r.rounds for r in RoundRollup.objects.filter(table=table)) == len(round_ids)
    assert sum(b.rounds_stored for b in IngestBatch.objects.all()) == len(round_ids)
