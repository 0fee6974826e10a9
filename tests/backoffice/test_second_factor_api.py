"""Every guarded API write refuses an admin whose session has no verified second factor,
before any change; the same write from an officer (not asked for one) is not refused so."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from casino.models import AuditEvent, Jurisdiction, PaytableVersion, RegulatorDecision
from certification.models import PacketJob

from .factories import make_variant

pytestmark = pytest.mark.django_db

GUARDED = [
    ("/api/v1/jurisdictions/", lambda world: {"code": "nv", "name": "Nevada"}),
    ("/api/v1/paytable-versions/", lambda world: {"paytable": world["paytable"], "payouts": {"win": "2"}}),
    ("/api/v1/decisions/", lambda world: {"paytable_version": world["version"], "jurisdiction": "x",
                                           "status": "submitted"}),
    ("/api/v1/packets/", lambda world: {"run": 1, "jurisdiction": "lab"}),
]


def counts():
    return [model.objects.count() for model in (Jurisdiction, PaytableVersion, RegulatorDecision, PacketJob,
                                                AuditEvent)]


@pytest.mark.parametrize("url,body", GUARDED, ids=[url for url, _ in GUARDED])
def test_an_unverified_admin_is_refused_before_anything_changes(adam, alice, url, body):
    variant = make_variant(actor=alice, name="draft")
    world = {"paytable": variant.paytable.pk, "version": variant.paytable.latest_version.pk}
    client = APIClient()
    client.force_login(adam)
    before = counts()
    response = client.post(url, body(world), format="json")
    assert response.status_code == 403 and "second factor" in response.json()["detail"], response.content
    assert counts() == before


def test_an_officer_is_not_asked_for_a_second_factor(alice):
    variant = make_variant(actor=alice, name="draft")
    client = APIClient()
    client.force_login(alice)
    response = client.post("/api/v1/paytable-versions/", {"paytable": variant.paytable.pk,
                                                          "payouts": {"win": "2", "kd_first_card": "3"}},
                           format="json")
    assert response.status_code == 201, response.content
