"""An installation worth backing up: a certificate issued as a draft and then approved, a
table, a shuffle log, an attachment, made through the services as production makes them."""

from __future__ import annotations

from casino import workflow
from casino.services.reviews import attachment_create
from certification.models import CertificationRun, ReportKind
from certification.services.certificates import certificate_issue, certificate_issue_approved
from certification.services.shuffle_logs import shuffle_log_upload
from tests.backoffice.factories import JurisdictionFactory, make_table, make_under_review
from tests.certification.evidence import shuffle_log_text, upload
from tests.support.dataset import personas


def populate() -> dict:
    who = personas()
    submission = make_under_review(officer=who.officer, preset="sette-e-mezzo", name="Sette e mezzo",
                                   jurisdiction=JurisdictionFactory())
    run = CertificationRun.objects.get(paytable_version=submission.paytable_version)
    # The pipeline issues the draft when a run finishes; the factory's short run does not.
    certificate_issue(run=run, kind=ReportKind.DRAFT)
    approved = workflow.submission_approve(submission=submission, actor=who.reviewer)
    certificate_issue_approved(run_id=run.pk, approver_id=who.reviewer.pk)
    table = make_table(admin=who.admin, variant=approved.variant, version=approved.paytable_version)
    shuffle_log_upload(table=table, upload=upload("shuffles.csv", shuffle_log_text(60)), actor=who.admin)
    attachment_create(submission=approved, uploaded_by=who.officer,
                      upload=upload("notes.txt", "dealing procedure notes\n"))
    return {"run": run, "table": table, "submission": approved}
