"""GET /api/v1/public/certificates/NUMBER/?sha256=HEX: anyone, no sign-in; genuine or not, the
status now, the game, the version and where it is approved; nothing else, and the same
answer for an unknown number as for a wrong hash."""

from __future__ import annotations

import hashlib

import pytest
from rest_framework.test import APIClient

from casino.services.revocations import certificate_revoke
from certification.models import ReportKind
from certification.services.certificates import certificate_issue

from .world import issued_pdf

pytestmark = pytest.mark.django_db
KEYS = {"genuine", "status", "game", "version", "jurisdictions"}


def check(number, sha256, client=None):
    return (client or APIClient()).get(f"/api/v1/public/certificates/{number}/", {"sha256": sha256})


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_a_genuine_valid_certificate_names_only_the_named_things(mine, jurisdiction):
    run = mine["run"]
    response = check(run.certificate_number, sha(issued_pdf(run)))
    assert response.status_code == 200
    body = response.json()
    assert set(body) == KEYS
    assert body["genuine"] is True and body["status"] == "valid"
    assert body["game"] == "Sette Sierra" and body["version"] == mine["version"].number
    assert {j["code"] for j in body["jurisdictions"]} == {"sierra", jurisdiction.code}
    assert all(set(j) == {"code", "name"} for j in body["jurisdictions"])


def test_an_unknown_number_and_a_wrong_hash_answer_exactly_alike(mine, theirs):
    run, right = mine["run"], sha(issued_pdf(mine["run"]))
    unknown = check("TC-1999-999999", right)
    wrong_hash = check(run.certificate_number, "ab" * 32)
    # Another certificate's genuine file presented under this number is not this certificate.
    swapped = check(run.certificate_number, sha(issued_pdf(theirs["run"])))
    assert unknown.status_code == wrong_hash.status_code == swapped.status_code == 200
    assert unknown.content == wrong_hash.content == swapped.content
    assert unknown.json() == {"genuine": False, "status": None, "game": None, "version": None, "jurisdictions": []}


def test_a_draft_is_genuine_but_not_a_certificate(alice, rita, jurisdiction):
    from tests.backoffice.factories import make_under_review

    submission = make_under_review(officer=alice, preset="sette-e-mezzo", name="Sette draft",
                                   jurisdiction=jurisdiction)
    run = submission.certification_run or submission.certification_runs.order_by("-id").first()
    issued = run.issued_reports.filter(kind=ReportKind.DRAFT).first() or certificate_issue(run=run)
    body = check(run.certificate_number, issued.sha256).json()
    assert body == {"genuine": True, "status": "draft", "game": "Sette draft",
                    "version": submission.paytable_version.number, "jurisdictions": []}


def test_a_revoked_certificate_says_so_and_is_approved_nowhere(mine, rita, adam):
    run = mine["run"]
    from django.db import transaction

    with transaction.atomic():
        certificate_revoke(run=run, actor=adam, reason="the shuffle was not the one certified")
    body = check(run.certificate_number, sha(issued_pdf(run)).upper()).json()
    assert body["genuine"] is True and body["status"] == "revoked" and body["jurisdictions"] == []
    assert "shuffle" not in str(body)


@pytest.mark.parametrize("bad", ["", "xyz", "ab" * 31, "g" * 64, "ab" * 33])
def test_a_hash_that_is_not_64_hex_digits_is_a_400_naming_the_field(mine, bad):
    response = check(mine["run"].certificate_number, bad)
    assert response.status_code == 400 and "sha256" in response.json()


def test_more_checks_than_the_rate_answer_429(settings, mine):
    settings.TABLECERT_PUBLIC_VERIFY_RATE = "3/minute"
    client = APIClient()
    codes = [check("TC-X", "ab" * 32, client).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    refused = check(mine["run"].certificate_number, sha(issued_pdf(mine["run"])), client)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "genuine" not in refused.json()


def test_a_signed_in_user_gets_the_same_public_answer(api, sam, mine):
    run = mine["run"]
    assert check(run.certificate_number, sha(issued_pdf(run)), api(sam)).json() == \
        check(run.certificate_number, sha(issued_pdf(run))).json()


def test_the_schema_shows_the_endpoint_without_authentication(api, adam):
    schema = api(adam).get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/public/certificates/{number}/"]["get"]
    assert operation.get("security", [{}]) in ([{}], [])
    assert "sha256" in [p["name"] for p in operation["parameters"]]
    assert set(schema["components"]["schemas"]["PublicVerdict"]["properties"]) == KEYS


def test_an_invented_forwarded_for_header_earns_no_fresh_allowance(settings):
    settings.TABLECERT_PUBLIC_VERIFY_RATE = "2/minute"
    client = APIClient()
    codes = [client.get("/api/v1/public/certificates/TC-X/", {"sha256": "ab" * 32},
                        HTTP_X_FORWARDED_FOR=f"10.0.0.{i}").status_code for i in range(3)]
    assert codes == [200, 200, 429]


def test_behind_a_trusted_proxy_each_client_address_has_its_own_allowance(settings):
    settings.TABLECERT_PUBLIC_VERIFY_RATE = "1/minute"
    settings.TABLECERT_TRUSTED_PROXIES = 1
    client = APIClient()

    def ask(forwarded):
        return client.get("/api/v1/public/certificates/TC-X/", {"sha256": "ab" * 32},
                          HTTP_X_FORWARDED_FOR=forwarded).status_code

    # The proxy appends the address it saw; what the client wrote before it does not count.
    assert [ask("198.51.100.7"), ask("203.0.113.1, 198.51.100.7"), ask("198.51.100.8")] == [200, 429, 200]
