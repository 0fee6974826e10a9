"""The list pages, detail pages and API reads on a back office with rows in every state.

Walking a list page by page shows every matching row exactly once, in a stable order, with
the filters kept; ids that match nothing are a 404 (never a 500); and a search takes "%"
and "_" as the literal characters they are.
"""

from __future__ import annotations

import copy

import pytest
from django.db.models import Q
from rest_framework import mixins

from casino.models import (
    AuditEvent,
    GameVariant,
    Submission,
    TableConfiguration,
    TableStatus,
    VariantStatus,
)
from tests.support.dataset import build_backoffice
from tests.support.module_data import built_once_per_module

pytestmark = pytest.mark.django_db


built = built_once_per_module(lambda: build_backoffice(variants=12, approved=3, tables_each=2))


@pytest.fixture
def backoffice(db, built):
    # A test renames a user: each test gets its own copies of the shared rows' instances.
    return copy.deepcopy(built)


def _walk(client, url: str, params: dict) -> tuple[int, list[int]]:
    """The count the first page states and the ids of every page, in the order shown."""
    first = client.get(url, params)
    assert first.status_code == 200, (url, params)
    paginator = first.context["page_obj"].paginator
    shown = []
    for number in paginator.page_range:
        response = client.get(url, {**params, "page": number})
        current = response.context["page_obj"]
        assert current.number == number, (url, params, number)
        shown += [row.pk for row in current.object_list]
    return paginator.count, shown


LISTS = [
    ("/variants/", GameVariant, [
        ({}, Q()),
        ({"status": VariantStatus.APPROVED}, Q(status=VariantStatus.APPROVED)),
        ({"family": "nine_ten_eleven"}, Q(family="nine_ten_eleven")),
        ({"status": VariantStatus.DRAFT, "family": "seven_and_half"},
         Q(status=VariantStatus.DRAFT, family="seven_and_half")),
    ]),
    ("/submissions/", Submission, [
        ({}, Q()), ({"status": "submitted"}, Q(status="submitted")), ({"status": "approved"}, Q(status="approved")),
    ]),
    ("/tables/", TableConfiguration, [
        ({}, Q()), ({"status": TableStatus.INACTIVE}, Q(status=TableStatus.INACTIVE)),
    ]),
    ("/audit/", AuditEvent, [
        ({}, Q()), ({"object_type": "Submission"}, Q(object_type="Submission")),
    ]),
]


@pytest.mark.parametrize("url, model, cases", LISTS, ids=["variants", "submissions", "tables", "audit"])
def test_list_pages_show_every_row_once(backoffice, client, url, model, cases):
    client.force_login(backoffice.auditor)
    for params, matching in cases:
        expected = set(model.objects.filter(matching).values_list("pk", flat=True))
        assert expected, (url, params)  # the data set has rows for every case
        count, shown = _walk(client, url, params)
        assert count == len(expected) and len(shown) == len(expected), (url, params)
        assert set(shown) == expected, (url, params)
        # The same walk again gives the same order: ties are broken, pages never overlap.
        assert _walk(client, url, params) == (count, shown), (url, params)


def test_api_lists_show_every_row_once(backoffice, client):
    from casino.api.urls import router

    client.force_login(backoffice.auditor)
    for prefix, viewset, _ in router.registry:
        if getattr(viewset, "list", None) is not mixins.ListModelMixin.list or viewset.queryset is None:
            continue  # computed lists (the approval matrix), lookups and each user's own tokens
        url = f"/api/v1/{prefix}/"
        first = client.get(url)
        assert first.status_code == 200, url
        shown, page = [], first.json()
        while True:
            shown += [row.get("id", row.get("certificate_number")) for row in page["results"]]
            if not page["next"]:
                break
            page = client.get(page["next"]).json()
        assert len(shown) == len(set(shown)) == first.json()["count"], url
        # Rows are keyed by id, or by what the viewset looks them up with (a certificate's number).
        assert set(shown) == set(viewset.queryset.values_list(viewset.lookup_field, flat=True)), url


def test_ids_that_match_nothing_are_not_found(backoffice, client):
    from casino.api.urls import router

    client.force_login(backoffice.auditor)
    for prefix, viewset, _ in router.registry:
        if viewset.queryset is None or viewset.queryset.query.is_empty():
            continue  # computed views (the approval matrices) have tests of their own
        url = f"/api/v1/{prefix}/"
        some = viewset.queryset.first()
        if some is not None:  # a kind of record the data set holds: its own id is found
            assert client.get(f"{url}{getattr(some, viewset.lookup_field)}/").status_code == 200, url
        for missing in ("0", "abc", str(10**30)):
            assert client.get(f"{url}{missing}/").status_code == 404, (url, missing)
    for page in ("variants", "submissions"):
        for missing in ("0", str(10**30)):
            assert client.get(f"/{page}/{missing}/").status_code == 404, (page, missing)


def test_a_search_takes_its_wildcards_literally(backoffice, client):
    GameVariant.objects.filter(pk=GameVariant.objects.first().pk).update(name="100% edge_case")
    client.force_login(backoffice.officer)
    page = client.get("/variants/", {"q": "0%"}).content.decode()
    assert "100% edge_case" in page
    # "%" and "_" are literal characters in a search, as they are for the ORM.
    expected = GameVariant.objects.filter(Q(name__icontains="e_c") | Q(preset__icontains="e_c"))
    assert list(expected.values_list("name", flat=True)) == ["100% edge_case"]
    assert "100% edge_case" in client.get("/variants/", {"q": "e_c"}).content.decode()
    assert "No variant matches." in client.get("/variants/", {"q": "e%c"}).content.decode()


def test_the_audit_filter_offers_each_record_type_once(backoffice, client):
    client.force_login(backoffice.auditor)
    types = client.get("/audit/").context["types"]
    assert types == sorted(set(AuditEvent.objects.values_list("object_type", flat=True)))
    assert len(types) < AuditEvent.objects.count()


def test_audit_rows_kept_between_views_follow_a_renamed_actor(backoffice, client):
    client.force_login(backoffice.auditor)
    assert "<td>alice</td>" in client.get("/audit/", {"q": "alice"}).content.decode()
    officer = backoffice.officer
    officer.username = "alice-renamed"
    officer.save(update_fields=["username"])
    page = client.get("/audit/", {"q": "alice"}).content.decode()
    assert "<td>alice-renamed</td>" in page and "<td>alice</td>" not in page
    # A new event is a new row at the top, never hidden behind the kept ones.
    from casino.services.audit import audit_record

    audit_record(actor=backoffice.admin, action="test.newest", obj=officer, before=None, after=None,
                 message="newest event")
    assert "newest event" in client.get("/audit/").content.decode()
