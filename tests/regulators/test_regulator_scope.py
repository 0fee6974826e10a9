"""Sierra's regulator reads Sierra's matrix, certificates, packets, tables and notices, and
nothing of Tahoe's: pages, API and downloads alike answer 404 (or 403) for another jurisdiction."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def sam_client(client, sam):
    client.force_login(sam)
    return client


def test_the_home_page_is_sierras_matrix_and_notices_only(sam_client, mine, theirs):
    page = sam_client.get("/", follow=True)
    assert page.redirect_chain[-1][0] == reverse("web:regulator-home")
    html = page.content.decode()
    matrix = page.context["matrix"]
    assert [j.code for j in matrix.jurisdictions] == ["sierra"]
    assert [row.paytable_version.pk for row in matrix.rows] == [mine["version"].pk]
    assert "Sette Sierra" in html and "Sette Tahoe" not in html and "Tahoe" not in html
    assert mine["notice"].title in html and theirs["notice"].title not in html


def test_every_list_shows_its_own_and_not_the_others(sam_client, mine, theirs):
    certificates = sam_client.get(reverse("web:regulator-certificates")).content.decode()
    assert mine["run"].certificate_number in certificates
    assert theirs["run"].certificate_number not in certificates
    assert reverse("web:regulator-packet-file", args=[mine["packet"].pk]) in certificates
    tables = sam_client.get(reverse("web:regulator-tables")).content.decode()
    assert 'data-table="S-1"' in tables and 'data-approved="yes"' in tables and "T-1" not in tables
    notices = sam_client.get(reverse("web:regulator-notices")).content.decode()
    assert mine["notice"].title in notices and theirs["notice"].title not in notices
    csv = sam_client.get(reverse("web:regulator-matrix-csv")).content.decode()
    assert "sierra" in csv and "tahoe" not in csv and "Sette Tahoe" not in csv


def test_downloads_are_its_own_only(sam_client, mine, theirs):
    own = sam_client.get(reverse("web:regulator-certificate-file", args=[mine["run"].certificate_number]))
    assert own.status_code == 200 and own["X-Content-SHA256"] == mine["run"].report_sha256
    assert b"".join(own.streaming_content).startswith(b"%PDF")
    packet = sam_client.get(reverse("web:regulator-packet-file", args=[mine["packet"].pk]))
    assert packet.status_code == 200 and b"".join(packet.streaming_content) == b"PK\x03\x04"
    other = sam_client.get(reverse("web:regulator-certificate-file", args=[theirs["run"].certificate_number]))
    assert other.status_code == 404
    assert sam_client.get(reverse("web:regulator-packet-file", args=[theirs["packet"].pk])).status_code == 404
    assert sam_client.get(reverse("web:regulator-home") + "?jurisdiction=tahoe").status_code == 404
    assert sam_client.get(reverse("web:regulator-matrix-csv") + "?jurisdiction=tahoe").status_code == 404


def test_the_back_office_pages_and_downloads_are_closed_to_it(sam_client, mine, theirs):
    run, version = theirs["run"], theirs["version"]
    closed = [reverse("web:variant-list"), reverse("web:submission-list"), reverse("web:table-list"),
              reverse("web:approval-matrix"), reverse("web:approval-matrix-csv"), reverse("web:notice-list"),
              reverse("web:audit-list"), reverse("web:field-list"),
              reverse("web:version-jurisdictions", args=[version.pk]),
              reverse("web:run-certificate", args=[run.pk]), reverse("web:run-report", args=[run.pk]),
              reverse("web:packet-download", args=[theirs["packet"].pk]),
              reverse("web:table-detail", args=[theirs["table"].pk])]
    for url in closed:
        assert sam_client.get(url).status_code in (403, 404), url
    assert sam_client.get("/admin/").status_code == 302  # not staff: sent to the admin's sign-in


def test_the_api_is_its_own_only(api, sam, mine, theirs):
    client = api(sam)
    rows = client.get("/api/v1/regulator/approvals/").json()["results"]
    assert {(r["jurisdiction"], r["paytable_version_id"]) for r in rows} == {("sierra", mine["version"].pk)}
    assert client.get("/api/v1/regulator/approvals/?jurisdiction=tahoe").status_code == 404
    assert [j["code"] for j in client.get("/api/v1/regulator/jurisdictions/").json()["results"]] == ["sierra"]
    assert client.get(f"/api/v1/regulator/jurisdictions/{theirs['casino'].jurisdiction_id}/").status_code == 404
    numbers = [c["certificate_number"] for c in client.get("/api/v1/regulator/certificates/").json()["results"]]
    assert numbers == [mine["run"].certificate_number]
    own = client.get(f"/api/v1/regulator/certificates/{mine['run'].certificate_number}/").json()
    assert [s["jurisdiction"] for s in own["status"]["jurisdictions"]] == ["sierra"]  # not the home filing
    for url in (f"/api/v1/regulator/certificates/{theirs['run'].certificate_number}/",
                f"/api/v1/regulator/certificates/{theirs['run'].certificate_number}/file/",
                f"/api/v1/regulator/packets/{theirs['packet'].pk}/",
                f"/api/v1/regulator/packets/{theirs['packet'].pk}/download/",
                f"/api/v1/regulator/tables/{theirs['table'].pk}/",
                f"/api/v1/regulator/notices/{theirs['notice'].pk}/"):
        assert client.get(url).status_code == 404, url
    for url in (f"/api/v1/regulator/certificates/{mine['run'].certificate_number}/file/",
                f"/api/v1/regulator/packets/{mine['packet'].pk}/download/"):
        download = client.get(url)
        assert download.status_code == 200 and b"".join(download.streaming_content), url
    tables = client.get("/api/v1/regulator/tables/").json()["results"]
    assert [(t["table_id"], t["approved"], t["paytable_version"]) for t in tables] == \
        [("S-1", True, mine["version"].number)]
    notices = client.get("/api/v1/regulator/notices/").json()["results"]
    assert [n["id"] for n in notices] == [mine["notice"].pk]


def test_the_back_office_api_is_closed_to_it(api, sam, theirs):
    client = api(sam)
    for url in ("/api/v1/approvals/", "/api/v1/decisions/", "/api/v1/notices/", "/api/v1/tables/",
                "/api/v1/certification-runs/", "/api/v1/packets/", "/api/v1/variants/",
                f"/api/v1/certificates/{theirs['run'].certificate_number}/status/",
                f"/api/v1/packets/{theirs['packet'].pk}/download/"):
        assert client.get(url).status_code == 403, url


def test_a_regulator_without_a_jurisdiction_reads_nothing(api, mine):
    from casino.permissions import Role
    from tests.backoffice.factories import UserFactory

    nobody = UserFactory(username="nell", is_staff=False, roles=[Role.REGULATOR])
    assert api(nobody).get("/api/v1/regulator/certificates/").json()["results"] == []
    assert api(nobody).get("/api/v1/regulator/approvals/").json()["results"] == []


def test_the_back_office_reads_every_jurisdiction_here_too(api, audrey, mine, theirs):
    numbers = {c["certificate_number"] for c in api(audrey).get("/api/v1/regulator/certificates/").json()["results"]}
    assert numbers == {mine["run"].certificate_number, theirs["run"].certificate_number}


def test_its_navigation_shows_only_what_it_may_see(sam_client, mine):
    html = sam_client.get(reverse("web:regulator-home")).content.decode()
    nav = html.split('class="mainnav"', 1)[1].split("</nav>", 1)[0]
    for url in (reverse("web:regulator-certificates"), reverse("web:regulator-tables"),
                reverse("web:regulator-notices"), reverse("web:verify")):
        assert url in nav
    for url in (reverse("web:variant-list"), reverse("web:submission-list"), reverse("web:audit-list"),
                reverse("web:approval-matrix"), reverse("web:table-list")):
        assert f'href="{url}"' not in nav


def test_another_regulators_reasons_stay_with_it(api, sam, rita, alice, mine, tahoe):
    from casino.models import DecisionStatus
    from casino.services.regulators import regulator_decision_record

    version = mine["version"]
    for status, actor, terms in ((DecisionStatus.SUBMITTED, alice, {}), (DecisionStatus.APPROVED, alice, {}),
                                 (DecisionStatus.REVOKED, rita, {"reason": "Tahoe found a marked deck"})):
        regulator_decision_record(paytable_version=version, jurisdiction=tahoe, status=status, actor=actor, **terms)
    body = api(sam).get(f"/api/v1/regulator/certificates/{mine['run'].certificate_number}/").json()["status"]
    assert body["state"] == "revoked"  # the certificate's own state is public
    assert body["reason"] == "" and [s["jurisdiction"] for s in body["jurisdictions"]] == ["sierra"]
    assert "Tahoe" not in str(body) and "tahoe" not in str(body)
