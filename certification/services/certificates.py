"""Certificates: what a run states, rendered to PDF and entered in the register of issued files."""

from __future__ import annotations

import datetime as dt
import subprocess

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from casino.rules import PRESET_SOURCES, rules_from_dict
from casino.rules.describe import describe_paytable, describe_rules
from casino.rules.phrases import N_, Phrase
from certification.models import CertificationRun, IssuedReport, ReportKind
from certification.reports.data import CertificateData, Reproducibility, TableLimit, Verdict
from certification.reports.fmt import count
from certification.reports.i18n import writing_in
from certification.reports.verify import sha256_of
from certification.services.protection import protection_for_certificate
from certification.services.signing import sign_pdf

GAME_NAMES = {"seven_and_half": N_("Seven and a Half"), "nine_ten_eleven": "9-10-11"}


def git_commit() -> str:
    """The source revision, when the installation runs from a checkout (empty otherwise)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=5
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def _verdict(run: CertificationRun) -> Verdict:
    verdict = run.verdict or {"approvable": False, "blocking": []}
    reasons = [_blocking_text(b) for b in verdict.get("blocking", [])]
    if verdict.get("approvable"):
        reasons = reasons or [Phrase("every bet keeps a house edge inside the jurisdiction's bounds, "
                                     "and every check run passed")]
    return Verdict(approvable=bool(verdict.get("approvable")), reasons=reasons)


def _blocking_text(block: dict) -> str:
    """E.g. "Main bet: house edge -46.6492% — negative house edge: the player has the advantage"."""
    bet, figure, value = block.get("bet", ""), block.get("figure", ""), block.get("value", "")
    if figure == "house_edge" and value:
        figure, value = "house edge", f"{float(value) * 100:.4f}%"
    label = "All bets" if bet == "all" else f"{bet.replace('_', ' ').capitalize()} bet"
    return f"{label}: {figure} {value} — {block.get('reason', '')}".replace("  ", " ")


def _table_limits(run: CertificationRun) -> list[TableLimit] | None:
    tables = list(run.paytable_version.tables.all()) if hasattr(run.paytable_version, "tables") else []
    limits = []
    for table in tables:
        for bet, bounds in (table.bet_limits or {}).items():
            limits.append(
                TableLimit(bet=bet, minimum=str(bounds.get("min", "")), maximum=str(bounds.get("max", "")),
                           note=f"table {table.table_id}")
            )
    return limits or None


def certificate_data(*, run: CertificationRun, kind: str, approver=None, approved_at=None) -> CertificateData:
    rules = rules_from_dict(run.rules_snapshot)
    variant = run.variant
    submission = variant.submissions.filter(paytable_version=run.paytable_version).order_by("-id").first()
    randomness = run.randomness or {}
    inputs = {N_("rule variant and paytable"): run.inputs_sha256,
              **randomness.get("inputs_sha256", {})}
    with writing_in(variant.jurisdiction.language):
        parameters = {N_("simulated rounds"): count(run.rounds)}
    if run.simulation:
        parameters[N_("chunk rounds")] = f"{run.simulation.get('chunk_rounds', '')}"
    return CertificateData(
        certificate_number=run.certificate_number,
        status=kind,
        game=GAME_NAMES.get(rules.family, rules.family),
        family=rules.family,
        variant_name=variant.name,
        preset=variant.preset or None,
        preset_source=PRESET_SOURCES.get(variant.preset, ""),
        paytable_version=run.paytable_version.number,
        jurisdiction=variant.jurisdiction.name,
        language=variant.jurisdiction.language,
        submitter=submission.submitted_by.get_username() if submission else "",
        issued=timezone.localdate(),
        rules=run.rules_snapshot,
        rule_clauses=describe_rules(rules),
        paytable=describe_paytable(rules),
        verdict=_verdict(run),
        exact=run.exact,
        simulation=run.simulation,
        nist=randomness.get("nist"),
        shuffle_battery=randomness.get("shuffle_battery"),
        procedure=randomness.get("procedure"),
        table_limits=_table_limits(run),
        protection=protection_for_certificate(variant=variant, paytable_version=run.paytable_version,
                                              rules=rules),
        approver=approver.get_username() if approver else None,
        approved=approved_at.date() if isinstance(approved_at, dt.datetime) else approved_at,
        reproducibility=Reproducibility(
            software_version=run.software_version,
            git_commit=git_commit(),
            inputs_sha256=inputs,
            seeds={N_("simulation root seed"): str(run.seed)},
            parameters=parameters,
        ),
    )


def render_certificate(data: CertificateData) -> bytes:
    from certification.reports.builder import CertificateRenderer

    return CertificateRenderer().render(data)


@transaction.atomic
def certificate_issue(*, run: CertificationRun, kind: str = ReportKind.DRAFT, actor=None,
                      approver=None, approved_at=None) -> IssuedReport:
    """Render the certificate, store it, and enter its SHA-256 in the register."""
    data = certificate_data(run=run, kind=kind, approver=approver, approved_at=approved_at)
    # Signed before hashing: the register holds the hash of the file as issued.
    pdf = sign_pdf(render_certificate(data),
                   reason=f"Certificate {run.certificate_number} ({kind}) issued")
    digest = sha256_of(pdf)
    issued = IssuedReport(run=run, kind=kind, sha256=digest, size=len(pdf), issued_by=actor)
    issued.file.save(f"certificate-{run.certificate_number}-{kind}.pdf", ContentFile(pdf), save=False)
    issued.save()
    # The run points at the register's file: one stored copy of each certificate, so a
    # backup holds it once and the download is the very file whose hash is registered.
    run.report.name = issued.file.name
    run.report_sha256 = digest
    run.save(update_fields=["report", "report_sha256"])
    return issued


def certificate_issue_approved(*, run_id: int, approver_id: int) -> str:
    """The approved certificate, once per run: a redelivered task issues nothing twice."""
    from django.contrib.auth import get_user_model

    from casino.models import Submission, SubmissionStatus

    run = CertificationRun.objects.get(pk=run_id)
    existing = run.issued_reports.filter(kind=ReportKind.APPROVED).first()
    if existing is not None:
        return existing.sha256
    approver = get_user_model().objects.get(pk=approver_id)
    decision = (
        Submission.objects.filter(certification_run=run, status=SubmissionStatus.APPROVED)
        .order_by("-decided_at").first()
    )
    approved_at = decision.decided_at if decision else timezone.now()
    issued = certificate_issue(run=run, kind=ReportKind.APPROVED, actor=approver,
                               approver=approver, approved_at=approved_at)
    return issued.sha256
