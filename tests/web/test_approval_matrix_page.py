"""The approval matrix: versions by jurisdictions, filters, expiring approvals marked, CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from casino.models import DecisionStatus
from tests.web.regulator_world import decide

pytestmark = pytest.mark.django_db


@pytest.fixture
def filed(version, sierra, tahoe, alice):
    today = timezone.localdate()
    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    decide(version, sierra, DecisionStatus.APPROVED, alice, reference="SGB-7", effective=today,
           expires=today + dt.timedelta(days=30))
    decide(version, tahoe, DecisionStatus.SUBMITTED, alice, reference="TC-1")
    return version


def matrix(client, **params):
    return client.get(reverse("web:approval-matrix"), params)


def test_every_role_sees_the_matrix_from_the_navigation(as_user, alice, rita, adam, audrey, filed):
    for user in (alice, rita, adam, audrey):
        response = matrix(as_user(user))
        assert response.status_code == 200
        assert f'href="{reverse("web:approval-matrix")}"' in response.content.decode()
    assert matrix(as_user(alice)).context["matrix"].rows[0].paytable_version == filed


def test_a_cell_shows_the_state_reference_and_dates_and_an_expiring_approval_stands_out(as_user, alice, filed):
    body = matrix(as_user(alice)).content.decode()
    expires = (timezone.localdate() + dt.timedelta(days=30)).isoformat()
    assert 'data-jurisdiction="sierra" data-status="approved" class="expiring"' in body
    assert "SGB-7" in body and expires in body and "expires within 90 days" in body
    assert 'data-jurisdiction="tahoe" data-status="submitted">' in body and "TC-1" in body


def test_filters_keep_the_rows_and_columns_asked_for(as_user, alice, filed, draft):
    client = as_user(alice)
    one = matrix(client, jurisdiction="tahoe").context["matrix"]
    assert [j.code for j in one.jurisdictions] == ["tahoe"]
    assert len(matrix(client, status="approved").context["matrix"].rows) == 1
    assert matrix(client, status="rejected").context["matrix"].rows == []
    assert len(matrix(client, expiring="1").context["matrix"].rows) == 1
    assert matrix(client, variant=draft.pk).context["matrix"].rows == []


@pytest.mark.parametrize(("params", "field"), [
    ({"jurisdiction": "atlantis"}, "jurisdiction"), ({"variant": "no such game"}, "variant"),
    ({"status": "pending"}, "status"), ({"variant": "9" * 30}, "variant"),
])
def test_an_unknown_filter_is_a_400_naming_it(as_user, alice, filed, params, field):
    response = matrix(as_user(alice), **params)
    assert response.status_code == 400 and field in response.context["errors"]
    assert 'id="matrix-errors"' in response.content.decode()
    export = as_user(alice).get(reverse("web:approval-matrix-csv"), params)
    assert export.status_code == 400 and export.content.decode().startswith(field)


def test_the_csv_export_follows_the_filters(as_user, audrey, filed):
    page = matrix(as_user(audrey), jurisdiction="sierra").content.decode()
    assert f'{reverse("web:approval-matrix-csv")}?jurisdiction=sierra' in page
    response = as_user(audrey).get(reverse("web:approval-matrix-csv"), {"jurisdiction": "sierra"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["jurisdiction"], r["status"], r["reference"]) for r in rows] == [("sierra", "approved", "SGB-7")]


def test_outsiders_and_visitors_do_not_see_it(client, as_user, oscar, filed):
    assert client.get(reverse("web:approval-matrix")).status_code == 302
    assert as_user(oscar).get(reverse("web:approval-matrix")).status_code == 403
    assert as_user(oscar).get(reverse("web:approval-matrix-csv")).status_code == 403
