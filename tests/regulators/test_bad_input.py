"""Bad input to the regulator's view and the public check: a clear 4xx, and nothing changed."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from casino.models import AuditEvent, CertificateRevocation, RegulatorDecision, RegulatorScope
from certification.models import IssuedReport, PacketJob

pytestmark = pytest.mark.django_db


def counts():
    return tuple(model.objects.count() for model in (AuditEvent, CertificateRevocation, RegulatorDecision,
                                                     RegulatorScope, IssuedReport, PacketJob))


def test_a_regulator_asking_for_another_jurisdictions_packet(client, api, sam, mine, theirs):
    before = counts()
    client.force_login(sam)
    page = client.get(reverse("web:regulator-packet-file", args=[theirs["packet"].pk]))
    assert page.status_code == 404
    for url in (f"/api/v1/regulator/packets/{theirs['packet'].pk}/download/", "/api/v1/regulator/packets/abc/"):
        response = api(sam).get(url)
        assert response.status_code == 404 and "detail" in response.json(), url
    assert counts() == before


def test_a_malformed_hash_and_an_oversized_upload(client, settings, mine):
    before = counts()
    number = mine["run"].certificate_number
    api = APIClient().get(f"/api/v1/public/certificates/{number}/", {"sha256": "12345"})
    assert api.status_code == 400 and "64 hexadecimal digits" in api.json()["sha256"][0]
    missing = APIClient().get(f"/api/v1/public/certificates/{number}/")
    assert missing.status_code == 400 and "sha256" in missing.json()
    settings.TABLECERT_PUBLIC_VERIFY_MAX_BYTES = 10
    too_big = client.post("/verify/", {"number": number, "pdf": SimpleUploadedFile("c.pdf", b"%PDF" + b"x" * 64)})
    assert too_big.status_code == 400 and too_big.context["verdict"] is None
    assert "never larger than 10 bytes" in too_big.content.decode()
    assert counts() == before
