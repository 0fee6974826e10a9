"""The admin: pages by role, read-only locked versions, inline lines on drafts, actions via the workflow."""

import pytest
from django.urls import reverse

from casino.models import AuditEvent, PaytableVersion, Submission
from tests.support.second_factor import verified_client

from .factories import make_approved, make_table, make_under_review, make_variant

pytestmark = pytest.mark.django_db

MODELS = [
    "gamevariant",
    "paytable",
    "paytableversion",
    "tableconfiguration",
    "submission",
    "jurisdiction",
    "auditevent",
]


@pytest.fixture
def approved(alice, rita):
    return make_approved(officer=alice, reviewer=rita)


@pytest.mark.parametrize("persona", ["alice", "rita", "adam", "audrey"])
def test_every_role_sees_the_back_office_pages(client, request, approved, adam, persona):
    make_table(admin=adam, variant=approved.variant)
    verified_client(client, request.getfixturevalue(persona))
    assert client.get("/admin/").status_code == 200
    for model in MODELS:
        assert client.get(f"/admin/casino/{model}/").status_code == 200, model
    assert (
        client.get(
            f"/admin/casino/paytableversion/{approved.paytable_version.pk}/change/"
        ).status_code
        == 200
    )
    assert client.get(f"/admin/casino/submission/{approved.pk}/change/").status_code == 200
    assert client.get("/admin/certification/certificationrun/").status_code == 200


def test_outsiders_are_sent_to_the_login(client, oscar):
    verified_client(client, oscar)
    assert client.get("/admin/casino/gamevariant/").status_code == 302


def test_an_approved_version_is_read_only_even_for_its_editors(client, adam, approved):
    verified_client(client, adam)
    url = f"/admin/casino/paytableversion/{approved.paytable_version.pk}/change/"
    page = client.get(url).content.decode()
    assert 'name="lines-0-payout"' not in page
    assert 'name="_save"' not in page
    assert "House edge per bet" in page and "10.0000%" in page
    response = client.post(url, {"note": "x"})
    assert response.status_code == 403
    assert approved.paytable_version.lines.get(name="win").payout == "1"


def test_draft_lines_are_edited_inline_through_the_workflow(client, alice, adam):
    version = make_variant(actor=alice).paytable.latest_version
    verified_client(client, adam)
    url = f"/admin/casino/paytableversion/{version.pk}/change/"
    page = client.get(url).content.decode()
    assert 'name="lines-0-payout"' in page
    lines = list(version.lines.order_by("id"))
    data = {
        "note": "kd pays 5/2",
        "lines-TOTAL_FORMS": len(lines),
        "lines-INITIAL_FORMS": len(lines),
        "lines-MIN_NUM_FORMS": 0,
        "lines-MAX_NUM_FORMS": 1000,
    }
    for index, line in enumerate(lines):
        data.update(
            {
                f"lines-{index}-id": line.pk,
                f"lines-{index}-version": version.pk,
                f"lines-{index}-name": line.name,
                f"lines-{index}-payout": "5/2" if line.name == "kd_first_card" else line.payout,
            }
        )
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert version.payouts["kd_first_card"] == "5/2"
    assert PaytableVersion.objects.get(pk=version.pk).note == "kd pays 5/2"
    assert AuditEvent.objects.filter(action="paytable_version.update", actor=adam).exists()
    win = [line.name for line in lines].index("win")
    data[f"lines-{win}-payout"] = "not a number"
    bad = client.post(url, data)
    assert bad.status_code == 200 and "payouts.win" in bad.content.decode()


def test_auditors_cannot_change_anything(client, audrey, alice):
    version = make_variant(actor=alice).paytable.latest_version
    verified_client(client, audrey)
    page = client.get(f"/admin/casino/paytableversion/{version.pk}/change/").content.decode()
    assert 'name="_save"' not in page


def test_admin_actions_call_the_workflow(client, alice, rita):
    submission = make_under_review(officer=alice)
    verified_client(client, rita)
    response = client.post(
        reverse("admin:casino_submission_changelist"),
        {"action": "approve", "_selected_action": [submission.pk]},
    )
    assert response.status_code == 302
    assert Submission.objects.get(pk=submission.pk).status == "approved"
    assert AuditEvent.objects.filter(action="submission.approved", actor=rita).exists()


def test_admin_reject_asks_for_a_reason(client, alice, rita):
    submission = make_under_review(officer=alice)
    verified_client(client, rita)
    url = reverse("admin:casino_submission_changelist")
    ask = client.post(url, {"action": "reject", "_selected_action": [submission.pk]})
    assert ask.status_code == 200 and 'name="reason"' in ask.content.decode()
    client.post(
        url,
        {
            "action": "reject",
            "_selected_action": [submission.pk],
            "confirm": "yes",
            "reason": "bonus too rich",
        },
    )
    submission.refresh_from_db()
    assert submission.status == "rejected" and submission.decision_reason == "bonus too rich"


def test_an_officer_cannot_approve_from_the_admin(client, alice):
    submission = make_under_review(officer=alice)
    verified_client(client, alice)
    client.post(
        reverse("admin:casino_submission_changelist"),
        {"action": "approve", "_selected_action": [submission.pk]},
    )
    assert Submission.objects.get(pk=submission.pk).status == "under_review"


def test_refusals_are_reported_not_raised(client, alice, rita):
    submission = make_under_review(officer=alice, payouts={"win": "2", "kd_first_card": "3"})
    verified_client(client, rita)
    response = client.post(
        reverse("admin:casino_submission_changelist"),
        {"action": "approve", "_selected_action": [submission.pk]},
        follow=True,
    )
    assert "cannot be approved" in response.content.decode()
    assert Submission.objects.get(pk=submission.pk).status == "under_review"


def test_admins_configure_tables_in_the_admin(client, adam, approved):
    verified_client(client, adam)
    response = client.post(
        "/admin/casino/tableconfiguration/add/",
        {
            "table_id": "T-09",
            "pit": "Pit B",
            "variant": approved.variant.pk,
            "paytable_version": approved.paytable_version.pk,
            "bet_limits": '{"ante": {"min": 5, "max": 25}}',
            "seats": 6,
            "decks": 1,
            "shuffling_method": "wash,riffle,riffle,box,riffle,cut",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert AuditEvent.objects.filter(action="table.create", actor=adam).exists()
    client.post(
        reverse("admin:casino_tableconfiguration_changelist"),
        {"action": "activate", "_selected_action": [approved.variant.tables.get().pk]},
    )
    assert approved.variant.tables.get().status == "active"
