"""Submissions: submitted → in certification → under review → approved / rejected."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.models import (
    OPEN_SUBMISSION_STATUSES,
    GameVariant,
    PaytableVersion,
    Submission,
    SubmissionStatus,
    VariantStatus,
    VersionStatus,
)
from casino.permissions import CAN_DECIDE, CAN_RUN_CERTIFICATION, CAN_SUBMIT
from casino.rules import rules_from_dict
from casino.selectors import (
    approval_blockers,
    revoked_certificate,
    segregation_problem,
    submission_finished_run,
)
from casino.services.audit import audit_record, snapshot
from casino.services.errors import WorkflowError, require_role
from casino.services.regulators import home_jurisdiction_record
from certification.models import CertificationRun
from certification.services.evidence import default_procedure, evidence_validate
from certification.services.runs import DEFAULT_ROUNDS, certification_run_create, rules_snapshot

from .base import set_status_audited

logger = logging.getLogger(__name__)


def _locked_submission(
    submission: Submission, to: str, allowed_from: tuple[str, ...]
) -> Submission:
    locked = (
        Submission.objects.select_for_update()
        .select_related("variant", "paytable_version")
        .get(pk=submission.pk)
    )
    if locked.status not in allowed_from:
        raise WorkflowError(
            from_state=locked.status,
            to_state=to,
            reason=f"a submission can only move to {to} from {' or '.join(allowed_from)}",
        )
    return locked


def _variant_follows(submission: Submission) -> bool:
    # An approved variant stays approved while a later paytable version goes through review.
    return submission.variant.status not in (VariantStatus.APPROVED, VariantStatus.RETIRED)


def _move(submission: Submission, to: str, *, actor, message: str = "", **fields: Any) -> None:
    set_status_audited(submission, to, actor=actor, action=f"submission.{to}", message=message, **fields)
    if _variant_follows(submission):
        variant = GameVariant.objects.select_for_update().get(pk=submission.variant_id)
        set_status_audited(variant, to, actor=actor, action=f"variant.{to}", message=message)
        submission.variant = variant


@transaction.atomic
def submission_submit(
    *, variant: GameVariant, paytable_version: PaytableVersion, actor
) -> Submission:
    require_role(actor, CAN_SUBMIT, "submitting a variant")
    variant = GameVariant.objects.select_for_update().get(pk=variant.pk)
    version = PaytableVersion.objects.select_for_update().get(pk=paytable_version.pk)
    to = SubmissionStatus.SUBMITTED
    if variant.status not in (VariantStatus.DRAFT, VariantStatus.APPROVED):
        raise WorkflowError(
            from_state=variant.status,
            to_state=to,
            reason=_("only a draft variant, or a new paytable version of an approved one, can be submitted"),
        )
    if version.paytable.variant_id != variant.pk:
        raise WorkflowError(
            from_state=version.status,
            to_state=to,
            reason=f"{version} is not this variant's paytable",
        )
    if version.status != VersionStatus.DRAFT:
        raise WorkflowError(
            from_state=version.status,
            to_state=to,
            reason=_("this paytable version was already submitted; create a new version"),
        )
    if Submission.objects.filter(variant=variant, status__in=OPEN_SUBMISSION_STATUSES).exists():
        raise WorkflowError(
            from_state=variant.status,
            to_state=to,
            reason=_("the variant already has an open submission"),
        )
    rules_snapshot(
        variant=variant, paytable_version=version
    )  # raises RuleValidationError per field
    set_status_audited(version, VersionStatus.SUBMITTED, actor=actor, action="paytable_version.submitted")
    submission = Submission.objects.create(
        variant=variant, paytable_version=version, submitted_by=actor
    )
    audit_record(
        actor=actor,
        action="submission.create",
        obj=submission,
        before=None,
        after=snapshot(submission),
    )
    if variant.status == VariantStatus.DRAFT:
        set_status_audited(variant, VariantStatus.SUBMITTED, actor=actor, action="variant.submitted")
    return submission


@transaction.atomic
def submission_start_certification(
    *,
    submission: Submission,
    actor,
    rounds: int = DEFAULT_ROUNDS,
    seed: int | None = None,
    shuffle_log=None,
    rng_bits=None,
    rng_format: str = "binary",
    shuffle_procedure: str = "",
) -> CertificationRun:
    """Queue a certification run; the run's task executes it after this transaction commits.

    Evidence files are read and checked before anything is written, so a bad file raises a
    ValidationError naming its line or card and leaves no run behind.
    """
    require_role(actor, CAN_RUN_CERTIFICATION, "starting a certification")
    submission = _locked_submission(
        submission,
        SubmissionStatus.IN_CERTIFICATION,
        (SubmissionStatus.SUBMITTED, SubmissionStatus.IN_CERTIFICATION),
    )
    inputs = rules_snapshot(variant=submission.variant, paytable_version=submission.paytable_version)
    evidence = evidence_validate(
        shuffle_log=shuffle_log, rng_bits=rng_bits, rng_format=rng_format,
        shuffle_procedure=shuffle_procedure or default_procedure(submission.variant.tables.all()),
        deck_size=rules_from_dict(inputs).deck_size,
    )
    run = certification_run_create(
        variant=submission.variant,
        paytable_version=submission.paytable_version,
        requested_by=actor,
        rounds=rounds,
        seed=seed,
        evidence=evidence,
        snapshot=inputs,
    )
    audit_record(
        actor=actor, action="certification_run.create", obj=run, before=None, after=snapshot(run)
    )
    if submission.status == SubmissionStatus.SUBMITTED:
        _move(submission, SubmissionStatus.IN_CERTIFICATION, actor=actor)
    transaction.on_commit(lambda: _dispatch("certification.run_begin", run.pk))
    return run


@transaction.atomic
def submission_mark_under_review(*, submission: Submission, actor=None) -> Submission:
    """``actor=None`` is the certification pipeline itself, when its last step finishes."""
    require_role(actor, CAN_RUN_CERTIFICATION, "sending a submission to review", allow_system=True)
    to = SubmissionStatus.UNDER_REVIEW
    submission = _locked_submission(submission, to, (SubmissionStatus.IN_CERTIFICATION,))
    run = submission_finished_run(submission)
    if run is None:
        raise WorkflowError(
            from_state=submission.status,
            to_state=to,
            reason=_("no certification run has finished yet"),
        )
    _move(submission, to, actor=actor, certification_run=run)
    return submission


@transaction.atomic
def submission_approve(*, submission: Submission, actor, reason: str = "") -> Submission:
    require_role(actor, CAN_DECIDE, "approving a submission")
    to = SubmissionStatus.APPROVED
    submission = _locked_submission(submission, to, (SubmissionStatus.UNDER_REVIEW,))
    segregation = segregation_problem(submission, actor)
    revoked = None if segregation else revoked_certificate(submission)
    if revoked is not None:
        return _end_on_revoked_certificate(submission, revoked, actor=actor)
    problem, blocking = approval_blockers(submission, actor, segregation=segregation)
    if problem:
        raise WorkflowError(
            from_state=submission.status, to_state=to, reason=problem, blocking=blocking
        )
    run = submission_finished_run(submission)
    version = PaytableVersion.objects.select_for_update().get(pk=submission.paytable_version_id)
    set_status_audited(version, VersionStatus.APPROVED, actor=actor, action="paytable_version.approved")
    _move(
        submission,
        to,
        actor=actor,
        message=reason,
        reviewer=actor,
        decision_reason=reason,
        decided_at=timezone.now(),
        certification_run=run,
    )
    # Decisions per jurisdiction come after the internal approval; the variant's own
    # jurisdiction (whose bounds the review checked) decides with it, as it always did.
    home_jurisdiction_record(submission=submission, actor=actor)
    transaction.on_commit(lambda: _dispatch("certification.issue_approved", run.pk, actor.pk))
    return submission


def _end_on_revoked_certificate(submission: Submission, revoked, *, actor) -> Submission:
    """A revoked certificate is never approved: the submission resting on it ends, rejected,
    with the register's reason (the version too, so it is not dealt or filed anywhere)."""
    reason = _("certificate %(number)s was revoked (%(reason)s): a revoked certificate cannot be approved") % {
        "number": revoked.certificate_number, "reason": revoked.reason}
    version = PaytableVersion.objects.select_for_update().get(pk=submission.paytable_version_id)
    set_status_audited(version, VersionStatus.REJECTED, actor=actor, action="paytable_version.rejected",
                       message=reason)
    _move(submission, SubmissionStatus.REJECTED, actor=actor, message=reason, reviewer=actor,
          decision_reason=reason, decided_at=timezone.now())
    return submission


def _dispatch(task_name: str, *args) -> None:
    """Send a certification task by name: the back office need not import the workers' code.

    This runs after the commit: with the broker away the run is already recorded as queued,
    and the watchdog sends it again (``queued_runs_resend``), so the user gets their answer
    rather than an error about a run that in fact exists.
    """
    from kombu.exceptions import OperationalError as BrokerUnavailable

    from casino.celery import app

    try:
        app.send_task(task_name, args=args)
    except BrokerUnavailable as exc:
        logger.warning("broker unavailable, %s%r left to the watchdog: %s", task_name, args, exc)


@transaction.atomic
def submission_reject(*, submission: Submission, actor, reason: str) -> Submission:
    require_role(actor, CAN_DECIDE, "rejecting a submission")
    to = SubmissionStatus.REJECTED
    submission = _locked_submission(submission, to, OPEN_SUBMISSION_STATUSES)
    if not reason or not reason.strip():
        raise WorkflowError(
            from_state=submission.status, to_state=to, reason=_("a rejection must give its reason")
        )
    problem = segregation_problem(submission, actor)
    if problem:
        raise WorkflowError(
            from_state=submission.status, to_state=to, reason=f"segregation of duties: {problem}"
        )
    version = PaytableVersion.objects.select_for_update().get(pk=submission.paytable_version_id)
    set_status_audited(
        version,
        VersionStatus.REJECTED,
        actor=actor,
        action="paytable_version.rejected",
        message=reason,
    )
    _move(
        submission,
        to,
        actor=actor,
        message=reason,
        reviewer=actor,
        decision_reason=reason.strip(),
        decided_at=timezone.now(),
    )
    return submission
