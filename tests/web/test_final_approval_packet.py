"""The final-approval packet built in this process: a filing that moved on while it was built
keeps its state and the job says why; a redelivered message builds nothing twice."""

from __future__ import annotations

import pytest

from casino.models import RegulatorDecision
from casino.selectors import regulator_state
from casino.services.regulators import regulator_decision_record
from certification.models import RunStatus
from certification.services.certificates import certificate_issue_approved
from certification.services.field_results import field_results_upload
from certification.services.final_approval import (
    final_approval_packet_execute,
    final_approval_request,
)
from tests.support.field_trials import approved_in_house, field_file, silver_state, start_trial

pytestmark = pytest.mark.django_db


def test_a_filing_that_moved_on_is_not_filed_again(alice, rita, adam):
    silver = silver_state()
    approval = approved_in_house(officer=alice, reviewer=rita, jurisdiction=silver)
    certificate_issue_approved(run_id=approval.certification_run_id, approver_id=rita.pk)
    version = approval.paytable_version
    start_trial(version=version, jurisdiction=silver, admin=adam)
    field_results_upload(upload=field_file(), actor=adam)
    job = final_approval_request(paytable_version=version, jurisdiction=silver, actor=alice)
    rejected = regulator_decision_record(paytable_version=version, jurisdiction=silver, status="rejected",
                                         actor=adam, reason="the host casino closed the table")

    assert final_approval_packet_execute(job_id=job.pk) is True
    job.refresh_from_db()
    assert job.status == RunStatus.FAILED and job.file and job.manifest["field_trial"]["report"]
    assert job.error == ("the packet was built, but final approval was not filed: the filing moved on "
                         "while the packet was built")
    assert regulator_state(paytable_version=version, jurisdiction=silver) == rejected
    assert not RegulatorDecision.objects.filter(status="final_review").exists()
    # A redelivered message finds the job claimed.
    assert final_approval_packet_execute(job_id=job.pk) is False
