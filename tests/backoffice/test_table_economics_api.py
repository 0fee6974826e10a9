"""The API sets a table's economics (validated, audited) and serves its figures."""

from __future__ import annotations

import pytest

from casino.models import AuditEvent
from tests.backoffice.factories import make_approved, make_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(adam, alice, rita, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="nine-ten-eleven", name="9-10-11",
                             jurisdiction=jurisdiction)
    return make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)


def test_an_admin_patches_the_mix_and_reads_the_economics(api, adam, audrey, table):
    r = api(adam).patch(f"/api/v1/tables/{table.pk}/", {"player_mix": {"optimal": 0.5, "house_way": 0.5},
                                                         "occupied_seats": 4, "average_bet": "4.00"},
                        format="json")
    assert r.status_code == 200 and r.json()["occupied_seats"] == 4
    assert AuditEvent.objects.filter(action="table.update", object_id=str(table.pk)).exists()
    data = api(audrey).get(f"/api/v1/tables/{table.pk}/economics/").json()
    edge = data["bets"]["main"]["house_edge"]
    assert data["seats"] == 4 and data["decisions_per_hour"] == 50
    assert data["theo_win_per_hour"] == pytest.approx(edge * 4 * 50 * 4)
    assert set(data["strategies"]) == {"optimal", "house_way"}


@pytest.mark.parametrize(("payload", "field", "message"), [
    ({"player_mix": {"optimal": 0.5}}, "player_mix", "add up to 0.5"),
    ({"occupied_seats": 9}, "occupied_seats", "between 1 and the table's 7 seats"),
    ({"house_way": {"family": "nine_ten_eleven", "buy": "sometimes"}}, "house_way", '"buy" must be'),
])
def test_bad_economics_are_refused_naming_the_field(api, adam, table, payload, field, message):
    r = api(adam).patch(f"/api/v1/tables/{table.pk}/", payload, format="json")
    assert r.status_code == 400 and message in str(r.json()[field])
    table.refresh_from_db()
    assert table.player_mix == {} and table.occupied_seats is None


def test_only_admins_change_economics(api, alice, table):
    r = api(alice).patch(f"/api/v1/tables/{table.pk}/", {"occupied_seats": 3}, format="json")
    assert r.status_code == 403
