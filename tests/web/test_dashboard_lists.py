"""The dashboard's lists read only the columns they show, and still show all of it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.backoffice.factories import make_approved, make_table

pytestmark = pytest.mark.django_db


def dashboard(client, user) -> str:
    client.force_login(user)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    return response.content.decode()


def test_the_officer_sees_drafts_submissions_and_rejections(client, alice, draft, submitted):
    page = dashboard(client, alice)
    assert "Sette house" in page and "updated" in page
    assert f"Sette submitted · paytable v{submitted.paytable_version.number}" in page


def test_the_admin_sees_tables_off_the_floor(client, adam, alice, rita, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                             jurisdiction=jurisdiction)
    make_table(admin=adam, variant=approved.variant, version=approved.paytable_version, table_id="T-77")
    page = dashboard(client, adam)
    assert "T-77" in page and f"Sette floor · v{approved.paytable_version.number}" in page


def test_the_auditor_sees_decisions_with_their_reviewer_and_events_with_their_actor(
        client, audrey, alice, rita, jurisdiction):
    make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette decided",
                  jurisdiction=jurisdiction)
    page = dashboard(client, audrey)
    assert "Sette decided" in page and "<td>rita</td>" in page
    assert "by rita," in page or "by alice," in page
