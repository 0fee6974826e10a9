"""Shared test set-up: real services when configured, a loud failure when they are required.

With ``DATABASE_URL`` and ``CELERY_BROKER_URL`` set, tests marked ``services`` run against
them (PostgreSQL and Redis/RabbitMQ, with real worker processes). Without them those tests
are skipped with the reason; with ``REQUIRE_SERVICES=1`` a missing or unreachable service,
or a missing chromium or redis-server (whose tests would otherwise be skipped), stops the
run before any test executes.
"""

from __future__ import annotations

import os

import pytest

from tests.support.services import service_problems, services_configured, tool_problems
from tests.support.template_database import django_db_setup  # noqa: F401  (pytest-django's, from a template)

SKIP_REASON = (
    "needs real services: set DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis or "
    "RabbitMQ), as .ci/run does"
)


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("REQUIRE_SERVICES") == "1":
        problems = service_problems() + tool_problems()
        if problems:
            pytest.exit(
                "REQUIRE_SERVICES=1 but the services are not usable:\n  - " + "\n  - ".join(problems),
                returncode=3,
            )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if services_configured():
        return
    skip = pytest.mark.skip(reason=SKIP_REASON)
    for item in items:
        if "services" in item.keywords:
            item.add_marker(skip)


pytest_plugins = ["tests.support.workers"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: cached fragments hold rows of earlier tests'
    rolled-back transactions."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language: a request through the test client leaves
    the language LocaleMiddleware chose for it active in the test's thread."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
