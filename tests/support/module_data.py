"""Rows built once for a module's tests, rolled back when its last test ends.

What Django's ``TestCase.setUpTestData`` does for a class, for a pytest module: the rows are
written inside a transaction that stays open while the module's tests run, and each test runs
in a savepoint within it (pytest-django's ``db`` nests its atomic block). What a test writes
is undone after it, what the module built is undone after the module, and other modules on
the same worker never see these rows. Model instances built here are shared by the module's
tests: a test that changes one in memory works on a copy (``copy.deepcopy``, as Django does).

In a test module: ``world = built_once_per_module(build_world)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import pytest
from django.db import transaction
from django.test import override_settings

from certification.services import runs as run_services
from tests.backoffice.engine import fake_analyze

T = TypeVar("T")


@contextmanager
def rows_for_module(django_db_blocker, tmp_path_factory: pytest.TempPathFactory,
                    build: Callable[[], T]) -> Iterator[T]:
    """``build()``'s rows for as long as the context lasts, made and read with the back office
    tests' stand-in for the exact engine and a media folder of their own."""
    with (pytest.MonkeyPatch.context() as patch,
          override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media"))):
        patch.setattr(run_services, "exact_figures", fake_analyze)
        with django_db_blocker.unblock(), transaction.atomic():
            yield build()
            transaction.set_rollback(True)


def built_once_per_module(build: Callable[[], T]):
    """A module-scoped fixture giving ``build()``'s rows (``rows_for_module``)."""

    @pytest.fixture(scope="module")
    def rows(django_db_setup, django_db_blocker, tmp_path_factory):
        with rows_for_module(django_db_blocker, tmp_path_factory, build) as built:
            yield built

    return rows
