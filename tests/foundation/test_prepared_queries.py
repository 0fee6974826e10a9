"""Prepared queries give exactly what the plain querysets they replace give.

Every prepared read of the pages runs beside its plain queryset on a back office with
variants in every state, submissions, runs, tables and an audit trail; the rows must agree
field by field, related objects included, and the paginated lists must agree page by page.
"""

from __future__ import annotations

import json

import pytest
from django.core.paginator import Paginator
from django.db.models import Q

from casino import page_reads
from casino.models import (
    AuditEvent,
    GameVariant,
    PaytableVersion,
    Submission,
    TableStatus,
    VariantStatus,
)
from casino.prepared import PreparedQuery, attach_prefetched
from casino.views.audit import event_rows
from casino.views.submissions import submission_rows
from casino.views.tables import table_rows
from casino.views.variants import variant_rows
from certification.models import CertificationRun
from certification.services import runs as run_services
from tests.backoffice.engine import fake_analyze
from tests.support.dataset import build_backoffice

pytestmark = pytest.mark.django_db


@pytest.fixture
def backoffice(monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(run_services, "exact_figures", fake_analyze)
    return build_backoffice(variants=12, approved=3, tables_each=2)


def _fields(obj) -> dict:
    """Every loaded column of ``obj`` and of the related objects loaded with it."""
    loaded = {k: v for k, v in obj.__dict__.items() if not k.startswith("_")}
    related = {name: _fields(other) if other is not None else None
               for name, other in obj._state.fields_cache.items()}
    return {"model": type(obj).__name__, "deferred": sorted(obj.get_deferred_fields()),
            **loaded, "related": related}


def _agree(prepared: PreparedQuery, *values, **shape) -> list:
    plain = list(prepared.queryset(*values, **shape))
    fast = prepared(*values, **shape)
    assert [_fields(o) for o in fast] == [_fields(o) for o in plain], (values, shape)
    return fast


def test_detail_reads_agree_with_their_querysets(backoffice):
    for submission in Submission.objects.all():
        assert len(_agree(page_reads.submission_page, submission.pk)) == 1
        _agree(page_reads.newest_run, submission.variant_id, submission.paytable_version_id)
        _agree(page_reads.object_trail, "Submission", str(submission.pk))
        _agree(page_reads.submission_comments, submission.pk)
        _agree(page_reads.submission_attachments, submission.pk)
        _agree(page_reads.newest_protection_audit, submission.variant_id, submission.paytable_version_id)
    for variant in GameVariant.objects.all():
        assert len(_agree(page_reads.variant_page, variant.pk)) == 1
        assert len(_agree(page_reads.variant_versions, variant.pk)) >= 1
        _agree(page_reads.variant_submissions, variant.pk)
    for version in PaytableVersion.objects.all():
        assert _agree(page_reads.version_lines, version.pk)
    for run in CertificationRun.objects.all():
        assert len(_agree(page_reads.run_by_pk, run.pk)) == 1
    # Values that match nothing give nothing, never another row.
    assert page_reads.submission_page(10**9) == [] and page_reads.variant_versions(10**9) == []


def test_dashboard_lists_agree_with_their_querysets(backoffice):
    from casino.views import dashboard

    prepared = [q for q in vars(dashboard).values() if isinstance(q, PreparedQuery)]
    assert len(prepared) == 9
    for query in prepared:
        _agree(query)
    assert any(query() for query in prepared)


def test_the_trail_read_is_the_selectors_audit_trail(backoffice):
    from casino.selectors import audit_trail

    for submission in Submission.objects.all():
        assert [e.pk for e in page_reads.trail_of(submission)] == [e.pk for e in audit_trail(submission)]
        assert page_reads.trail_of(submission)


def test_attached_lines_answer_like_a_prefetch(backoffice, django_assert_num_queries):
    for version in PaytableVersion.objects.all():
        fresh = PaytableVersion.objects.get(pk=version.pk)
        page_reads.load_lines(fresh)
        with django_assert_num_queries(0):
            payouts = fresh.payouts
            lines = list(fresh.lines.all())
        assert payouts == PaytableVersion.objects.get(pk=version.pk).payouts
        assert all(line.version is fresh for line in lines)


def _pages(rows, per_page: int) -> list[tuple[int, list[int]]]:
    paginator = Paginator(rows, per_page)
    return [(paginator.count, [o.pk for o in paginator.page(n).object_list])
            for n in paginator.page_range]


LISTS = [
    (variant_rows, [("", s, f, {"by_status": bool(s), "by_family": bool(f)})
                    for s in ("", VariantStatus.DRAFT, VariantStatus.APPROVED)
                    for f in ("", "seven_and_half", "nine_ten_eleven")]),
    (submission_rows, [("", s, {"by_status": bool(s)}) for s in ("", "submitted", "approved")]),
    (table_rows, [("", s, {"by_status": bool(s)}) for s in ("", TableStatus.ACTIVE, TableStatus.INACTIVE)]),
    (event_rows, [("", t, {"by_type": bool(t)}) for t in ("", "Submission", "GameVariant")]),
]


@pytest.mark.parametrize("prepared, cases", LISTS, ids=["variants", "submissions", "tables", "audit"])
def test_paginated_lists_agree_page_by_page(backoffice, prepared, cases):
    for *values, shape in cases:
        for per_page in (3, 20):
            plain = _pages(prepared.queryset(*values, by_q=False, **shape), per_page)
            fast = _pages(prepared.rows(*values, by_q=False, **shape), per_page)
            assert fast == plain, (values, shape, per_page)
        rows = prepared.rows(*values, by_q=False, **shape)
        window = list(prepared.queryset(*values, by_q=False, **shape)[2:7])
        assert [_fields(o) for o in rows[2:7]] == [_fields(o) for o in window]


def test_a_search_runs_the_plain_queryset_with_its_wildcards_escaped(backoffice, client):
    GameVariant.objects.filter(pk=GameVariant.objects.first().pk).update(name="100% edge_case")
    client.force_login(backoffice.officer)
    page = client.get("/variants/", {"q": "0%"}).content.decode()
    assert "100% edge_case" in page
    # "%" and "_" are literal characters in a search, as they are for the ORM.
    expected = GameVariant.objects.filter(Q(name__icontains="e_c") | Q(preset__icontains="e_c"))
    assert list(expected.values_list("name", flat=True)) == ["100% edge_case"]
    assert "100% edge_case" in client.get("/variants/", {"q": "e_c"}).content.decode()
    assert "No variant matches." in client.get("/variants/", {"q": "e%c"}).content.decode()


def test_list_pages_read_the_prepared_rows(backoffice, client):
    client.force_login(backoffice.auditor)
    for url, model in (("/variants/?status=approved", GameVariant), ("/audit/?object_type=Submission", AuditEvent)):
        response = client.get(url)
        assert response.status_code == 200
        shown = [o.pk for o in response.context["page_obj"].object_list]
        assert shown and all(isinstance(o, model) for o in response.context["page_obj"].object_list)


def test_misuse_is_refused():
    with pytest.raises(ValueError, match="cannot prefetch"):
        PreparedQuery(lambda pk: Submission.objects.prefetch_related("comments").filter(pk=pk))(1)
    with pytest.raises(TypeError, match="expected 1 values, got 2"):
        page_reads.variant_page(1, 2)
    with pytest.raises(TypeError, match="a page at a time"):
        variant_rows.rows("", "", "", by_q=False, by_status=False, by_family=False)[3]


def test_plans_are_kept_per_shape_and_bounded(backoffice, monkeypatch):
    monkeypatch.setattr(PreparedQuery, "MAX_PLANS", 4)
    query = PreparedQuery(lambda status, *, by_status: (
        GameVariant.objects.filter(status=status) if by_status else GameVariant.objects.all()
    ).order_by("id"))
    everything = [v.pk for v in GameVariant.objects.order_by("id")]
    drafts = [v.pk for v in GameVariant.objects.filter(status="draft").order_by("id")]
    for start in range(8):  # eight windows: more shapes than plans kept
        assert [v.pk for v in query("", by_status=False, window=(start, start + 2))] == everything[start:start + 2]
        assert [v.pk for v in query("draft", by_status=True)] == drafts
    assert len(query._plans) <= 4


def test_attach_prefetched_sets_both_sides(backoffice):
    submission = Submission.objects.first()
    comments = list(submission.comments.all())
    attach_prefetched(submission, "comments", comments)
    assert list(submission.comments.all()) == comments


def test_api_reads_agree_with_the_plain_path(backoffice):
    from rest_framework.renderers import JSONRenderer
    from rest_framework.test import APIClient

    from casino.api.urls import router

    client = APIClient()
    client.force_authenticate(backoffice.auditor)
    for prefix, viewset, _ in router.registry:
        url = f"/api/v1/{prefix}/"
        for page in (1, 2):
            fast = client.get(url, {"page": page})
            # Any parameter the prepared path does not read sends the request down the plain one.
            plain = client.get(url, {"page": page, "plain": 1})
            assert fast.status_code == plain.status_code, (url, page)
            if fast.status_code != 200:
                continue
            assert (fast.json()["count"], fast.json()["results"]) == (plain.json()["count"], plain.json()["results"])
        for obj in viewset.queryset.model.objects.all()[:6]:
            fast = client.get(f"{url}{obj.pk}/")
            assert fast.status_code == 200, (url, obj.pk)
            expected = viewset.serializer_class(viewset.queryset.get(pk=obj.pk),
                                                context={"request": fast.wsgi_request}).data
            assert fast.json() == json.loads(JSONRenderer().render(expected)), (url, obj.pk)
        for missing in ("0", "abc", str(10**30)):
            assert client.get(f"{url}{missing}/").status_code == 404, (url, missing)
        assert set(viewset._prepared) == {("all",), ("one",)}, url  # the prepared path ran
