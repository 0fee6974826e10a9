"""A regulator changes nothing: every write it tries, on a page or the API, is refused and
leaves the records as they were."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import (
    AuditEvent,
    CertificateRevocation,
    Notice,
    RegulatorDecision,
    TableConfiguration,
)

pytestmark = pytest.mark.django_db


def counts():
    return (RegulatorDecision.objects.count(), CertificateRevocation.objects.count(), AuditEvent.objects.count(),
            Notice.objects.count(), list(TableConfiguration.objects.values_list("status", flat=True)))


def test_pages_refuse_every_write(client, sam, mine, sierra):
    client.force_login(sam)
    before = counts()
    version, run, table = mine["version"], mine["run"], mine["table"]
    writes = [
        (reverse("web:version-file", args=[version.pk]), {"jurisdictions": ["sierra"]}),
        (reverse("web:decision-record", args=[version.pk]), {"jurisdiction": "sierra", "status": "withdrawn",
                                                             "reason": "x"}),
        (reverse("web:approval-end", args=[version.pk]), {"jurisdiction": "sierra", "status": "revoked",
                                                          "reason": "x"}),
        (reverse("web:run-revoke", args=[run.pk]), {"reason": "x"}),
        (reverse("web:table-deactivate", args=[table.pk]), {}),
        (reverse("web:regulator-home"), {}),
        (reverse("web:regulator-certificates"), {}),
    ]
    for url, data in writes:
        assert client.post(url, data).status_code in (403, 405), url
    assert counts() == before


def test_the_api_refuses_every_write(api, sam, mine):
    client = api(sam)
    before = counts()
    number = mine["run"].certificate_number
    writes = [
        ("/api/v1/decisions/", {"paytable_version": mine["version"].pk, "jurisdiction": "sierra",
                                "status": "withdrawn", "reason": "x"}),
        (f"/api/v1/certificates/{number}/revoke/", {"reason": "x"}),
        ("/api/v1/properties/", {"name": "New casino", "jurisdiction": "sierra"}),
        ("/api/v1/regulator/notices/", {"title": "x"}),
        ("/api/v1/regulator/certificates/", {"certificate_number": "x"}),
        (f"/api/v1/regulator/tables/{mine['table'].pk}/", {"status": "closed"}),
    ]
    for url, data in writes:
        assert client.post(url, data, format="json").status_code == 403, url
    assert client.patch(f"/api/v1/regulator/tables/{mine['table'].pk}/", {"status": "closed"},
                        format="json").status_code == 403
    assert client.delete(f"/api/v1/regulator/notices/{mine['notice'].pk}/").status_code == 403
    assert counts() == before
