"""Jurisdiction profiles: shipped by migration, edited by admins only (API and admin), audited."""

from __future__ import annotations

import pytest

from casino.models import AuditEvent, Jurisdiction
from certification.reports.packet import DOCUMENTS

pytestmark = pytest.mark.django_db


def test_the_three_profiles_are_shipped_and_the_default_jurisdiction_still_works():
    codes = set(Jurisdiction.objects.values_list("code", flat=True))
    assert {"nevada", "new-jersey", "lab"} <= codes
    nevada = Jurisdiction.objects.get(code="nevada")
    assert nevada.house_edge_term == "theoretical hold" and "Regulation 14" in nevada.regulation_reference
    assert {"rules-of-play", "payout-schedule", "statistical-evaluation", "layout",
            "dealing-procedures", "rack-card"} <= set(nevada.packet_documents)
    assert Jurisdiction.objects.get(code="new-jersey").applicant_term == "petitioner"
    default = Jurisdiction(code="default", name="Default")
    default.full_clean()
    assert default.documents == list(DOCUMENTS)


def test_an_admin_adds_a_jurisdiction_without_code_and_others_only_read(api, adam, alice, audrey):
    body = {"code": "macau", "name": "Macau", "packet_documents": ["cover-letter", "rules-of-play"],
            "min_simulated_rounds": 5_000_000, "randomness_required": ["procedure"],
            "house_edge_term": "house advantage", "applicant_term": "concessionaire",
            "signatory_block": "For the concessionaire:"}
    for user in (alice, audrey):
        assert api(user).post("/api/v1/jurisdictions/", body, format="json").status_code == 403
    created = api(adam).post("/api/v1/jurisdictions/", body, format="json")
    assert created.status_code == 201, created.data
    macau = Jurisdiction.objects.get(code="macau")
    assert macau.documents == ["cover-letter", "rules-of-play"]
    assert AuditEvent.objects.filter(action="jurisdiction.create", object_id=str(macau.pk)).exists()
    changed = api(adam).patch(f"/api/v1/jurisdictions/{macau.pk}/", {"min_simulated_rounds": 1},
                              format="json")
    assert changed.status_code == 200
    assert AuditEvent.objects.filter(action="jurisdiction.update", object_id=str(macau.pk)).exists()
    assert api(audrey).get(f"/api/v1/jurisdictions/{macau.pk}/").data["applicant_term"] == "concessionaire"


def test_a_profile_naming_an_unknown_document_or_check_is_refused_by_field(api, adam):
    bad = api(adam).post("/api/v1/jurisdictions/", {
        "code": "x", "name": "X", "packet_documents": ["rules-of-play", "horoscope"],
        "randomness_required": ["tea-leaves"]}, format="json")
    assert bad.status_code == 400
    assert "horoscope" in str(bad.data["packet_documents"])
    assert "tea-leaves" in str(bad.data["randomness_required"])
    assert not Jurisdiction.objects.filter(code="x").exists()


def test_the_admin_form_edits_a_profile_for_admins_only(client, adam, alice):
    nevada = Jurisdiction.objects.get(code="nevada")
    url = f"/admin/casino/jurisdiction/{nevada.pk}/change/"
    client.force_login(adam)
    page = client.get(url)
    assert page.status_code == 200 and "Submission packet" in page.content.decode()
    client.force_login(alice)
    assert client.post(url, {"code": "nevada", "name": "Hacked"}).status_code == 403
    assert Jurisdiction.objects.get(code="nevada").name == "Nevada"
