"""Cases from stored rounds, their pages and API, and the surveillance role's isolation."""

from __future__ import annotations

import pytest
from django.core import mail

from casino.models import AuditEvent
from casino.permissions import Role
from casino.rules.rounds import Batch
from casino.services.round_partitions import forget_known_partitions
from casino.services.rounds_ingest import ingest_batch
from certification.models import SurveillanceCase, SurveilledPlayer
from certification.services.surveillance import surveillance_scan
from tests.backoffice.factories import UserFactory, make_table, make_variant
from tests.support.second_factor import verified_client
from tests.surveillance.floor_rounds import READER, floor_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_partition_cache():
    forget_known_partitions()
    yield
    forget_known_partitions()


@pytest.fixture
def watcher(db):
    return UserFactory(username="sam", roles=[Role.SURVEILLANCE], is_staff=False)


@pytest.fixture
def adam(db):
    return UserFactory(username="adam", roles=[Role.ADMIN])


@pytest.fixture
def table(adam):
    variant = make_variant(actor=None, preset="sette-e-mezzo")
    return make_table(admin=adam, variant=variant, table_id="T-01",
                      bet_limits={"ante": {"min": 5, "max": 25}})


@pytest.fixture
def scanned(table, watcher):
    ingest_batch(batch=Batch(batch_id="b-1", rounds=floor_rounds(240)), source="command")
    opened = surveillance_scan(table_pk=table.pk)
    return opened


def test_the_hole_card_reader_gets_a_case_audited_and_announced(scanned, watcher):
    assert [(c.kind, c.players) for c in scanned] == [("hole_card", [READER])]
    case = scanned[0]
    assert case.evidence["statistic"] >= case.evidence["threshold"]
    assert case.evidence["key_decisions"] and case.tables == ["T-01"]
    assert AuditEvent.objects.filter(action="surveillance.case_opened", object_id=str(case.pk)).exists()
    assert SurveilledPlayer.objects.count() == 4


def test_a_second_scan_opens_nothing_new(scanned, table):
    assert surveillance_scan(table_pk=table.pk) == []
    assert SurveillanceCase.objects.count() == 1


def test_case_page_note_and_closure(scanned, client, watcher):
    case = scanned[0]
    client.force_login(watcher)
    page = client.get(f"/surveillance/cases/{case.pk}/")
    assert page.status_code == 200
    body = page.content.decode()
    assert READER in body and "key-decisions" in body and 'id="power"' in body
    assert client.post(f"/surveillance/cases/{case.pk}/notes/", {"text": "video requested"}).status_code == 302
    assert client.post(f"/surveillance/cases/{case.pk}/close/", {"reason": "nonsense"}).status_code == 302
    case.refresh_from_db()
    assert case.status == "open"  # no valid reason, nothing changed
    client.post(f"/surveillance/cases/{case.pk}/close/", {"reason": "confirmed", "note": "seen on video"})
    case.refresh_from_db()
    assert (case.status, case.closure_reason, case.closed_by) == ("closed", "confirmed", watcher)
    actions = set(AuditEvent.objects.filter(object_id=str(case.pk), object_type="SurveillanceCase")
                  .values_list("action", flat=True))
    assert {"surveillance.case_opened", "surveillance.case_annotated", "surveillance.case_closed"} <= actions


def test_api_list_csv_and_open_by_hand(scanned, client, watcher):
    client.force_login(watcher)
    listed = client.get("/api/v1/surveillance/cases/")
    assert listed.status_code == 200 and listed.json()[0]["players"] == [READER]
    csv = client.get("/api/v1/surveillance/cases.csv")
    assert csv.status_code == 200 and csv.content.decode().splitlines()[0].startswith("id,kind,subject")
    assert client.get("/surveillance/cases/?format=csv").status_code == 200
    made = client.post("/api/v1/surveillance/cases/", {"player": "P-001", "kind": "partner"},
                       content_type="application/json")
    assert made.status_code == 201
    assert client.get(f"/api/v1/surveillance/cases/{made.json()['id']}/").json()["opened_at"]


def test_unknown_player_is_404(scanned, client, watcher):
    client.force_login(watcher)
    assert client.get("/surveillance/players/P-nobody/").status_code == 404
    assert client.post("/api/v1/surveillance/cases/", {"player": "P-nobody", "kind": "hole_card"},
                       content_type="application/json").status_code == 404
    assert client.get("/surveillance/cases/999999/").status_code == 404
    assert client.get(f"/surveillance/players/{READER}/").status_code == 200


def test_the_surveillance_role_reads_rounds_and_nothing_else(scanned, client, watcher):
    client.force_login(watcher)
    assert client.get("/surveillance/rounds/T-01/T-01-000001/").status_code == 200
    assert client.get("/surveillance/rounds/T-01/no-such-round/").status_code == 404
    assert client.get("/").url.endswith("/surveillance/cases/")
    for url in ("/variants/", "/tables/", "/submissions/", "/audit/", "/api/v1/variants/", "/api/v1/tables/",
                "/api/v1/audit-events/"):
        assert client.get(url).status_code == 403, url
    assert client.get("/admin/").status_code == 302  # not staff: the admin's sign-in page


@pytest.mark.parametrize("role", [Role.ADMIN, Role.OFFICER, Role.REVIEWER, Role.AUDITOR])
def test_other_roles_cannot_reach_cases(scanned, client, role):
    user = UserFactory(username=f"u-{role[:4].lower()}", roles=[role])
    verified_client(client, user)
    case = scanned[0]
    for url in ("/surveillance/cases/", f"/surveillance/cases/{case.pk}/", "/api/v1/surveillance/cases.csv", f"/surveillance/players/{READER}/",
                "/surveillance/rounds/T-01/T-01-000001/", "/api/v1/surveillance/cases/",
                f"/api/v1/surveillance/cases/{case.pk}/"):
        assert client.get(url).status_code == 403, url
    assert client.post(f"/surveillance/cases/{case.pk}/close/", {"reason": "confirmed"}).status_code == 403
    case.refresh_from_db()
    assert case.status == "open"


def test_the_notice_reaches_the_surveillance_role(table, watcher, django_capture_on_commit_callbacks):
    ingest_batch(batch=Batch(batch_id="b-2", rounds=floor_rounds(240)), source="command")
    with django_capture_on_commit_callbacks(execute=True):
        surveillance_scan(table_pk=table.pk)
    assert [m.to for m in mail.outbox if "Surveillance case" in m.subject] == [[watcher.email]]


def test_setup_roles_gives_the_surveillance_role_without_staff(db):
    from io import StringIO

    from django.core.management import call_command

    user = UserFactory(username="sue", is_staff=False)
    call_command("setup_roles", "--user", "sue", "--role", "surveillance", stdout=StringIO())
    user.refresh_from_db()
    assert Role.SURVEILLANCE in {g.name for g in user.groups.all()} and not user.is_staff


def test_a_dealer_whose_tables_lose_beyond_theory_gets_a_case(table, adam, watcher):
    """The floor watch's return check by dealer, from the rollups of two tables: dealer D-9
    pays out 30 % of the handle on every shift, D-1 and D-2 hold the exact edge."""
    import datetime as dt
    from decimal import Decimal

    from casino.models import RoundRollup
    from certification.services.field_checks import table_model
    from certification.services.surveillance import dealer_scan

    second = make_table(admin=adam, variant=table.variant, table_id="T-02")
    edge = float(table_model(table).seat.house_edge)
    start = dt.datetime(2026, 11, 2, 8, tzinfo=dt.UTC)
    for t in (table, second):
        for day in range(10):
            for dealer in ("D-1", "D-2", "D-9"):
                handle = Decimal(4000)
                win = handle * Decimal(str(round(edge, 4))) if dealer != "D-9" else -handle * Decimal("0.3")
                when = start + dt.timedelta(days=day)
                RoundRollup.objects.create(table=t, day=when.date(), dealer_id=dealer, shift=0,
                                           paytable_version_id=t.paytable_version_id, stake_level="standard",
                                           channel="floor", rounds=100, hands=400, handle=handle, net=-win,
                                           first_played_at=when, last_played_at=when)
    opened = dealer_scan()
    assert [(c.kind, c.dealer_id, sorted(c.tables)) for c in opened] == [("dealer_return", "D-9", ["T-01", "T-02"])]
    assert dealer_scan() == []  # the open case is brought up to date, not opened twice


@pytest.mark.parametrize("language", ["it", "es"])
def test_surveillance_pages_show_no_english_sentence_in_italian_or_spanish(scanned, client, watcher, language):
    from tests.web.test_pages_in_italian_and_spanish import english_left, visible_text

    client.force_login(watcher)
    case = scanned[0]
    for url in ("/surveillance/cases/", f"/surveillance/cases/{case.pk}/", f"/surveillance/players/{READER}/",
                "/surveillance/rounds/T-01/T-01-000001/"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
        assert response.status_code == 200, url
        assert english_left(visible_text(response), language) == [], url
