"""Each regulator decides on its own terms: filings, field trials, approvals, supersession."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from casino import workflow
from casino.models import AuditEvent, DecisionStatus, RegulatorDecision, RegulatorSubmission
from casino.selectors import regulator_state
from casino.services.errors import WorkflowError
from tests.backoffice.factories import finish_certification

from .conftest import TODAY, field_trial_then_approve, record

pytestmark = pytest.mark.django_db


def test_the_internal_approval_decides_in_the_variants_own_jurisdiction(version, jurisdiction, rita):
    state = regulator_state(paytable_version=version, jurisdiction=jurisdiction)
    assert state.status == DecisionStatus.APPROVED and state.recorded_by == rita
    assert state.reference.startswith("internal review ")
    assert state.submission.certification_run is not None


def test_one_version_lives_differently_in_each_jurisdiction(version, silver, garden, strict, silver_casino,
                                                           olga):
    field_trial_then_approve(version, silver, silver_casino, olga)
    record(version, garden, "submitted", olga, reference="GS-77")
    assert regulator_state(paytable_version=version, jurisdiction=silver).status == "approved"
    assert regulator_state(paytable_version=version, jurisdiction=garden).status == "submitted"
    # The strict laboratory asks for ten million simulated rounds; the run made a thousand.
    with pytest.raises(ValidationError) as refused:
        record(version, strict, "submitted", olga, reference="L-1")
    assert "Simulation size" in str(refused.value.message_dict["jurisdiction"])
    assert not RegulatorSubmission.objects.filter(jurisdiction=strict).exists()
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"regulator_submission.create", "regulator_decision.submitted", "regulator_decision.field_trial",
            "regulator_decision.approved"} <= actions


def test_a_field_trial_comes_first_and_lasts_its_days(version, silver, silver_casino, olga):
    record(version, silver, "submitted", olga, reference="SS-1")
    with pytest.raises(WorkflowError, match="only after a field trial"):
        record(version, silver, "approved", olga, reference="SS-A")
    trial = record(version, silver, "field_trial", olga, reference="SS-FT", host_property=silver_casino,
                   table_limit=2, conditions="host casino only, at most 2 tables, 180 days")
    assert trial.expires == trial.effective + dt.timedelta(days=180)
    with pytest.raises(WorkflowError, match="runs 180 days"):
        record(version, silver, "approved", olga, reference="SS-A")
    assert regulator_state(paytable_version=version, jurisdiction=silver).status == "field_trial"


def test_a_field_trial_names_a_host_property_in_its_jurisdiction(version, silver, garden_casino, olga):
    record(version, silver, "submitted", olga, reference="SS-1")
    with pytest.raises(ValidationError) as refused:
        record(version, silver, "field_trial", olga, reference="FT")
    assert "host_property" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        record(version, silver, "field_trial", olga, reference="FT", host_property=garden_casino)
    assert "is not in Silver State" in refused.value.message_dict["host_property"][0]


def test_an_approval_lasts_the_jurisdictions_years_unless_the_letter_says(version, garden, olga):
    record(version, garden, "submitted", olga, reference="GS-1")
    approval = record(version, garden, "approved", olga, reference="GS-A", effective=dt.date(2026, 3, 1))
    assert approval.expires == dt.date(2031, 3, 1)


def test_a_later_version_approved_supersedes_the_earlier_one(approved, version, silver, silver_casino, olga,
                                                             alice, rita, adam, jurisdiction):
    field_trial_then_approve(version, silver, silver_casino, olga)
    v2 = workflow.paytable_version_create(paytable=version.paytable, actor=adam,
                                          payouts={"win": "1", "kd_first_card": "2"})
    second = workflow.submission_submit(variant=approved.variant, paytable_version=v2, actor=alice)
    finish_certification(submission=second, actor=alice)
    workflow.submission_mark_under_review(submission=second, actor=alice)
    workflow.submission_approve(submission=second, actor=rita)
    # In the variant's own jurisdiction the internal approval of v2 already supersedes v1.
    assert regulator_state(paytable_version=version, jurisdiction=jurisdiction).status == "superseded"
    assert regulator_state(paytable_version=version, jurisdiction=silver).status == "approved"
    field_trial_then_approve(v2, silver, silver_casino, olga)
    old = regulator_state(paytable_version=version, jurisdiction=silver)
    assert old.status == DecisionStatus.SUPERSEDED and "version 2" in old.reason
    assert regulator_state(paytable_version=v2, jurisdiction=silver).status == "approved"


def test_decisions_follow_the_allowed_transitions(version, garden, olga):
    with pytest.raises(WorkflowError, match="never filed"):
        record(version, garden, "approved", olga, reference="GS-A")
    record(version, garden, "submitted", olga, reference="GS-1")
    with pytest.raises(WorkflowError, match="already submitted"):
        record(version, garden, "submitted", olga, reference="GS-2")
    with pytest.raises(ValidationError) as refused:
        record(version, garden, "rejected", olga, reference="GS-R")
    assert "reason" in refused.value.message_dict
    record(version, garden, "rejected", olga, reference="GS-R", reason="house edge term unclear")
    with pytest.raises(WorkflowError, match="the filing is closed"):
        record(version, garden, "approved", olga, reference="GS-A")
    # A rejected version may be filed again.
    again = record(version, garden, "submitted", olga, reference="GS-3")
    assert RegulatorSubmission.objects.filter(jurisdiction=garden).count() == 2
    assert regulator_state(paytable_version=version, jurisdiction=garden) == again


def test_superseded_and_expired_are_the_systems_to_record(version, garden, olga, rita):
    record(version, garden, "submitted", olga, reference="GS-1")
    for status in ("superseded", "expired"):
        with pytest.raises(ValidationError) as refused:
            record(version, garden, status, rita, reference="X")
        assert "status" in refused.value.message_dict


def test_decisions_are_never_edited(version, garden, olga):
    decision = record(version, garden, "submitted", olga, reference="GS-1")
    decision.reference = "changed"
    with pytest.raises(Exception, match="written once"):
        decision.save()
    assert RegulatorDecision.objects.get(pk=decision.pk).reference == "GS-1"


def test_the_regulators_letter_is_kept_with_its_hash(version, garden, olga):
    import hashlib

    from django.core.files.uploadedfile import SimpleUploadedFile

    letter = SimpleUploadedFile("approval.pdf", b"%PDF-1.4 approval letter", content_type="application/pdf")
    record(version, garden, "submitted", olga, reference="GS-1")
    decision = record(version, garden, "approved", olga, reference="GS-A", letter=letter,
                      effective=TODAY())
    with decision.letter.open("rb") as stored:
        assert stored.read() == b"%PDF-1.4 approval letter"
    assert decision.letter_sha256 == hashlib.sha256(b"%PDF-1.4 approval letter").hexdigest()
