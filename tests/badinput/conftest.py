"""Personas and row counts for the bad-input corpus (the exact engine is the stand-in)."""

from __future__ import annotations

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from casino.permissions import Role
from certification.services import runs as run_services
from tests.backoffice.engine import fake_analyze
from tests.backoffice.factories import JurisdictionFactory, UserFactory


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
def adam(db):
    return UserFactory(username="adam", roles=[Role.ADMIN])


@pytest.fixture
def as_user():
    def client_for(user) -> APIClient:
        client = APIClient()
        client.force_authenticate(user)
        return client

    return client_for


def row_counts() -> dict[str, int]:
    """Rows in every table of the two apps, history included: nothing may be half-written."""
    models = list(apps.get_app_config("casino").get_models())
    models += list(apps.get_app_config("certification").get_models())
    return {m._meta.label: m._base_manager.count() for m in models}
