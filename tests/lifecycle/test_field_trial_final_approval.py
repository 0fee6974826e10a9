"""A field trial to final approval, on PostgreSQL with a real worker.

Silver State (Nevada-like) puts sette-e-mezzo in a 30-day field trial at Silver Palace. The host
table's field file carries a planted drift (the players see the dealer's upcard from day 15):
the field check's alarm reaches the variant's officer by e-mail and the regulator as a notice
for its jurisdiction, once. The officer asks for final approval; the worker builds the packet
with the signed field-trial report and the filing becomes "submitted for final approval" while
the host table deals on; the regulator then approves.
"""

from __future__ import annotations

import datetime as dt
import io
import time

import pytest
from django.core import mail
from django.core.management import call_command
from pypdf import PdfReader

from casino.models import AuditEvent, Notice, TableStatus
from casino.selectors import regulator_state
from casino.services.approval_reads import table_regulatory_problem
from casino.services.expiry import approvals_expire_due
from casino.services.regulators import regulator_decision_record
from certification.models import FieldTrialAlarm, PacketJob, RunStatus
from certification.reports.packet.manifest import verify_archive
from certification.services.certificates import certificate_issue_approved
from certification.services.field_results import field_results_upload
from certification.services.field_trials import field_trial_alarms_raise
from certification.services.signing import manifest_signature_check, pdf_signature_check
from tests.support.field_trials import approved_in_house, field_file, silver_state, start_trial

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def fake_engine():
    """The packet recomputes the run's exact figures: the real engine certifies here too."""


def wait_for_job(client, job_id: int, timeout: float = 240) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = client.get(f"/api/v1/packets/{job_id}/").json()
        if state["status"] in (RunStatus.DONE, RunStatus.FAILED):
            return state
        time.sleep(0.5)
    raise AssertionError(f"packet {job_id} not built in {timeout} s")


def test_a_field_trial_with_a_drift_goes_to_final_approval(start_worker, settings, tmp_path, api, alice, rita,
                                                           adam):
    silver = silver_state()
    approval = approved_in_house(officer=alice, reviewer=rita, jurisdiction=silver)
    version, run = approval.paytable_version, approval.certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    from casino.celery import app

    app.control.purge()  # the approval's own messages were served in this process
    start_worker(concurrency=1, extra_env={"DJANGO_MEDIA_ROOT": str(settings.MEDIA_ROOT)})
    trial, table = start_trial(version=version, jurisdiction=silver, admin=adam)

    mail.outbox.clear()
    upload = field_results_upload(upload=field_file(drift_from=15), actor=adam)
    assert upload.result["tables"]["FT-1"]["drift"]["alarm"] is True
    notice = Notice.objects.get(kind="field_alarm")
    assert notice.jurisdiction == silver and notice.paytable_version == version and notice.decision == trial
    assert "field-trial drift at table FT-1 (Silver Palace) in Silver State" in notice.title
    assert upload.name in notice.body and run.certificate_number in notice.body
    alarm_mail = [m for m in mail.outbox if "field-trial drift" in m.subject]
    assert [m.to for m in alarm_mail] == [["alice@casino.example"]]
    # The same alarm is never posted twice.
    assert field_trial_alarms_raise(upload=upload, actor=adam) == []
    assert Notice.objects.filter(kind="field_alarm").count() == FieldTrialAlarm.objects.count() == 1
    assert len([m for m in mail.outbox if "field-trial drift" in m.subject]) == 1

    client = api(alice)
    job = client.post("/api/v1/field-trials/final-approval/",
                      {"paytable_version": version.pk, "jurisdiction": "silver"}, format="json")
    assert job.status_code == 202, job.content
    state = wait_for_job(client, job.json()["id"])
    assert state["status"] == RunStatus.DONE, state
    assert state["manifest"]["field_trial"]["decision"] == trial.pk

    filed = regulator_state(paytable_version=version, jurisdiction=silver)
    assert filed.status == "final_review" and filed.host_property == trial.host_property
    assert f"packet {state['id']}" in filed.reason and filed.recorded_by == alice
    table.refresh_from_db()
    # The host table deals on meanwhile, and the daily job does not end the trial.
    assert table.status == TableStatus.ACTIVE and table_regulatory_problem(table) is None
    assert filed.expires is None and approvals_expire_due(today=dt.date.today() + dt.timedelta(days=400)) == []
    assert AuditEvent.objects.filter(action="regulator_decision.final_review", actor=alice).exists()
    assert AuditEvent.objects.filter(action="field_trial.final_approval_request", actor=alice).exists()

    response = client.get(f"/api/v1/packets/{state['id']}/download/")
    archive = b"".join(response.streaming_content)
    response.close()
    check = verify_archive(archive, manifest_signature_check)
    assert check.ok, (check.signature.reasons, check.problems)
    entry = next(f for f in check.manifest["files"] if f["document"] == "field-trial-report")
    report = check.files[entry["file"]]
    signature = pdf_signature_check(report)
    assert signature.ok and signature.modification_level == "NONE", signature.reasons
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(report)).pages)
    assert "Field trial: report for final approval" in text and "Silver Palace" in text
    assert "DRIFT from" in text and upload.name in text and "SS-FT-1" in text
    assert PacketJob.objects.get().file.name.endswith(".zip")
    path = tmp_path / "final-approval.zip"
    path.write_bytes(archive)
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    assert out.getvalue().startswith("AUTHENTIC") and "Silver State packet" in out.getvalue()

    approved = regulator_decision_record(paytable_version=version, jurisdiction=silver, status="approved",
                                         actor=adam, reference="SS-A-1")
    assert regulator_state(paytable_version=version, jurisdiction=silver) == approved
