"""The floor: an admin assigns approved paytable versions to tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import TableConfiguration, TableStatus
from tests.backoffice.factories import make_approved, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def approved(alice, rita, jurisdiction):
    return make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                         jurisdiction=jurisdiction)


def test_an_admin_creates_a_table_with_an_approved_version(as_user, adam, approved):
    response = as_user(adam).post(reverse("web:table-create"), {
        "table_id": "SM-01", "pit": "East", "paytable_version": approved.paytable_version.pk, "seats": "7",
        "shuffling_method": "riffle,riffle,cut",
    })
    assert response.status_code == 302
    table = TableConfiguration.objects.get(table_id="SM-01")
    assert table.paytable_version == approved.paytable_version and table.status == TableStatus.INACTIVE


def test_an_admin_assigns_another_approved_version(as_user, adam, alice, rita, approved, jurisdiction):
    other = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette two",
                          jurisdiction=jurisdiction)
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    as_user(adam).post(reverse("web:table-assign", args=[table.pk]), {"paytable_version": other.paytable_version.pk})
    table.refresh_from_db()
    assert table.variant == other.variant and table.paytable_version == other.paytable_version


def test_a_draft_version_is_not_offered(as_user, adam, approved, draft):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    response = as_user(adam).post(reverse("web:table-assign", args=[table.pk]),
                                  {"paytable_version": draft.paytable.latest_version.pk})
    assert response.status_code == 200 and "paytable_version" in response.context["form"].errors


def test_opening_a_table_goes_through_the_workflow(as_user, adam, approved):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    as_user(adam).post(reverse("web:table-activate", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == TableStatus.ACTIVE
    body = as_user(adam).get(reverse("web:table-list")).content.decode()
    assert "Not certified" in body and "Take off the floor" in body


def test_other_roles_cannot_change_tables(as_user, alice, rita, audrey, adam, approved):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    for user in (alice, rita, audrey):
        client = as_user(user)
        assert client.post(reverse("web:table-assign", args=[table.pk]), {}).status_code == 403
        assert client.post(reverse("web:table-activate", args=[table.pk])).status_code == 403
        assert "Assign paytable" not in client.get(reverse("web:table-list")).content.decode()
