"""The four ways a certificate's standing was told differently on different surfaces, each
told once now: a revoked draft is never approved nor dealt; the public check says revoked for
a revoked draft copy; verify-report calls a draft a draft; badges and choices follow a
revocation, and an approved submission shows its certificate, not a "Draft report"."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import transaction
from rest_framework.test import APIClient

from casino import workflow
from casino.forms import TableCreateForm
from casino.models import AuditEvent, PaytableVersion, SubmissionStatus, TableStatus, VersionStatus
from casino.selectors import approval_rows
from casino.services.errors import WorkflowError
from casino.services.properties import casino_property_create
from casino.services.revocations import certificate_revoke
from casino.services.standing import certificate_standing
from certification.models import ReportKind
from certification.services.certificates import certificate_issue, certificate_issue_approved
from tests.backoffice.factories import UserFactory, make_approved, make_under_review
from tests.lifecycle.conftest import open_table
from tests.support.second_factor import verified_client

pytestmark = pytest.mark.django_db
REASON = "the shuffle was not the one certified"


def _draft(run):
    return run.issued_reports.filter(kind=ReportKind.DRAFT).first() or certificate_issue(run=run)


def _revoke(run, actor):
    with transaction.atomic():
        certificate_revoke(run=run, actor=actor, reason=REASON)


def _public(client, run, issued) -> str:
    return client.get(f"/api/v1/public/certificates/{run.certificate_number}/",
                      {"sha256": issued.sha256}).json()["status"]


def _verify_page(client, run, issued) -> str:
    return client.post("/verify/", {"number": run.certificate_number, "sha256": issued.sha256}
                       ).context["verdict"].status


def _verify_report(issued) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("verify-report", issued.file.path, stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


@pytest.fixture
def under_review(alice, jurisdiction):
    return make_under_review(officer=alice, preset="sette-e-mezzo", name="Sette REV", jurisdiction=jurisdiction)


def test_case_1_a_revoked_draft_is_never_approved_and_its_version_opens_no_table(
        under_review, rita, adam, jurisdiction, client):
    run = under_review.certification_run
    _revoke(run, adam)
    verified_client(client, rita)
    page = client.get(f"/submissions/{under_review.pk}/").content.decode()
    assert "revoked" in page and run.certificate_number in page  # the reviewer is warned
    answer = verified_client(APIClient(), rita).get(f"/api/v1/submissions/{under_review.pk}/approval-check/").json()
    assert answer["can_approve"] is False and "revoked" in answer["reason"]

    ended = workflow.submission_approve(submission=under_review, actor=rita)
    assert ended.status == SubmissionStatus.REJECTED
    assert run.certificate_number in ended.decision_reason and REASON in ended.decision_reason
    version = PaytableVersion.objects.get(pk=under_review.paytable_version_id)
    assert version.status == VersionStatus.REJECTED
    event = AuditEvent.objects.filter(action="submission.rejected", object_id=str(under_review.pk)).get()
    assert event.actor == rita and run.certificate_number in event.message
    assert not run.issued_reports.filter(kind=ReportKind.APPROVED).exists()
    assert approval_rows(variant=under_review.variant_id) == []
    assert certificate_standing(run=run).state == "revoked"
    assert version not in TableCreateForm().fields["paytable_version"].queryset

    casino = casino_property_create(name="Revoked Palace", jurisdiction=jurisdiction, actor=adam)
    with pytest.raises((WorkflowError, ValidationError)):  # refused when configured, or when opened
        open_table(adam, version, casino, "REV-01")
    assert not version.tables.filter(status=TableStatus.ACTIVE).exists()


def test_case_1_the_approve_button_and_the_api_say_why_the_submission_ended(under_review, rita, adam, client):
    _revoke(under_review.certification_run, adam)
    response = verified_client(APIClient(), rita).post(f"/api/v1/submissions/{under_review.pk}/approve/", {})
    assert response.status_code == 409
    body = response.json()
    assert body["status"] == SubmissionStatus.REJECTED and "revoked" in body["reason"]
    # Already ended: a second approval is refused as any approval of a rejected submission.
    verified_client(client, rita)
    followed = client.post(f"/submissions/{under_review.pk}/approve/", follow=True).content.decode()
    assert "A submission can only move to approved from under_review" in followed


def test_case_1_the_web_approval_ends_the_submission_and_says_so(under_review, rita, adam, client):
    _revoke(under_review.certification_run, adam)
    verified_client(client, rita)
    page = client.post(f"/submissions/{under_review.pk}/approve/", follow=True).content.decode()
    assert "Not approved: the submission ended, rejected" in page and REASON in page
    assert '<span id="submission-status"><span class="badge rejected">' in page


@pytest.mark.parametrize("when", ["before approval", "after approval"])
def test_case_2_the_public_check_says_revoked_for_a_revoked_draft_copy(when, alice, rita, adam, jurisdiction,
                                                                      client):
    if when == "before approval":
        run = make_under_review(officer=alice, preset="sette-e-mezzo", name="Sette D",
                                jurisdiction=jurisdiction).certification_run
    else:
        run = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette A",
                            jurisdiction=jurisdiction).certification_run
        certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    draft = _draft(run)
    assert _public(client, run, draft) == "draft" == _verify_page(client, run, draft)
    _revoke(run, adam)
    assert _public(client, run, draft) == "revoked"
    assert _verify_page(client, run, draft) == "revoked"
    assert _verify_report(draft)[0] == 3


def test_case_3_verify_report_calls_a_draft_a_draft_with_its_own_exit_status(under_review, rita, alice,
                                                                              jurisdiction, client):
    draft = _draft(under_review.certification_run)
    code, said = _verify_report(draft)
    assert code == 8 and "DRAFT" in said and "is valid" not in said and code not in (0, 1, 3)
    assert _public(client, under_review.certification_run, draft) == "draft"
    # The draft copy of an approved, valid certificate is a draft too; the approved copy is valid.
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette V",
                             jurisdiction=jurisdiction).certification_run
    issued = run_issued(approved, rita)
    assert _verify_report(_draft(approved))[0] == 8
    code, said = _verify_report(issued)
    assert code == 0 and "is valid" in said


def run_issued(run, approver):
    certificate_issue_approved(run_id=run.pk, approver_id=approver.pk)
    return run.issued_reports.get(kind=ReportKind.APPROVED)


def test_case_3_the_help_names_the_draft_exit_status():
    from importlib import import_module

    command = import_module("certification.management.commands.verify-report")
    assert command.EXIT_STATUS["draft"] == 8 and "8 a draft" in command.Command.help
    assert len(set(command.EXIT_STATUS.values())) == len(command.EXIT_STATUS)


def test_case_4_badges_and_choices_follow_a_revocation(alice, rita, adam, jurisdiction, client):
    submission = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette B",
                               jurisdiction=jurisdiction)
    run, version, variant = submission.certification_run, submission.paytable_version, submission.variant
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    casino = casino_property_create(name="Badge Palace", jurisdiction=jurisdiction, actor=adam)
    table = open_table(adam, version, casino, "REV-01")
    verified_client(client, adam)
    detail = client.get(f"/submissions/{submission.pk}/").content.decode()
    assert "Draft report" not in detail and f"Certificate {run.certificate_number}" in detail
    assert version in TableCreateForm().fields["paytable_version"].queryset

    _revoke(run, adam)
    table.refresh_from_db()
    assert table.status == TableStatus.INACTIVE
    tables = client.get("/tables/").content.decode()
    row = tables.split('data-table="REV-01"', 1)[1].split("</tr>", 1)[0]
    assert 'v1 <span class="badge revoked">Revoked</span>' in row and "Approved" not in row
    for url in (f"/variants/{variant.pk}/", f"/versions/{version.pk}/jurisdictions/", "/variants/",
                f"/submissions/{submission.pk}/", "/submissions/"):
        # The version page's history keeps the decisions as they were recorded, the approval too.
        html = client.get(url).content.decode().split('id="decisions-title"', 1)[0]
        assert '<span class="badge revoked">Revoked</span>' in html, url
        assert '<span class="badge approved">Approved</span>' not in html, url
        assert '<span class="badge valid">' not in html, url
    assert version not in TableCreateForm().fields["paytable_version"].queryset
    form = client.get("/tables/new/").content.decode()
    assert f'value="{version.pk}"' not in form
    with pytest.raises(WorkflowError, match="revoked"):
        workflow.table_activate(table=table, actor=adam)


def test_messages_name_the_decision_and_the_certificate_as_they_stand(jurisdiction, rita):
    from django.core.exceptions import PermissionDenied

    from casino.permissions import Role
    from casino.services.regulators import regulator_decision_record

    both = UserFactory(username="vera", roles=[Role.OFFICER, Role.REVIEWER])
    draft = make_under_review(officer=both, preset="sette-e-mezzo", name="Sette M", jurisdiction=jurisdiction)
    with pytest.raises(WorkflowError) as refused, transaction.atomic():
        certificate_revoke(run=draft.certification_run, actor=both, reason="mine")
    assert "cannot go from draft to revoked" in str(refused.value)
    approved = workflow.submission_approve(submission=draft, actor=rita)
    with pytest.raises(PermissionDenied) as denied:
        regulator_decision_record(paytable_version=approved.paytable_version, jurisdiction=jurisdiction,
                                  status="approved", actor=UserFactory(username="nobody"))
    assert "a approved" not in str(denied.value) and "recording the decision “approved”" in str(denied.value)


def test_a_packet_says_how_its_certificate_stands(alice, rita, adam, jurisdiction):
    from certification.services.packets import packet_checklist

    run = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette P",
                        jurisdiction=jurisdiction).certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)

    def approved_item():
        return next(i for i in packet_checklist(run=run, jurisdiction=jurisdiction)
                    if i.name == "Approved certificate")

    assert approved_item().ready is True
    _revoke(run, adam)
    item = approved_item()
    assert item.ready is False and str(item.detail) == "the certificate is revoked"


def test_the_private_api_lists_say_how_versions_and_submissions_stand(alice, rita, adam, jurisdiction):
    submission = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette API",
                               jurisdiction=jurisdiction)
    run, version = submission.certification_run, submission.paytable_version
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    api = verified_client(APIClient(), rita)

    def states():
        versions = {v["id"]: v["standing"]["state"] for v in api.get("/api/v1/paytable-versions/").json()["results"]}
        submissions = {s["id"]: s["standing"]["state"] for s in api.get("/api/v1/submissions/").json()["results"]}
        one = api.get(f"/api/v1/submissions/{submission.pk}/").json()["standing"]
        return versions[version.pk], submissions[submission.pk], one["state"]

    assert states() == ("approved", "approved", "approved")
    _revoke(run, adam)
    assert states() == ("revoked", "revoked", "revoked")
