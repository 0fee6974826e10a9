"""Certification runs: create one with a reproducible snapshot, then execute it step by step.

Each step is its own small function so the pipeline (exact → simulation → randomness →
report) can be composed by a task, and each step records what it found on the run.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from importlib import metadata
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.rules import rules_from_dict, rules_to_dict
from casino.rules.phrases import N_, Phrase
from certification.models import CertificationRun, RunStatus

DEFAULT_ROUNDS = 10_000_000


def exact_figures(rules, *, variant: str = ""):
    """The exact engine, loaded on first use: web processes that never analyse skip its import."""
    from certification.odds.analysis import analyze

    return analyze(rules, variant=variant)


def exact_readings(rules, *, variant: str = "", certified=None) -> dict[str, Any]:
    """Each reading of the variant's ambiguous rules, priced by the exact engine."""
    from certification.odds.readings import readings_report

    return readings_report(rules, variant, certified=certified)


@lru_cache(maxsize=1)
def software_version() -> str:
    # Looked up once per process: reading the installed metadata takes longer than a query.
    try:
        return metadata.version("tablecert")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def rules_snapshot(*, variant, paytable_version) -> dict[str, Any]:
    """The full rule dict a certificate describes: parameters, every default, and the payouts."""
    rules = rules_from_dict(variant.rules_dict(paytable_version.payouts))
    return rules_to_dict(rules)


def inputs_digest(snapshot: dict[str, Any]) -> str:
    canonical = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


@transaction.atomic
def certification_run_create(
    *,
    variant,
    paytable_version,
    requested_by,
    rounds: int = DEFAULT_ROUNDS,
    seed: int | None = None,
    evidence=None,
    snapshot: dict[str, Any] | None = None,
    retry_of: CertificationRun | None = None,
    recertifies: CertificationRun | None = None,
) -> CertificationRun:
    """A queued run. ``evidence`` comes checked from ``evidence_validate``; ``snapshot``
    repeats an earlier run's exact inputs instead of reading the variant again."""
    if snapshot is None:
        snapshot = rules_snapshot(variant=variant, paytable_version=paytable_version)
    run = CertificationRun.objects.create(
        variant=variant,
        paytable_version=paytable_version,
        requested_by=requested_by,
        rules_snapshot=snapshot,
        inputs_sha256=inputs_digest(snapshot),
        rounds=rounds,
        seed=secrets.randbits(63) if seed is None else seed,
        software_version=software_version(),
        retry_of=retry_of,
        recertifies=recertifies,
    )
    # The number comes from the row id so it is unique without a separate counter table.
    run.certificate_number = f"TC-{run.created_at:%Y}-{run.pk:06d}"
    if evidence is not None:
        # Named after the number, so the evidence files sit under the run they belong to.
        if evidence.shuffle_log is not None:
            run.shuffle_log.save(evidence.shuffle_log.name, evidence.shuffle_log.content(), save=False)
        if evidence.rng_bits is not None:
            run.rng_bits.save(evidence.rng_bits.name, evidence.rng_bits.content(), save=False)
        run.rng_format, run.shuffle_procedure = evidence.rng_format, evidence.shuffle_procedure
    run.save()
    return run


def certification_run_start(*, run: CertificationRun) -> bool:
    """Claim a queued run; False if another worker got there first (a conditional UPDATE)."""
    claimed = CertificationRun.objects.filter(pk=run.pk, status=RunStatus.QUEUED).update(
        status=RunStatus.RUNNING, started_at=timezone.now(), step="starting", progress=0
    )
    run.refresh_from_db()
    return claimed == 1


def certification_run_progress(*, run: CertificationRun, step: str, progress: int) -> None:
    CertificationRun.objects.filter(pk=run.pk).update(
        step=step, progress=max(0, min(progress, 100))
    )
    run.step, run.progress = step, progress


def certification_run_execute_exact(*, run: CertificationRun) -> None:
    """Exact figures for the snapshot, and the verdict against the jurisdiction's bounds."""
    if run.status == RunStatus.QUEUED:
        certification_run_start(run=run)
    certification_run_progress(run=run, step="exact analysis", progress=max(run.progress, 5))
    rules = rules_from_dict(run.rules_snapshot)
    result = exact_figures(rules, variant=run.variant.name)
    run.exact = result.to_json()
    run.exact["readings"] = exact_readings(rules, variant=run.variant.name, certified=result)
    run.verdict = verdict_for(
        house_edges={name: bet.house_edge for name, bet in result.bets.items()},
        jurisdiction=run.variant.jurisdiction,
    )
    run.step, run.progress = "exact analysis done", max(run.progress, 30)
    run.save(update_fields=["exact", "verdict", "step", "progress"])


def certification_run_finish(*, run: CertificationRun) -> None:
    run.status, run.step, run.progress, run.finished_at = (
        RunStatus.DONE,
        "done",
        100,
        timezone.now(),
    )
    run.save(update_fields=["status", "step", "progress", "finished_at"])


def certification_run_fail(*, run: CertificationRun, error: str) -> None:
    run.status, run.error, run.finished_at = RunStatus.FAILED, error[:10_000], timezone.now()
    run.save(update_fields=["status", "error", "finished_at"])


def certification_run_execute(*, run: CertificationRun) -> None:
    """Today's pipeline: the exact step. Later steps slot in before finishing."""
    try:
        certification_run_execute_exact(run=run)
    except Exception as exc:
        certification_run_fail(run=run, error=f"{type(exc).__name__}: {exc}")
        raise
    certification_run_finish(run=run)


def verdict_for(*, house_edges: dict[str, Fraction], jurisdiction) -> dict[str, Any]:
    """Approvable only if every bet keeps a positive edge inside the jurisdiction's bounds."""
    blocking = []
    for bet, edge in house_edges.items():
        value = _decimal_text(edge)
        if edge < 0:
            blocking.append(_block(bet, value, Phrase(PLAYER_ADVANTAGE)))
            continue
        low, high = jurisdiction.bounds_for(bet)
        if low is not None and edge < Fraction(low):
            blocking.append(_block(bet, value, Phrase(BELOW_MINIMUM, jurisdiction=jurisdiction.code,
                                                      bound=str(low))))
        elif high is not None and edge > Fraction(high):
            blocking.append(_block(bet, value, Phrase(ABOVE_MAXIMUM, jurisdiction=jurisdiction.code,
                                                      bound=str(high))))
    return {"approvable": not blocking, "blocking": blocking}


PLAYER_ADVANTAGE = N_("negative house edge: the player has the advantage on this bet")
BELOW_MINIMUM = N_("below the {jurisdiction} minimum of {bound}")
ABOVE_MAXIMUM = N_("above the {jurisdiction} maximum of {bound}")
VERDICT_REASONS = (PLAYER_ADVANTAGE, BELOW_MINIMUM, ABOVE_MAXIMUM)
"""Why a bet blocks approval, as a run's verdict stores it (English)."""


def _block(bet: str, value: str, reason: str) -> dict[str, str]:
    return {"bet": bet, "figure": "house_edge", "value": value, "reason": reason}


def _decimal_text(value: Fraction) -> str:
    return str(round(Decimal(value.numerator) / Decimal(value.denominator), 8))
