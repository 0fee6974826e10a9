"""Two regulators' worlds side by side: what Sierra's regulator may read, and Tahoe's records
it must never see. Sam reads Sierra only; both versions are certified, approved and issued."""

from __future__ import annotations

import pytest

from casino.services.regulator_scope import regulator_scope_grant
from tests.backoffice.factories import UserFactory
from tests.lifecycle import conftest as lifecycle

from .world import certified

alice, rita, adam, audrey = lifecycle.alice, lifecycle.rita, lifecycle.adam, lifecycle.audrey
oscar, api, jurisdiction, fake_engine = lifecycle.oscar, lifecycle.api, lifecycle.jurisdiction, lifecycle.fake_engine
_media = lifecycle._media
make_jurisdiction = lifecycle.make_jurisdiction


@pytest.fixture
def sierra(db):
    return make_jurisdiction("sierra", "Sierra Gaming Board")


@pytest.fixture
def tahoe(db):
    return make_jurisdiction("tahoe", "Tahoe Commission")


@pytest.fixture
def sam(sierra):
    """Sierra's regulator."""
    user = UserFactory(username="sam", is_staff=False)
    regulator_scope_grant(user=user, jurisdictions=[sierra])
    return user


@pytest.fixture
def mine(sierra, alice, rita, adam, jurisdiction):
    return certified("Sette Sierra", jurisdiction, sierra, alice=alice, rita=rita, adam=adam, table_id="S-1")


@pytest.fixture
def theirs(tahoe, alice, rita, adam, jurisdiction):
    return certified("Sette Tahoe", jurisdiction, tahoe, alice=alice, rita=rita, adam=adam, table_id="T-1")


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """Each test starts with the public check's full allowance (the throttle counts in the cache)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()

