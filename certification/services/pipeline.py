"""The certification pipeline: exact figures, randomness, simulation, verdict, draft certificate.

On workers the simulation fans out as chunk tasks and the pipeline resumes when the last
chunk merges (``certification_run_complete``); the ``certify`` command runs the same steps
in one process with local simulation processes. Both end in the same recorded figures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.rules import rules_from_dict
from certification.models import CertificationRun, RunStatus
from certification.odds.simulation import SimulationSpec
from certification.reports.verdict import checks
from certification.services.certificates import certificate_issue
from certification.services.progress import (
    EXACT_DONE,
    RANDOMNESS_DONE,
    SIMULATING,
    SIMULATION_DONE,
)
from certification.services.randomness import randomness_evidence
from certification.services.recertification import recertification_conclude, recertification_failed
from certification.services.runs import (
    certification_run_execute_exact,
    certification_run_fail,
    certification_run_finish,
    certification_run_progress,
    certification_run_start,
)
from certification.services.simulation import simulation_run_start

Progress = Callable[[str, int], None]


def simulation_spec_for(run: CertificationRun) -> SimulationSpec:
    return SimulationSpec(
        rules=rules_from_dict(run.rules_snapshot), rounds=run.rounds, seed=int(run.seed),
        strategy="optimal", variant=run.variant.name,
    )


def _read(field) -> bytes | None:
    if not field:
        return None
    with field.open("rb") as handle:
        return handle.read()


def certification_run_randomness(*, run: CertificationRun) -> None:
    certification_run_progress(run=run, step="randomness tests", progress=EXACT_DONE)
    evidence = randomness_evidence(
        shuffle_log=_read(run.shuffle_log), rng_bits=_read(run.rng_bits),
        rng_format=run.rng_format, procedure=run.shuffle_procedure,
        deck_size=rules_from_dict(run.rules_snapshot).deck_size, seed=int(run.seed) % 2**32,
    )
    run.randomness = evidence
    run.save(update_fields=["randomness"])
    certification_run_progress(run=run, step="randomness tests done", progress=RANDOMNESS_DONE)


def certification_run_begin(*, run_id: int) -> bool:
    """Claim the run, compute exact figures and randomness, then send the simulation out."""
    run = CertificationRun.objects.get(pk=run_id)
    if not certification_run_start(run=run):
        return False
    try:
        certification_run_execute_exact(run=run)
        certification_run_randomness(run=run)
        certification_run_progress(run=run, step=SIMULATING, progress=RANDOMNESS_DONE)
        simulation_run_start(spec=simulation_spec_for(run), certification_run=run)
    except Exception as exc:
        _fail(run=run, error=f"{type(exc).__name__}: {exc}")
        raise
    return True


def certification_run_complete(*, run_id: int) -> bool:
    """After the simulation merged: verdict, draft certificate, finish, hand over to review."""
    claimed = CertificationRun.objects.filter(
        pk=run_id, status=RunStatus.RUNNING, step=SIMULATING
    ).update(step="verdict and certificate", progress=SIMULATION_DONE)
    if claimed != 1:
        return False
    run = CertificationRun.objects.get(pk=run_id)
    simulation = run.simulations.filter(status=RunStatus.DONE).order_by("-id").first()
    try:
        if simulation is None:
            raise RuntimeError("the simulation finished without a result")
        _finish(run=run, simulation=simulation.result)
    except Exception as exc:
        _fail(run=run, error=f"{type(exc).__name__}: {exc}")
        raise
    return True


def certification_run_perform_locally(
    *, run: CertificationRun, workers: int | None = None, progress: Progress | None = None
) -> CertificationRun:
    """The whole pipeline in this process, simulating with local processes (the certify command)."""
    from certification.odds.simulation import run_local

    report = progress or (lambda step, pct: None)
    if not certification_run_start(run=run):
        raise RuntimeError(f"run {run.certificate_number} is not queued")
    try:
        report("exact analysis", 5)
        certification_run_execute_exact(run=run)
        report("randomness tests", EXACT_DONE)
        certification_run_randomness(run=run)
        spec = simulation_spec_for(run)
        span = SIMULATION_DONE - RANDOMNESS_DONE

        def on_chunk(done: int, total: int) -> None:
            report(f"simulation {done}/{total} chunks", RANDOMNESS_DONE + span * done // total)

        summary = run_local(spec, workers=workers, progress=on_chunk)
        result = summary.to_json(convergence_points=200)
        result.setdefault("chunk_rounds", spec.chunk_rounds)
        result.setdefault("chunks", spec.chunks)
        report("verdict and certificate", SIMULATION_DONE)
        _finish(run=run, simulation=result)
    except Exception as exc:
        _fail(run=run, error=f"{type(exc).__name__}: {exc}")
        raise
    report("done", 100)
    return run


@transaction.atomic
def _finish(*, run: CertificationRun, simulation: dict[str, Any]) -> None:
    run.simulation = simulation
    run.verdict = _combined_verdict(run)
    run.save(update_fields=["simulation", "verdict"])
    certificate_issue(run=run, kind="draft")
    certification_run_finish(run=run)
    _hand_to_review(run)
    if run.recertifies_id is not None:
        recertification_conclude(run=run)


def _fail(*, run: CertificationRun, error: str) -> None:
    certification_run_fail(run=run, error=error)
    if run.recertifies_id is not None:
        recertification_failed(run=run)


def _combined_verdict(run: CertificationRun) -> dict[str, Any]:
    """The exact verdict (edges, bounds) plus every failed simulation or randomness check."""
    verdict = dict(run.verdict or {"approvable": True, "blocking": []})
    blocking = list(verdict.get("blocking", []))
    randomness = run.randomness or {}
    found = checks(run.exact, run.simulation, randomness.get("nist"),
                   randomness.get("shuffle_battery"), randomness.get("procedure"))
    for check in found:
        # The exact verdict already names each bet with a player advantage.
        if check.passed is False and not check.name.startswith("House edge"):
            blocking.append({"bet": "all", "figure": check.name, "value": "", "reason": check.detail})
    verdict["blocking"] = blocking
    verdict["approvable"] = not blocking
    verdict["checks"] = [
        {"name": c.name, "passed": c.passed, "detail": c.detail} for c in found
    ]
    return verdict


def _hand_to_review(run: CertificationRun) -> None:
    from casino.models import Submission, SubmissionStatus
    from casino.workflow import submission_mark_under_review

    submission = (
        Submission.objects.filter(
            variant=run.variant, paytable_version=run.paytable_version,
            status=SubmissionStatus.IN_CERTIFICATION,
        ).first()
    )
    if submission is not None:
        transaction.on_commit(lambda: submission_mark_under_review(submission=submission, actor=None))


def queued_runs_resend(*, older_than_minutes: int = 15) -> int:
    """Send again the start of runs still queued: their message may have died with a broker.

    Starting claims the run with a conditional UPDATE, so a run that was only waiting for a
    free worker still starts once. Runs queued for over a day are failed instead, so the
    submission can be certified again (the workflow refuses a new run while one is queued).
    """
    from casino.celery import app

    now = timezone.now()
    queued = CertificationRun.objects.filter(
        status=RunStatus.QUEUED, created_at__lt=now - timezone.timedelta(minutes=older_than_minutes)
    )
    resent = 0
    for run in queued:
        if run.created_at < now - timezone.timedelta(days=1):
            CertificationRun.objects.filter(pk=run.pk, status=RunStatus.QUEUED).update(
                status=RunStatus.FAILED, finished_at=now,
                error="no worker started this run within a day; start a new run",
            )
            continue
        app.send_task("certification.run_begin", args=(run.pk,))
        resent += 1
    return resent


def stale_runs_mark(*, older_than_minutes: int = 60) -> int:
    """Fail certification runs that have not moved for too long, so none stays running forever."""
    cutoff = timezone.now() - timezone.timedelta(minutes=older_than_minutes)
    stale = CertificationRun.objects.filter(status=RunStatus.RUNNING, started_at__lt=cutoff)
    count = 0
    for run in stale:
        if run.step == SIMULATING and run.simulations.filter(status=RunStatus.RUNNING).exists():
            continue  # the simulation watchdog redelivers its chunks
        _fail(
            run=run, error=f"stalled at '{run.step}' for over {older_than_minutes} minutes; retry the run"
        )
        count += 1
    return count
