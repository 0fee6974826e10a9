"""Tuning jobs: the designer's search on the workers (drafts: ``tuning_drafts``).

The search (``certification.odds.tuner``) is deterministic given the figures it has seen,
so a job keeps no search state: each step replays it over the figures stored so far
(``TuningEvaluation`` rows) until it asks for variants nobody has analysed yet; those go
to the workers as a Celery group, and the chunk that records the last of them claims the
next step with a conditional update on the batch number. Recording is idempotent, so a
redelivered chunk counts once, and a stalled job can be moved on by stepping it again.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from casino.models import GameVariant
from casino.permissions import CAN_TUNE
from casino.rules import rules_from_dict
from casino.services.audit import audit_record, snapshot
from casino.services.errors import require_role
from certification.models import RunStatus, TuningEvaluation, TuningJob
from certification.odds.tuner import (
    DEFAULT_LIMIT,
    Candidate,
    TunerInputError,
    TuningRequest,
    TuningResult,
    VariantFigures,
    apply_changes,
    tune,
)
from certification.odds.tuner.knobs import FAMILY_BETS
from certification.odds.tuner.space import changes_from_key

from .tuning_requests import (
    default_band,
    jurisdiction_bounds,
    knobs_for,
    request_data,
    search_span,
    tuning_request_of,
    variant_base,
)

CHUNK_VARIANTS = 6
"""Variants per worker task: enough to share a dealer, few enough to spread a batch."""
MAX_KEY_LENGTH = 1000
MAX_SEARCH_VARIANTS = 250_000
STEP_TASK = "certification.tuning_step"
CHUNK_TASK = "certification.tuning_chunk"
"""The most variants one job may span (about an hour on four worker processes)."""


class BatchPending(Exception):
    """The replayed search reached variants that have not been analysed yet."""

    def __init__(self, candidates: Sequence[Candidate]):
        self.candidates = list(candidates)
        super().__init__(f"{len(self.candidates)} variants to analyse")



@transaction.atomic
def tuning_job_create(
    *,
    variant: GameVariant,
    actor,
    vary: Sequence[str] | None = None,
    band: tuple[Fraction, Fraction] | None = None,
    bet: str = "main",
    max_changes: int | None = None,
    limit: int = DEFAULT_LIMIT,
    dispatch: bool = True,
) -> TuningJob:
    """Queue a search over ``vary`` (``KEY=VALUES``; None: the suggested knobs) for ``bet``.

    The band defaults to the jurisdiction's bounds for the bet; every other bet must stay
    inside the jurisdiction's bounds. Bad knobs, values or bands raise ValidationError
    naming the field.
    """
    require_role(actor, CAN_TUNE, "searching for an approvable version")
    version, base = variant_base(variant)
    if bet not in FAMILY_BETS[variant.family]:
        raise ValidationError({"bet": f"the {variant.family} family has no bet {bet!r} "
                                      f"(bets: {', '.join(FAMILY_BETS[variant.family])})"})
    bounds = jurisdiction_bounds(variant.jurisdiction, variant.family)
    try:
        knobs = knobs_for(base, vary)
    except TunerInputError as exc:
        raise ValidationError({"vary": str(exc)}) from None
    try:
        request = TuningRequest(
            base=base, knobs=tuple(knobs),
            band=band or default_band(variant.jurisdiction, variant.family, bet), bet=bet,
            bounds={b: v for b, v in bounds.items() if b != bet},
            max_changes=max_changes, limit=limit, variant=variant.name,
        )
    except TunerInputError as exc:
        text = str(exc)
        field = next((f for f in ("band", "limit", "max-changes") if f in text), "vary")
        raise ValidationError({field.replace("-", "_"): text}) from None
    span = search_span(request)
    if span > MAX_SEARCH_VARIANTS:
        raise ValidationError({"max_changes": (
            f"this search spans {span:,} variants (at most {MAX_SEARCH_VARIANTS:,}): allow "
            "fewer changes per variant, fewer knobs or fewer values")})
    job = TuningJob.objects.create(
        variant=variant, paytable_version=version, requested_by=actor,
        request=request_data(request), step="queued",
    )
    audit_record(actor=actor, action="tuning_job.create", obj=job, before=None,
                 after=snapshot(job))
    if dispatch:
        transaction.on_commit(lambda: tuning_job_dispatch(job_id=job.pk))
    return job


def tuning_job_dispatch(*, job_id: int) -> None:
    # Tasks are sent by name: the tasks call these services, never the other way round.
    from casino.celery import app

    app.send_task(STEP_TASK, args=(job_id,))


def tuning_job_step(*, job_id: int) -> TuningJob:
    """Replay the search over the stored figures; send the next batch out, or finish."""
    job = TuningJob.objects.get(pk=job_id)
    if job.finished:
        return job
    stored = {
        row.key: VariantFigures.from_json(row.figures, row.seconds)
        for row in TuningEvaluation.objects.filter(job_id=job_id).only("key", "figures", "seconds")
    }
    progress: dict[str, int] = {}

    def evaluate(batch: Sequence[Candidate]) -> list[VariantFigures]:
        missing = [c for c in batch if c.key not in stored]
        if missing:
            raise BatchPending(missing)
        return [stored[c.key] for c in batch]

    def follow(decided: int, total: int, evaluated: int) -> None:
        progress.update(decided=decided, total=total, evaluated=evaluated)

    try:
        result = tune(tuning_request_of(job), evaluate, follow)
    except BatchPending as pending:
        _send_batch(job, pending.candidates, progress, len(stored))
    except (TunerInputError, ValueError) as exc:
        tuning_job_fail(job_id=job_id, error=str(exc))
    else:
        _finish(job, result)
    job.refresh_from_db()
    return job


def _send_batch(job: TuningJob, candidates: list[Candidate], progress: dict, analysed: int) -> None:
    from celery import group

    from casino.celery import app
    from certification.odds.tuner.evaluate import sharing_key

    too_long = [c.key for c in candidates if len(c.key) > MAX_KEY_LENGTH]
    if too_long:
        tuning_job_fail(job_id=job.pk, error=f"a variant changes too much to record: {too_long[0][:200]}…")
        return
    ordered = sorted(candidates, key=lambda c: sharing_key(c.rules))
    keys = [c.key for c in ordered]
    percent = 100 * progress.get("decided", 0) // max(progress.get("total", 1), 1)
    TuningJob.objects.filter(pk=job.pk).update(
        status=RunStatus.RUNNING, awaiting=keys, evaluated=analysed,
        progress=min(percent, 99), started_at=job.started_at or timezone.now(),
        step=f"analysing {len(keys)} variants ({analysed} analysed so far)",
    )
    chunks = [keys[i:i + CHUNK_VARIANTS] for i in range(0, len(keys), CHUNK_VARIANTS)]
    group(app.signature(CHUNK_TASK, args=(job.pk, job.batch, chunk)) for chunk in chunks).apply_async()


def tuning_chunk_run(*, job_id: int, batch: int, keys: Sequence[str]) -> int:
    """Analyse the variants of ``keys`` not yet recorded; the last one in moves the job on."""
    from certification.odds.tuner import analyse_figures

    job = TuningJob.objects.get(pk=job_id)
    if job.finished:
        return 0
    base = rules_from_dict(job.request["rules"])
    recorded = set(
        TuningEvaluation.objects.filter(job_id=job_id, key__in=keys).values_list("key", flat=True)
    )
    added = 0
    for key in keys:
        if key in recorded:
            continue
        start = time.perf_counter()
        figures = analyse_figures(apply_changes(base, changes_from_key(key)))
        added += len(TuningEvaluation.objects.bulk_create(
            [TuningEvaluation(job_id=job_id, key=key, figures=figures.to_json(),
                              seconds=time.perf_counter() - start)],
            ignore_conflicts=True,
        ))
    tuning_batch_advance(job_id=job_id, batch=batch)
    return added


def tuning_batch_advance(*, job_id: int, batch: int) -> bool:
    """If every variant of ``batch`` is recorded, claim and run the next step (once)."""
    job = TuningJob.objects.get(pk=job_id)
    if job.finished or job.batch != batch:
        return False
    wanted = set(job.awaiting)
    have = TuningEvaluation.objects.filter(job_id=job_id, key__in=wanted).count()
    if have < len(wanted):
        TuningJob.objects.filter(pk=job_id, batch=batch).update(
            step=f"analysing: {have} of {len(wanted)} variants of this batch done")
        return False
    if TuningJob.objects.filter(pk=job_id, batch=batch).update(batch=batch + 1) != 1:
        return False  # another chunk got there first
    tuning_job_step(job_id=job_id)
    return True


def tuning_job_perform_locally(*, job_id: int, workers: int = 1) -> TuningJob:
    """The whole search in this process (local processes with ``workers`` > 1), recording
    every analysis as the workers would; for scripts and machines without a worker."""
    from certification.odds.tuner import LocalEvaluator

    job = TuningJob.objects.get(pk=job_id)
    if job.finished:
        return job
    TuningJob.objects.filter(pk=job_id).update(status=RunStatus.RUNNING, started_at=timezone.now())
    recorded = set(TuningEvaluation.objects.filter(job_id=job_id).values_list("key", flat=True))
    with LocalEvaluator(workers=workers) as analyse:

        def evaluate(batch: Sequence[Candidate]) -> list[VariantFigures]:
            figures = analyse(batch)
            TuningEvaluation.objects.bulk_create(
                [TuningEvaluation(job_id=job_id, key=c.key, figures=f.to_json(), seconds=f.seconds)
                 for c, f in zip(batch, figures, strict=True) if c.key not in recorded],
                ignore_conflicts=True,
            )
            recorded.update(c.key for c in batch)
            return figures

        try:
            result = tune(tuning_request_of(job), evaluate)
        except (TunerInputError, ValueError) as exc:
            tuning_job_fail(job_id=job_id, error=str(exc))
        else:
            _finish(TuningJob.objects.get(pk=job_id), result)
    return TuningJob.objects.get(pk=job_id)


def tuning_jobs_resume(*, older_than_minutes: int = 15) -> int:
    """Step again the jobs that stopped moving (a lost message, a restarted broker): the
    replay sends out only what is still missing. Jobs stalled for a day are failed."""
    now = timezone.now()
    quiet_since = now - timezone.timedelta(minutes=older_than_minutes)
    resumed = 0
    for job in TuningJob.objects.filter(status__in=(RunStatus.QUEUED, RunStatus.RUNNING),
                                        created_at__lt=quiet_since):
        if job.created_at < now - timezone.timedelta(days=1):
            tuning_job_fail(job_id=job.pk, error="stalled for over a day; start a new search")
            continue
        last = job.evaluations.order_by("-created_at").values_list("created_at", flat=True).first()
        if last is not None and last > quiet_since:
            continue
        tuning_job_step(job_id=job.pk)
        resumed += 1
    return resumed


def result_data(result: TuningResult, seconds: float) -> dict[str, Any]:
    data = result.to_json()
    data["seconds"] = seconds
    bet = result.request.bet
    data["points"] = [
        {"key": p.candidate.key, "changes": p.candidate.size, "in_band": p.in_band,
         "house_edge": float(p.figures.bets[bet].house_edge), "sd": p.figures.bets[bet].sd,
         "p_win": float(p.figures.bets[bet].p_win)}
        for p in result.points
    ]
    return data


@transaction.atomic
def _finish(job: TuningJob, result: TuningResult) -> None:
    job = TuningJob.objects.select_for_update().get(pk=job.pk)
    if job.finished:
        return
    before = snapshot(job)
    started = job.started_at or job.created_at
    job.result = result_data(result, (timezone.now() - started).total_seconds())
    job.status, job.progress, job.awaiting = RunStatus.DONE, 100, []
    job.evaluated = result.evaluated
    job.step = (f"{len(result.suggestions)} in band" if result.suggestions
                else "nothing in band; the closest is shown")
    job.started_at, job.finished_at = started, timezone.now()
    job.save()
    audit_record(actor=None, action="tuning_job.done", obj=job, before=_brief(before),
                 after=_brief(snapshot(job)))


def _brief(data: dict | None) -> dict | None:
    # The result and the request are on the job; the audit trail keeps the state change.
    return None if data is None else {k: v for k, v in data.items() if k not in ("result", "request", "awaiting")}


@transaction.atomic
def tuning_job_fail(*, job_id: int, error: str) -> None:
    job = TuningJob.objects.select_for_update().get(pk=job_id)
    if job.finished:
        return
    before = snapshot(job)
    job.status, job.error, job.finished_at = RunStatus.FAILED, error[:10000], timezone.now()
    job.step = "failed"
    job.save()
    audit_record(actor=None, action="tuning_job.failed", obj=job, before=_brief(before),
                 after=_brief(snapshot(job)), message=error[:500])


# -- drafts ---------------------------------------------------------------------------------
