"""Every page answers every role with a page, a 403 or a redirect to sign in, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.backoffice.factories import make_approved, make_table

pytestmark = pytest.mark.django_db

OFFICER, REVIEWER, ADMIN, AUDITOR, OUTSIDER = "alice", "rita", "adam", "audrey", "oscar"
EVERY_ROLE = {OFFICER, REVIEWER, ADMIN, AUDITOR}


@pytest.fixture
def world(alice, rita, adam, audrey, oscar, draft, under_review, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette approved",
                             jurisdiction=jurisdiction)
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    return {
        "users": {u.username: u for u in (alice, rita, adam, audrey, oscar)},
        "draft": draft, "submission": under_review, "table": table, "approved": approved,
    }


def pages(world) -> list[tuple[str, set[str]]]:
    draft, submission, table = world["draft"], world["submission"], world["table"]
    version, run = world["approved"].paytable_version, world["approved"].certification_run
    return [
        (reverse("home"), EVERY_ROLE | {OUTSIDER}),
        (reverse("web:variant-list") + "?q=Sette&status=draft&family=seven_and_half", EVERY_ROLE),
        (reverse("web:variant-new"), {OFFICER}),
        (reverse("web:variant-create") + "?preset=sette-e-mezzo", {OFFICER}),
        (reverse("web:variant-create") + "?family=nine_ten_eleven", {OFFICER}),
        (reverse("web:variant-detail", args=[draft.pk]), EVERY_ROLE),
        (reverse("web:variant-edit", args=[draft.pk]), {OFFICER, ADMIN}),
        (reverse("web:paytable-compare", args=[draft.pk]), EVERY_ROLE),
        (reverse("web:submission-list") + "?status=under_review&q=Sette", EVERY_ROLE),
        (reverse("web:submission-detail", args=[submission.pk]), EVERY_ROLE),
        (reverse("web:submission-status", args=[submission.pk]), EVERY_ROLE),
        (reverse("web:table-list") + "?q=T-&status=inactive", EVERY_ROLE),
        (reverse("web:table-create"), {ADMIN}),
        (reverse("web:table-assign", args=[table.pk]), {ADMIN}),
        (reverse("web:audit-list") + "?object_type=Submission", EVERY_ROLE),
        (reverse("web:table-detail", args=[table.pk]), EVERY_ROLE),
        (reverse("web:version-jurisdictions", args=[version.pk]), EVERY_ROLE),
        (reverse("web:decision-record", args=[version.pk]), {OFFICER, ADMIN}),
        (reverse("web:approval-end", args=[version.pk]), {OFFICER, REVIEWER, ADMIN}),
        (reverse("web:run-revoke", args=[run.pk]), {REVIEWER, ADMIN}),
        (reverse("web:approval-matrix") + "?status=approved&expiring=1", EVERY_ROLE),
        (reverse("web:approval-matrix-csv"), EVERY_ROLE),
        (reverse("web:notice-list"), EVERY_ROLE),
    ]


def test_every_page_answers_every_role(client, world):
    for url, allowed in pages(world):
        for name, user in world["users"].items():
            client.force_login(user)
            response = client.get(url)
            expected = 200 if name in allowed else 403
            assert response.status_code == expected, (url, name, response.status_code)


def test_anonymous_visitors_are_sent_to_sign_in(client, world):
    for url, _ in pages(world):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url


def test_the_forbidden_page_keeps_the_layout_and_says_why(as_user, oscar, audrey, draft):
    response = as_user(audrey).get(reverse("web:variant-edit", args=[draft.pk]))
    assert response.status_code == 403
    body = response.content.decode()
    assert "Not allowed" in body and "needs the role" in body and "Dashboard" in body


def test_unknown_records_are_404_not_500(as_user, alice):
    client = as_user(alice)
    assert client.get(reverse("web:variant-detail", args=[999999])).status_code == 404
    assert client.get(reverse("web:submission-detail", args=[999999])).status_code == 404
    assert client.get(reverse("web:variant-create") + "?preset=nope").status_code == 404


@pytest.mark.parametrize(
    ("who", "shown", "hidden"),
    [
        (OFFICER, ["New variant"], ["Review queue", "New table"]),
        (REVIEWER, ["Review queue", "Awaiting your review"], ["New variant", "New table"]),
        (ADMIN, ["New table", "Approved, not yet on a table"], ["New variant", "Review queue"]),
        (AUDITOR, ["Recent decisions", "Latest audit events"], ["New variant", "New table", "Review queue"]),
        (OUTSIDER, ["no role yet"], ["Variants", "New variant"]),
    ],
)
def test_each_dashboard_shows_only_that_roles_work(client, world, who, shown, hidden):
    client.force_login(world["users"][who])
    body = client.get(reverse("home")).content.decode()
    for text in shown:
        assert text in body, (who, text)
    for text in hidden:
        assert text not in body, (who, text)
