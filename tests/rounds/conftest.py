"""An admin, two tables dealing Sette e mezzo, and an ingest token for the first only."""

from __future__ import annotations

import pytest

from casino.permissions import Role
from casino.services.ingest_tokens import ingest_token_create
from casino.services.round_partitions import forget_known_partitions
from tests.backoffice.factories import UserFactory, make_table, make_variant


@pytest.fixture(autouse=True)
def _fresh_partition_cache():
    # Each test's database may have rolled back the partitions an earlier test made.
    forget_known_partitions()
    yield
    forget_known_partitions()


@pytest.fixture
def adam(db):
    return UserFactory(username="adam", roles=[Role.ADMIN])


@pytest.fixture
def variant(adam):
    return make_variant(actor=None, preset="sette-e-mezzo")


@pytest.fixture
def table(adam, variant):
    return make_table(admin=adam, variant=variant, table_id="T-01")


@pytest.fixture
def other_table(adam, variant):
    return make_table(admin=adam, variant=variant, table_id="T-02")


@pytest.fixture
def token_secret(adam, table, other_table):
    _, secret = ingest_token_create(actor=adam, name="Pit A shoe reader", tables=[table])
    return secret
