"""The game protection section of the variant page, and the table form's warnings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import AuditEvent, TableConfiguration
from certification.models import ProtectionAudit, RunStatus
from tests.backoffice.factories import make_approved

pytestmark = pytest.mark.django_db

SETTINGS = {"seats": "3", "penetration": "0.5", "procedure": "riffle,riffle,cut", "rounds": "200"}


def test_an_officer_starts_an_audit_and_the_page_follows_it(as_user, alice, draft):
    client = as_user(alice)
    body = client.get(reverse("web:variant-detail", args=[draft.pk])).content.decode()
    assert "Game protection" in body and 'id="start-protection"' in body
    response = client.post(reverse("web:variant-protection", args=[draft.pk]), SETTINGS)
    assert response.status_code == 302 and response["Location"].endswith("#protection")
    audit = ProtectionAudit.objects.get()
    assert (audit.seats, audit.penetration, audit.procedure, audit.rounds) == (3, 0.5, "riffle,riffle,cut", 200)
    assert audit.status == RunStatus.QUEUED and audit.requested_by == alice
    assert AuditEvent.objects.filter(action="protection_audit.start", actor=alice).exists()
    body = client.get(reverse("web:variant-detail", args=[draft.pk])).content.decode()
    assert 'aria-label="Game protection audit progress"' in body and "js/job-progress.js" in body
    status = client.get(reverse("web:variant-protection-status", args=[draft.pk])).json()
    assert status["audit"]["status"] == "queued" and status["audit"]["progress"] == 0


def test_a_bad_setting_is_refused_with_its_name_and_nothing_is_started(as_user, alice, draft):
    client = as_user(alice)
    response = client.post(reverse("web:variant-protection", args=[draft.pk]),
                           {**SETTINGS, "procedure": "riffle,shake"}, follow=True)
    assert "procedure" in response.content.decode() and "shake" in response.content.decode()
    response = client.post(reverse("web:variant-protection", args=[draft.pk]),
                           {**SETTINGS, "penetration": "1.5"}, follow=True)
    assert "penetration" in response.content.decode()
    assert not ProtectionAudit.objects.exists()


def test_only_officers_and_reviewers_start_audits_everyone_reads_them(as_user, audrey, adam, oscar, draft):
    for user in (audrey, adam):
        assert as_user(user).post(reverse("web:variant-protection", args=[draft.pk]), SETTINGS).status_code == 403
    assert as_user(audrey).get(reverse("web:variant-protection-status", args=[draft.pk])).json() == {"audit": None}
    assert as_user(oscar).get(reverse("web:variant-protection-status", args=[draft.pk])).status_code == 403
    assert not ProtectionAudit.objects.exists()


def test_a_finished_audit_shows_its_table(as_user, audrey, draft):
    from casino.rules import preset
    from certification.protection import AuditSpec, run_audit

    report = run_audit(AuditSpec(rules=preset("sette-e-mezzo"), variant=draft.name, seats=2, rounds=40))
    ProtectionAudit.objects.create(
        variant=draft, paytable_version=draft.paytable.latest_version, rules={}, seats=2,
        procedure="wash", rounds=40, chunks=4, seed=1, status=RunStatus.DONE, progress=100, result=report)
    body = as_user(audrey).get(reverse("web:variant-detail", args=[draft.pk])).content.decode()
    assert 'id="protection-table"' in body
    assert report["exposures"]["dealer_card"]["player_edge_gain_fraction"] in body
    assert 'data-exposure="collusion"' in body and "Risk rule" in body


def test_the_table_form_warns_about_dealing_through_a_weak_shuffle_and_many_seats(as_user, adam, alice, rita, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                             jurisdiction=jurisdiction)
    response = as_user(adam).post(reverse("web:table-create"), {
        "table_id": "SM-02", "paytable_version": approved.paytable_version.pk, "seats": "7",
        "shuffling_method": "riffle,riffle,cut", "penetration": "0.9",
    }, follow=True)
    body = response.content.decode()
    assert TableConfiguration.objects.get(table_id="SM-02").penetration == 0.9
    assert "Game protection, penetration" in body
    assert "Game protection, shuffling_method" in body and "face-down card can be predicted" in body
    assert "Game protection, seats" in body


def test_a_protected_table_gets_no_warning(as_user, adam, alice, rita, jurisdiction):
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette safe",
                             jurisdiction=jurisdiction)
    response = as_user(adam).post(reverse("web:table-create"), {
        "table_id": "SM-03", "paytable_version": approved.paytable_version.pk, "seats": "3",
        "shuffling_method": "wash,riffle,riffle,box,riffle,cut", "penetration": "0",
    }, follow=True)
    assert "Game protection" not in response.content.decode()
