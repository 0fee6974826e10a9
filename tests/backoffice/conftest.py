"""Personas (healthchecks style): officer alice, reviewer rita, admin adam, auditor audrey,
outsider oscar; the exact engine is replaced by a predictable stand-in."""

from __future__ import annotations

import pytest

from casino.permissions import Role
from certification.services import runs as run_services
from tests.support.second_factor import verified_client

from .engine import fake_analyze
from .factories import JurisdictionFactory, UserFactory


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch):
    monkeypatch.setattr(run_services, "exact_figures", fake_analyze)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def jurisdiction(db):
    return JurisdictionFactory()


@pytest.fixture
def alice(db):
    return UserFactory(username="alice", roles=[Role.OFFICER])


@pytest.fixture
def rita(db):
    return UserFactory(username="rita", roles=[Role.REVIEWER])


@pytest.fixture
def adam(db):
    return UserFactory(username="adam", roles=[Role.ADMIN])


@pytest.fixture
def audrey(db):
    return UserFactory(username="audrey", roles=[Role.AUDITOR])


@pytest.fixture
def oscar(db):
    return UserFactory(username="oscar", is_staff=False)


@pytest.fixture
def victor(db):
    """A lab head who both edits paytables and reviews: segregation of duties must bite."""
    return UserFactory(username="victor", roles=[Role.REVIEWER, Role.ADMIN])


@pytest.fixture
def api(client):
    from rest_framework.test import APIClient

    def as_user(user):
        c = APIClient()
        if user is not None:
            verified_client(c, user)
        return c

    return as_user
