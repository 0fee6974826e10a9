"""Bad input: a clear 4xx or CommandError, and nothing changed."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from casino.models import AuditEvent, CertificateRevocation, RegulatorDecision, TableStatus
from certification.models import IssuedReport, ReportKind
from certification.services.certificates import certificate_issue_approved

from .conftest import field_trial_then_approve, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def certificate(approved, rita):
    """The approved version's certificate, entered in the register (as the worker does)."""
    run = approved.certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    assert IssuedReport.objects.filter(run=run, kind=ReportKind.APPROVED).exists()
    run.refresh_from_db()
    return run


def counts():
    return (RegulatorDecision.objects.count(), CertificateRevocation.objects.count(), AuditEvent.objects.count())


def test_an_unknown_certificate(api, rita, olga, garden):
    before = counts()
    with pytest.raises(CommandError, match="'TC-NOPE' is not in the register"):
        call_command("revoke", "TC-NOPE", reason="x", user="rita")
    with pytest.raises(CommandError, match="neither a certificate number nor a variant"):
        call_command("decision", "TC-NOPE", jurisdiction="garden", status="submitted", reference="R",
                     user="olga")
    assert api(rita).post("/api/v1/certificates/TC-NOPE/revoke/", {"reason": "x"}, format="json").status_code == 404
    assert api(rita).get("/api/v1/certificates/TC-NOPE/status/").status_code == 404
    response = api(olga).post("/api/v1/decisions/", {"paytable_version": 999999, "jurisdiction": "garden",
                                                      "status": "submitted"}, format="json")
    assert response.status_code == 400 and "paytable_version" in response.data
    assert counts() == before


def test_revoking_twice(certificate, rita, api):
    call_command("revoke", certificate.certificate_number, reason="a problem in the field", user="rita",
                 stdout=io.StringIO())
    before = counts()
    with pytest.raises(CommandError, match="already revoked"):
        call_command("revoke", certificate.certificate_number, reason="again", user="rita")
    response = api(rita).post(f"/api/v1/certificates/{certificate.certificate_number}/revoke/",
                              {"reason": "again"}, format="json")
    assert response.status_code == 409 and "already revoked" in response.data["detail"]
    assert counts() == before


def test_revoking_ones_own_submission(certificate, alice, api, victor):
    from casino.models import Submission

    before = counts()
    # alice submitted it (and has no revoking role); victor may revoke, but filed it with a regulator.
    with pytest.raises(CommandError, match="needs the role"):
        call_command("revoke", certificate.certificate_number, reason="mine", user="alice")
    Submission.objects.filter(pk=certificate.paytable_version.submissions.get().pk).update(submitted_by=victor)
    with pytest.raises(CommandError, match="segregation of duties: you submitted this version"):
        call_command("revoke", certificate.certificate_number, reason="mine", user="victor")
    response = api(victor).post(f"/api/v1/certificates/{certificate.certificate_number}/revoke/",
                                {"reason": "mine"}, format="json")
    assert response.status_code == 409 and "segregation" in response.data["detail"]
    assert counts() == before


def test_a_revocation_needs_a_reason(certificate, rita, api):
    before = counts()
    response = api(rita).post(f"/api/v1/certificates/{certificate.certificate_number}/revoke/",
                              {"reason": " "}, format="json")
    assert response.status_code == 400 and "reason" in response.data
    assert counts() == before


def test_an_expiry_before_the_effective_date(certificate, olga, garden, api):
    number = certificate.certificate_number
    call_command("decision", number, jurisdiction="garden", status="submitted", reference="GS-1", user="olga",
                 stdout=io.StringIO())
    before = counts()
    with pytest.raises(CommandError, match="expires: 2026-01-01 is before the effective date 2026-06-01"):
        call_command("decision", number, jurisdiction="garden", status="approved", reference="GS-A",
                     user="olga", effective="2026-06-01", expires="2026-01-01")
    response = api(olga).post("/api/v1/decisions/", {
        "paytable_version": certificate.paytable_version_id, "jurisdiction": "garden", "status": "approved",
        "reference": "GS-A", "effective": "2026-06-01", "expires": "2026-01-01"}, format="json")
    assert response.status_code == 400 and "before the effective date" in response.data["expires"][0]
    with pytest.raises(CommandError, match="--expires: '31/12/2026' is not a date"):
        call_command("decision", number, jurisdiction="garden", status="approved", reference="GS-A",
                     user="olga", expires="31/12/2026")
    assert counts() == before


def test_opening_a_table_with_a_version_not_approved_there(version, garden, garden_casino, olga, adam, api):
    from tests.backoffice.factories import make_table

    record(version, garden, "submitted", olga, reference="GS-1")
    table = make_table(admin=adam, variant=version.paytable.variant, version=version, table_id="GR-1",
                       casino_property=garden_casino)
    before = counts()
    response = api(adam).post(f"/api/v1/tables/{table.pk}/activate/")
    assert response.status_code == 409 and "not approved in Garden State" in response.data["detail"]
    table.refresh_from_db()
    assert table.status == TableStatus.INACTIVE and counts() == before


def test_unknown_jurisdiction_user_and_status(certificate, olga):
    number = certificate.certificate_number
    before = counts()
    with pytest.raises(CommandError, match="--jurisdiction: no jurisdiction 'atlantis'"):
        call_command("decision", number, jurisdiction="atlantis", status="submitted", reference="R", user="olga")
    with pytest.raises(CommandError, match="--user: no active user 'nobody'"):
        call_command("decision", number, jurisdiction="default", status="submitted", reference="R", user="nobody")
    with pytest.raises(CommandError, match="invalid choice"):
        call_command("decision", number, jurisdiction="default", status="blessed", reference="R", user="olga")
    with pytest.raises(CommandError, match="status: 'blessed' is not one of"):  # past argparse
        call_command("approvals", status="blessed", stdout=io.StringIO())
    assert counts() == before


def test_the_wrong_role_records_nothing(version, garden, audrey, rita, api, silver, silver_casino, olga):
    before = counts()
    for user in (audrey, rita):
        response = api(user).post("/api/v1/decisions/", {"paytable_version": version.pk, "jurisdiction": "garden",
                                                          "status": "submitted", "reference": "R"}, format="json")
        assert response.status_code == 403, user
    assert counts() == before
    field_trial_then_approve(version, silver, silver_casino, olga)
    before = counts()
    response = api(olga).post("/api/v1/decisions/", {"paytable_version": version.pk, "jurisdiction": "silver",
                                                      "status": "revoked", "reason": "x"}, format="json")
    assert response.status_code == 403 and counts() == before
