"""Tables' shuffle logs: uploaded as evidence, certified weekly with the shuffle battery.

A table's shuffle certification covers its newest log and, when the table names a hand
procedure the models know, that procedure; the table links to the latest certification.
"""

from __future__ import annotations

import logging

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from casino.models import TableConfiguration, TableStatus
from casino.permissions import CAN_CONFIGURE_TABLES
from casino.rules import rules_from_dict
from casino.services.audit import audit_record, snapshot
from casino.services.errors import require_role
from certification.models import RunStatus, ShuffleCertification, ShuffleLog
from certification.randomness.procedures import ProcedureError, parse_procedure
from certification.services.evidence import read_upload, shuffle_log_check
from certification.services.notifications import notify, table_admins
from certification.services.randomness import procedure_evidence, shuffle_evidence

logger = logging.getLogger(__name__)

# A certification left running this long died with its worker; the next job may redo it.
ABANDONED_AFTER = timezone.timedelta(hours=1)
# Procedures are modelled for single decks (see assess_procedure).
MAX_PROCEDURE_DECK = 64


def table_deck_size(table: TableConfiguration) -> int:
    return rules_from_dict(table.variant.rules_dict(table.paytable_version.payouts)).deck_size


@transaction.atomic
def shuffle_log_upload(*, table: TableConfiguration, upload, actor) -> ShuffleLog:
    """Store a log only if every line reads as a deck order of the table's game."""
    require_role(actor, CAN_CONFIGURE_TABLES, "uploading a shuffle log")
    evidence = read_upload(upload, field="file")
    log = shuffle_log_check(evidence.data, deck_size=table_deck_size(table), field="file")
    if ShuffleLog.objects.filter(table=table, sha256=evidence.sha256).exists():
        raise ValidationError({"file": "this log was already uploaded for this table"})
    record = ShuffleLog(
        table=table, sha256=evidence.sha256, shuffles=log.shuffles, deck_size=log.deck_size,
        uploaded_by=actor,
    )
    record.file.save(evidence.name, evidence.content(), save=False)
    record.save()
    audit_record(actor=actor, action="shuffle_log.upload", obj=record, before=None, after=snapshot(record))
    return record


def _procedure(table: TableConfiguration, deck_size: int) -> str:
    method = table.shuffling_method.strip()
    if not method or deck_size > MAX_PROCEDURE_DECK:
        return ""
    try:
        parse_procedure(method)
    except ProcedureError:
        return ""  # a shuffler model: its log is the evidence
    return method


@transaction.atomic
def _claim(table: TableConfiguration, log: ShuffleLog) -> ShuffleCertification | None:
    log = ShuffleLog.objects.select_for_update().get(pk=log.pk)
    taken = log.certifications.filter(status=RunStatus.DONE) | log.certifications.filter(
        status=RunStatus.RUNNING, created_at__gte=timezone.now() - ABANDONED_AFTER
    )
    if taken.exists():
        return None
    return ShuffleCertification.objects.create(
        table=table, shuffle_log=log, procedure=_procedure(table, log.deck_size),
        status=RunStatus.RUNNING,
    )


def _passed(battery: dict, procedure: dict | None) -> bool:
    flagged = any(t.get("flagged") for t in battery.get("tests", []))
    return battery.get("verdict") == "pass" and not flagged and (
        procedure is None or bool(procedure.get("enough"))
    )


def table_shuffle_certify(*, table: TableConfiguration, log: ShuffleLog) -> ShuffleCertification | None:
    """Certify one log (None if it is already certified or being certified)."""
    cert = _claim(table, log)
    if cert is None:
        return None
    try:
        with log.file.open("rb") as handle:
            cert.battery = shuffle_evidence(handle.read())
        if cert.procedure:
            cert.procedure_result = procedure_evidence(
                cert.procedure, deck_size=log.deck_size, seed=int(log.sha256[:8], 16)
            )
        cert.passed = _passed(cert.battery, cert.procedure_result)
        cert.status = RunStatus.DONE
    except Exception as exc:
        logger.exception("shuffle certification of %s failed", table)
        cert.status, cert.error = RunStatus.FAILED, f"{type(exc).__name__}: {exc}"[:10_000]
    cert.finished_at = timezone.now()
    _record(table, cert)
    return cert


@transaction.atomic
def _record(table: TableConfiguration, cert: ShuffleCertification) -> None:
    cert.save()
    if cert.status == RunStatus.DONE:
        table = TableConfiguration.objects.select_for_update().get(pk=table.pk)
        before = snapshot(table)
        table.shuffle_certification = cert
        table.save(update_fields=["shuffle_certification", "updated_at"])
        audit_record(actor=None, action="table.shuffle_certified", obj=table, before=before,
                     after=snapshot(table), message=f"shuffle log {cert.shuffle_log.sha256[:12]}")
    outcome = {True: "passed", False: "failed"}.get(cert.passed, "could not run")
    lines = [f"The weekly shuffle certification of table {table} {outcome}."]
    if cert.battery:
        flagged = [t["name"] for t in cert.battery.get("tests", []) if t.get("flagged")]
        lines.append(f"Shuffle battery over {cert.battery.get('shuffles', 0):,} shuffles: "
                     + (f"flagged {', '.join(flagged)}" if flagged else "no test flagged") + ".")
    if cert.procedure_result is not None:
        lines.append(f"Hand procedure {cert.procedure}: "
                     + ("close enough to uniform." if cert.procedure_result.get("enough") else "not close enough to uniform."))
    if cert.error:
        lines.append(f"Error: {cert.error}")
    notify(subject=f"Shuffle certification of table {table}: {outcome}", body="\n".join(lines),
           to=table_admins())


def certify_table_shuffle_logs() -> list[ShuffleCertification]:
    """Each active table's newest log; one table's failure does not stop the others."""
    done = []
    tables = TableConfiguration.objects.filter(status=TableStatus.ACTIVE).select_related(
        "variant", "paytable_version"
    )
    for table in tables:
        log = table.shuffle_logs.order_by("-uploaded_at", "-id").first()
        if log is not None and (cert := table_shuffle_certify(table=table, log=log)) is not None:
            done.append(cert)
    return done
