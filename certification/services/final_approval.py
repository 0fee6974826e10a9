"""Asking a regulator for final approval once its field trial has gone its course.

The request is refused until the trial has lasted the jurisdiction's days and the host
tables' field results show its rounds: the regulator's approval is refused on the same
grounds (``regulators._field_trial_problems``), so an early request would only file what
cannot be approved. The request builds the jurisdiction's packet on a worker with the signed
field-trial report added; once it is built, the filing moves to "submitted for final approval"
in the transaction that stores the packet. The host tables deal on meanwhile.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction

from casino.models import DecisionStatus, Jurisdiction, PaytableVersion, RegulatorDecision
from casino.permissions import CAN_REQUEST_FINAL_APPROVAL, Role, has_role
from casino.services.approval_reads import regulator_state
from casino.services.audit import audit_record, snapshot
from casino.services.errors import WorkflowError, require_role
from casino.services.field_trial_progress import field_trial_progress, trial_days
from casino.services.regulators import submitter_of
from certification.models import PacketJob, RunStatus
from certification.reports.field_trial_text import TRIAL_TEXT
from certification.reports.packet.manifest import PacketFile

from .field_trials import field_trial_report_pdf
from .packets import packet_job_create, packet_job_execute

# The task that builds a final-approval packet (certification.tasks.packets).
FINAL_APPROVAL_TASK = "certification.final_approval_packet_build"


def final_approval_problem(*, actor, paytable_version: PaytableVersion) -> str | None:
    """Why ``actor`` may not ask for the version's final approval (role, ownership), or None."""
    if not has_role(actor, *CAN_REQUEST_FINAL_APPROVAL):
        return f"requesting final approval needs the role {' or '.join(CAN_REQUEST_FINAL_APPROVAL)}"
    if has_role(actor, Role.ADMIN):
        return None
    variant = paytable_version.paytable.variant
    if actor.pk == variant.created_by_id or actor.pk in submitter_of(paytable_version):
        return None
    return ("requesting final approval is for the variant's own compliance officers (its owner or "
            "whoever submitted the version) and admins")


def _not_in_trial(version: PaytableVersion, jurisdiction: Jurisdiction, current) -> WorkflowError:
    where = ("it was never filed there" if current is None
             else f"it is {current.get_status_display().lower()} there")
    return WorkflowError(from_state=current.status if current else "not filed",
                         to_state=DecisionStatus.FINAL_REVIEW,
                         reason=f"{version} is not in field trial in {jurisdiction.name}: {where}")


@transaction.atomic
def final_approval_request(*, paytable_version: PaytableVersion, jurisdiction: Jurisdiction, actor,
                           applicant: str = "", host_casino: str = "") -> PacketJob:
    """Queue the packet that asks for final approval, audited. Raises PermissionDenied (role,
    not the variant's officer) and WorkflowError (not in field trial, trial too short, no
    field results, a request already being built). Nothing is written when it raises."""
    require_role(actor, CAN_REQUEST_FINAL_APPROVAL, "requesting final approval")
    problem = final_approval_problem(actor=actor, paytable_version=paytable_version)
    if problem:
        raise PermissionDenied(problem)
    version = PaytableVersion.objects.select_for_update().get(pk=paytable_version.pk)
    trial = regulator_state(paytable_version=version, jurisdiction=jurisdiction)
    if trial is None or trial.status != DecisionStatus.FIELD_TRIAL:
        raise _not_in_trial(version, jurisdiction, trial)
    refuse = {"from_state": trial.status, "to_state": DecisionStatus.FINAL_REVIEW}
    if PacketJob.objects.filter(field_trial=trial, status__in=(RunStatus.QUEUED, RunStatus.RUNNING)).exists():
        raise WorkflowError(**refuse, reason="final approval is already requested: its packet is being built")
    progress = field_trial_progress(decision=trial)
    if progress.problems:
        raise WorkflowError(**refuse, reason="; ".join(progress.problems))
    if not trial_days(trial).exists():
        raise WorkflowError(**refuse, reason="no field results of the host tables since the trial began")
    run = trial.submission.certification_run
    if run is None:
        raise WorkflowError(**refuse, reason="the filing rests on no certification run to build a packet from")
    job = packet_job_create(run=run, jurisdiction=jurisdiction, actor=actor,
                            applicant=applicant or settings.TABLECERT_APPLICANT,
                            host_casino=host_casino or trial.host_property.name, field_trial=trial,
                            task=FINAL_APPROVAL_TASK)
    audit_record(actor=actor, action="field_trial.final_approval_request", obj=trial, before=None,
                 after={"packet": job.pk, "days_elapsed": progress.days_elapsed, "rounds": progress.rounds},
                 message=f"final approval requested in {jurisdiction.name} with packet {job.pk}")
    return job


def final_approval_file(*, job: PacketJob) -> RegulatorDecision:
    """Record "submitted for final approval" on the trial's filing (called where the built
    packet is stored). The trial's terms carry over; it no longer expires on its own."""
    trial = job.field_trial
    filing = trial.submission
    version = PaytableVersion.objects.select_for_update().get(pk=filing.paytable_version_id)
    current = regulator_state(paytable_version=version, jurisdiction=filing.jurisdiction)
    if current is None or current.pk != trial.pk:
        raise WorkflowError(from_state=current.status if current else "not filed",
                            to_state=DecisionStatus.FINAL_REVIEW,
                            reason="final approval was not filed: the filing moved on while the "
                                   "packet was built")
    decision = RegulatorDecision.objects.create(
        submission=filing, status=DecisionStatus.FINAL_REVIEW, reference=trial.reference,
        conditions=trial.conditions, effective=trial.effective, expires=None,
        host_property=trial.host_property, table_limit=trial.table_limit, recorded_by=job.requested_by,
        reason=f"final approval requested with packet {job.pk} (SHA-256 {job.sha256})")
    audit_record(actor=job.requested_by, action=f"regulator_decision.{DecisionStatus.FINAL_REVIEW}",
                 obj=decision, before=snapshot(trial), after=snapshot(decision), message=decision.reason)
    return decision


def final_approval_appendix(job: PacketJob):
    """The signed field-trial report that closes the final-approval packet."""
    trial = job.field_trial

    def appendix(position: int) -> tuple[list[PacketFile], dict]:
        name = f"{position:02d}-field-trial-report.pdf"
        report = PacketFile(name=name, document="field-trial-report", title=TRIAL_TEXT["packet_document"],
                            data=field_trial_report_pdf(decision=trial))
        return [report], {"field_trial": {
            "decision": trial.pk, "reference": trial.reference, "host_property": trial.host_property.name,
            "effective": trial.effective.isoformat() if trial.effective else None, "report": name}}

    return appendix


def final_approval_packet_execute(*, job_id: int) -> bool:
    """Build the final-approval packet and file it (the worker's task)."""
    return packet_job_execute(job_id=job_id, appendix_for=final_approval_appendix,
                              after_build=lambda job: final_approval_file(job=job))
