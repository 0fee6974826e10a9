"""Retrying a failed certification run with exactly the inputs it had."""

from __future__ import annotations

from pathlib import PurePath

from django.db import transaction

from casino.models import Submission, SubmissionStatus
from casino.permissions import CAN_RUN_CERTIFICATION
from casino.services.audit import audit_record, snapshot
from casino.services.errors import WorkflowError, require_role
from certification.models import CertificationRun, RunStatus
from certification.services.evidence import Evidence, EvidenceFile
from certification.services.runs import certification_run_create

from .submissions import _dispatch

QUEUED = RunStatus.QUEUED


def _stored(field) -> EvidenceFile | None:
    if not field:
        return None
    with field.open("rb") as handle:
        return EvidenceFile(name=PurePath(field.name).name, data=handle.read())


def _refusal(run: CertificationRun) -> str | None:
    if run.status != RunStatus.FAILED:
        return f"only a failed run can be retried; {run} is {run.status}"
    again = run.retries.exclude(status=RunStatus.FAILED).first()
    if again is not None:
        return f"{run} was already retried as {again}"
    if run.recertifies_id is not None:
        return None
    submission = (
        Submission.objects.filter(variant=run.variant_id, paytable_version=run.paytable_version_id)
        .order_by("-id").first()
    )
    if submission is not None and submission.status not in (
        SubmissionStatus.SUBMITTED, SubmissionStatus.IN_CERTIFICATION
    ):
        return f"its submission is {submission.get_status_display().lower()}, no longer in certification"
    return None


@transaction.atomic
def certification_run_retry(*, run: CertificationRun, actor) -> CertificationRun:
    """A new run with the failed run's rules snapshot, seed, rounds and evidence files.

    The same inputs give the same figures, so a retry after a lost worker or a broken
    service certifies exactly what the failed run would have.
    """
    require_role(actor, CAN_RUN_CERTIFICATION, "retrying a certification")
    run = CertificationRun.objects.select_for_update().get(pk=run.pk)
    problem = _refusal(run)
    if problem:
        raise WorkflowError(from_state=run.status, to_state=QUEUED, reason=problem)
    evidence = Evidence(
        shuffle_log=_stored(run.shuffle_log), rng_bits=_stored(run.rng_bits),
        rng_format=run.rng_format, shuffle_procedure=run.shuffle_procedure,
    )
    retry = certification_run_create(
        variant=run.variant, paytable_version=run.paytable_version, requested_by=actor,
        rounds=run.rounds, seed=int(run.seed), evidence=evidence, snapshot=run.rules_snapshot,
        retry_of=run, recertifies=run.recertifies,
    )
    audit_record(
        actor=actor, action="certification_run.retry", obj=retry, before=None,
        after=snapshot(retry), message=f"retry of {run}: {run.error[:500]}",
    )
    transaction.on_commit(lambda: _dispatch("certification.run_begin", retry.pk))
    return retry
