"""Game protection audits on the workers: start, exact part, chunks as a group, merge once.

As for simulations, the merge is triggered by whichever chunk records last (each chunk's
insert is idempotent), so a lost worker or a redelivered message never double-counts, and
``protection_audit_finish`` can be called again on a stalled audit. Start, completion and
failure are state changes of a record a regulator may read, so each writes an audit event
in its own transaction.
"""

from __future__ import annotations

import secrets
import time
from functools import lru_cache
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from casino.models import GameVariant, PaytableVersion
from casino.rules import Rules, RuleValidationError, rules_from_dict
from casino.services.audit import audit_record, snapshot
from certification.models import ProtectionAudit, ProtectionChunk, RunStatus
from certification.protection import AuditSpec, assemble, audit_jobs, exact_part, run_chunk
from certification.protection.merge import assemble_exact_only
from certification.protection.spec import DEFAULT_CHUNKS

EXACT_SHARE = 10
# Tasks are sent by name: the tasks call these services, never the other way round.
BEGIN_TASK = "certification.protection_begin"
CHUNK_TASK = "certification.protection_chunk"


def _send(task: str, *args) -> None:
    from casino.celery import app

    app.send_task(task, args=args)
"""Percent of the progress bar the exact part stands for."""


class ProtectionInputError(ValueError):
    """An audit request with a bad setting; ``field`` names it."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def protection_spec(audit: ProtectionAudit) -> AuditSpec:
    return AuditSpec(rules=rules_from_dict(audit.rules), variant=audit.variant.name,
                     seats=audit.seats, penetration=audit.penetration, procedure=audit.procedure,
                     rounds=audit.rounds, seed=int(audit.seed), chunks=audit.chunks)


def protection_audit_start(*, variant: GameVariant, paytable_version: PaytableVersion, actor,
                           seats: int, penetration: float, procedure: str, rounds: int | None,
                           seed: int | None = None, dispatch: bool = True) -> ProtectionAudit:
    """Record the request (audited) and, once committed, send the exact part to a worker."""
    from certification.randomness.procedures import ProcedureError, parse_procedure

    rules = variant.rules_dict(paytable_version.payouts)
    try:
        parsed_rules = rules_from_dict(rules)
    except RuleValidationError as exc:
        field, message = next(iter(exc.errors.items()))
        raise ProtectionInputError(f"rules.{field}", message) from None
    try:
        parse_procedure(procedure)
    except ProcedureError as exc:
        raise ProtectionInputError("procedure", str(exc)) from None
    seed = secrets.randbits(64) if seed is None else seed
    try:
        rounds = AuditSpec(rules=parsed_rules, seats=seats, penetration=penetration,
                           procedure=procedure, rounds=rounds, seed=seed).rounds
    except ValueError as exc:
        field, _, message = str(exc).partition(": ")
        raise ProtectionInputError(field, message) from None
    with transaction.atomic():
        audit = ProtectionAudit.objects.create(
            variant=variant, paytable_version=paytable_version, requested_by=actor, rules=rules,
            seats=seats, penetration=penetration, procedure=procedure, rounds=rounds,
            chunks=DEFAULT_CHUNKS, seed=seed,
        )
        audit_record(actor=actor, action="protection_audit.start", obj=audit, before=None,
                     after=_brief(audit), message=f"variant {variant.pk}, paytable v{paytable_version.number}")
        if dispatch:
            transaction.on_commit(lambda: _send(BEGIN_TASK, audit.pk))
    return audit


def protection_audit_begin(*, audit_id: int, dispatch: bool = True) -> bool:
    """Claim the audit, compute its exact part and send its chunks out as a group."""
    claimed = ProtectionAudit.objects.filter(pk=audit_id, status=RunStatus.QUEUED).update(
        status=RunStatus.RUNNING, started_at=timezone.now())
    if not claimed:
        return False  # another delivery got there first
    audit = ProtectionAudit.objects.get(pk=audit_id)
    spec = protection_spec(audit)
    exact = exact_part(spec)
    planned = audit_jobs(spec, exact)
    ProtectionAudit.objects.filter(pk=audit_id).update(
        exact=exact, chunks_total=len(planned) * spec.chunks, progress=EXACT_SHARE)
    if dispatch:
        protection_audit_dispatch(audit_id=audit_id)
    return True


def protection_audit_dispatch(*, audit_id: int, missing_only: bool = False) -> None:
    from celery import group

    from casino.celery import app

    audit = ProtectionAudit.objects.get(pk=audit_id)
    done = set(audit.chunk_rows.values_list("job", "index")) if missing_only else set()
    todo = [(j, c) for j in range(audit.chunks_total // audit.chunks) for c in range(audit.chunks)
            if (j, c) not in done]
    group(app.signature(CHUNK_TASK, args=(audit_id, j, c)) for j, c in todo).apply_async()


def protection_chunk_run(*, audit_id: int, job: int, index: int) -> bool:
    """Compute one chunk unless it is recorded already; the last chunk in merges."""
    audit = ProtectionAudit.objects.get(pk=audit_id)
    if audit.status != RunStatus.RUNNING or audit.chunk_rows.filter(job=job, index=index).exists():
        return False
    start = time.perf_counter()
    sums = run_chunk(protection_spec(audit), audit.exact, job, index)
    try:
        with transaction.atomic():
            ProtectionChunk.objects.create(audit_id=audit_id, job=job, index=index, sums=sums,
                                           seconds=time.perf_counter() - start)
            ProtectionAudit.objects.filter(pk=audit_id).update(chunks_done=F("chunks_done") + 1)
    except IntegrityError:
        return False
    audit.refresh_from_db()
    share = (100 - EXACT_SHARE) * audit.chunks_done // max(audit.chunks_total, 1)
    ProtectionAudit.objects.filter(pk=audit_id).update(progress=min(99, EXACT_SHARE + share))
    if audit.chunks_done >= audit.chunks_total:
        protection_audit_finish(audit_id=audit_id)
    return True


def protection_audit_finish(*, audit_id: int) -> ProtectionAudit:
    """Merge every chunk into the report; idempotent, and a no-op until all have arrived."""
    audit = ProtectionAudit.objects.get(pk=audit_id)
    if audit.status == RunStatus.DONE:
        return audit
    rows = list(audit.chunk_rows.order_by("job", "index"))
    if audit.exact is None or len(rows) < audit.chunks_total:
        return audit
    spec = protection_spec(audit)
    planned = audit_jobs(spec, audit.exact)
    sums: dict[str, list[dict]] = {}
    for row in rows:
        sums.setdefault(planned[row.job].key, []).append(row.sums)
    report = assemble(spec, audit.exact, sums)
    started = audit.started_at or audit.created_at
    report["seconds"] = (timezone.now() - started).total_seconds()
    with transaction.atomic():
        updated = ProtectionAudit.objects.filter(pk=audit_id).exclude(status=RunStatus.DONE).update(
            status=RunStatus.DONE, result=report, progress=100, finished_at=timezone.now())
        audit.refresh_from_db()
        if updated:
            audit_record(actor=None, action="protection_audit.done", obj=audit, before=None,
                         after=_brief(audit), message=_risks(report))
    return audit


def protection_audit_fail(*, audit_id: int, error: str) -> None:
    with transaction.atomic():
        updated = ProtectionAudit.objects.filter(pk=audit_id).exclude(
            status__in=(RunStatus.DONE, RunStatus.FAILED)).update(
            status=RunStatus.FAILED, error=error[:10000], finished_at=timezone.now())
        if updated:
            audit = ProtectionAudit.objects.get(pk=audit_id)
            audit_record(actor=None, action="protection_audit.fail", obj=audit, before=None,
                         after=_brief(audit), message=error[:500])


def protection_audits_resume(*, older_than_minutes: int = 15) -> int:
    """Send again what stalled audits are missing (a lost worker, a restarted broker).

    Recording is idempotent, so a chunk that was only slow and arrives twice counts once;
    an audit quiet for over a day is failed with the reason instead.
    """
    now = timezone.now()
    quiet_since = now - timezone.timedelta(minutes=older_than_minutes)
    resumed = 0
    stalled = ProtectionAudit.objects.filter(
        status__in=(RunStatus.QUEUED, RunStatus.RUNNING), created_at__lt=quiet_since)
    for audit in stalled:
        if audit.created_at < now - timezone.timedelta(days=1):
            protection_audit_fail(audit_id=audit.pk, error="stalled for over a day; start a new audit")
            continue
        last = audit.chunk_rows.order_by("-created_at").values_list("created_at", flat=True).first()
        if last is not None and last > quiet_since:
            continue
        if audit.status == RunStatus.QUEUED or audit.exact is None:
            # A claimed audit whose exact part was lost goes back to the queue to be claimed again.
            ProtectionAudit.objects.filter(pk=audit.pk, exact__isnull=True).update(status=RunStatus.QUEUED)
            _send(BEGIN_TASK, audit.pk)
        elif audit.chunks_done < audit.chunks_total:
            protection_audit_dispatch(audit_id=audit.pk, missing_only=True)
        else:
            protection_audit_finish(audit_id=audit.pk)
        resumed += 1
    return resumed


def latest_protection_audit(*, variant: GameVariant, paytable_version: PaytableVersion | None = None,
                            done: bool = False) -> ProtectionAudit | None:
    audits = ProtectionAudit.objects.filter(variant=variant)
    if paytable_version is not None:
        audits = audits.filter(paytable_version=paytable_version)
    if done:
        audits = audits.filter(status=RunStatus.DONE)
    return audits.order_by("-created_at", "-id").first()


def protection_for_certificate(*, variant: GameVariant, paytable_version: PaytableVersion,
                               rules: Rules, before=None) -> dict[str, Any]:
    """The latest completed audit of this version (started ``before`` a time, when given), or
    else the exact exposures alone."""
    audits = ProtectionAudit.objects.filter(variant=variant, paytable_version=paytable_version,
                                            status=RunStatus.DONE)
    if before is not None:
        audits = audits.filter(created_at__lte=before)
    audit = audits.order_by("-created_at", "-id").first()
    if audit is not None:
        return audit.result
    return _exact_only(rules, variant.name)


@lru_cache(maxsize=16)
def _exact_only(rules: Rules, name: str) -> dict[str, Any]:
    # Two seats: collusion of two is the one-card figure, so the certificate's exact part
    # costs a dozen analyses; the audit counts larger groups.
    spec = AuditSpec(rules=rules, variant=name, seats=2)
    return assemble_exact_only(spec, exact_part(spec))


def protection_status(audit: ProtectionAudit | None) -> dict[str, Any]:
    if audit is None:
        return {"audit": None}
    return {"audit": {"id": audit.pk, "status": audit.status, "progress": audit.progress,
                      "error": audit.error[:300]}}


def _brief(audit: ProtectionAudit) -> dict[str, Any]:
    data = snapshot(audit) or {}
    return {k: v for k, v in data.items() if k not in ("rules", "exact", "result")}


def _risks(report: dict[str, Any]) -> str:
    return "; ".join(f"{name}: {e['risk']['level']}" for name, e in report["exposures"].items())
