"""Personas and row counts for the bad-input corpus (the exact engine is the stand-in)."""

from __future__ import annotations

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from tests.backoffice import conftest as backoffice
from tests.support.second_factor import verified_client

# The back office's personas and its stand-in engine (autouse fixtures come along).
fake_engine, _media = backoffice.fake_engine, backoffice._media
jurisdiction, alice, adam = backoffice.jurisdiction, backoffice.alice, backoffice.adam


@pytest.fixture
def as_user():
    def client_for(user) -> APIClient:
        return verified_client(APIClient(), user)

    return client_for


def row_counts() -> dict[str, int]:
    """Rows in every table of the two apps, history included: nothing may be half-written."""
    models = list(apps.get_app_config("casino").get_models())
    models += list(apps.get_app_config("certification").get_models())
    return {m._meta.label: m._base_manager.count() for m in models}
