"""Query counts of the main pages and API lists stay flat however many rows there are.

With 30 variants (two paytable versions each), submissions, approved variants on tables and
their audit trail, a query per row would blow far past these limits.
"""

from __future__ import annotations

import copy

import pytest

from casino.models import GameVariant, Submission
from certification.models import CertificationRun
from tests.backoffice.factories import UserFactory
from tests.support.dataset import build_backoffice
from tests.support.module_data import built_once_per_module

pytestmark = pytest.mark.django_db

# Session, user with roles, the page's count and rows, and a few lookups: never one per row.
# (The test's transaction adds a savepoint and its release to every request.)
LIST_LIMIT = 8
# A submission's page also reads where its certificate stands (one query for all its filings).
DETAIL_LIMIT = 9
ADMIN_LIST_LIMIT = 9

PAGES = ["/", "/variants/", "/submissions/", "/submissions/?status=under_review", "/tables/",
         "/audit/"]
API_LISTS = ["/api/v1/variants/", "/api/v1/paytables/", "/api/v1/paytable-versions/",
             "/api/v1/tables/", "/api/v1/submissions/", "/api/v1/certification-runs/",
             "/api/v1/audit-events/", "/api/v1/jurisdictions/"]
ADMIN_LISTS = ["/admin/casino/gamevariant/", "/admin/casino/paytable/",
               "/admin/casino/paytableversion/", "/admin/casino/submission/",
               "/admin/casino/tableconfiguration/", "/admin/casino/auditevent/",
               "/admin/certification/certificationrun/"]


def _build():
    who = build_backoffice(variants=30, approved=6, tables_each=3)
    assert GameVariant.objects.count() >= 36 and Submission.objects.count() >= 16
    return who


built = built_once_per_module(_build)


@pytest.fixture
def backoffice(db, built):
    return copy.deepcopy(built)


def _details() -> list[str]:
    variant = GameVariant.objects.filter(status="approved").first()
    submission = Submission.objects.filter(status="approved").first()
    run = CertificationRun.objects.first()
    return [f"/variants/{variant.pk}/", f"/submissions/{submission.pk}/",
            f"/api/v1/variants/{variant.pk}/", f"/api/v1/submissions/{submission.pk}/",
            f"/api/v1/certification-runs/{run.pk}/"]


def _check(client, django_assert_max_num_queries, urls, limit) -> None:
    for url in urls:
        # The first view of a paytable version counts its exact figures and stores them with
        # it (casino/services/figures.py); every later view reads them.
        client.get(url)
        with django_assert_max_num_queries(limit, info=url):
            response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


@pytest.mark.parametrize("persona", ["officer", "reviewer", "admin", "auditor"])
def test_pages_and_api_lists(client, backoffice, django_assert_max_num_queries, persona):
    client.force_login(getattr(backoffice, persona))
    _check(client, django_assert_max_num_queries, PAGES + API_LISTS, LIST_LIMIT)
    _check(client, django_assert_max_num_queries, _details(), DETAIL_LIMIT)


def test_admin_lists(client, backoffice, django_assert_max_num_queries):
    client.force_login(UserFactory(username="root", is_superuser=True))
    _check(client, django_assert_max_num_queries, ADMIN_LISTS, ADMIN_LIST_LIMIT)
