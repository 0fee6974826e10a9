"""Certificates: what a run states, rendered to PDF and entered in the register of issued files."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from casino.rules import PRESET_SOURCES, rules_from_dict
from casino.rules.describe import describe_paytable, describe_rules
from casino.rules.labels import bet_label
from casino.rules.phrases import N_, Percent, Phrase, recognised
from certification.models import CertificationRun, IssuedReport, ReportKind
from certification.reports.data import CertificateData, Reproducibility, TableLimit, Verdict
from certification.reports.i18n import checked_language
from certification.reports.verify import sha256_of
from certification.services.protection import protection_for_certificate
from certification.services.runs import VERDICT_REASONS
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
    reason = recognised(block.get("reason", ""), VERDICT_REASONS)
    name = Phrase(N_("All bets")) if bet == "all" else Phrase(bet_label(bet))
    if figure == "house_edge" and value:
        return Phrase(N_("{bet}: house edge {edge} — {reason}"), bet=name,
                      edge=Percent(float(value)), reason=reason)
    return Phrase(N_("{bet}: {figure} {value} — {reason}"), bet=name, figure=figure.replace("_", " "),
                  value=value, reason=reason)


def _table_limits(run: CertificationRun) -> list[dict] | None:
    tables = list(run.paytable_version.tables.all()) if hasattr(run.paytable_version, "tables") else []
    limits = []
    for table in tables:
        for bet, bounds in (table.bet_limits or {}).items():
            limits.append({"bet": bet, "minimum": str(bounds.get("min", "")),
                           "maximum": str(bounds.get("max", "")), "table": table.table_id})
    return limits or None


def certificate_basis(*, run: CertificationRun, kind: str, approver=None, approved_at=None,
                      protection_before: dt.datetime | None = None) -> dict[str, Any]:
    """What a certificate states beyond its run, as JSON kept with each register entry: the
    dates and names, the table limits and the protection annex as they were when it was issued,
    so its rendering in another language, made later, states the very same."""
    variant = run.variant
    submission = variant.submissions.filter(paytable_version=run.paytable_version).order_by("-id").first()
    approved = approved_at.date() if isinstance(approved_at, dt.datetime) else approved_at
    rules = rules_from_dict(run.rules_snapshot)
    return {
        "issued": (protection_before.date() if protection_before else timezone.localdate()).isoformat(),
        "submitter": submission.submitted_by.get_username() if submission else "",
        "jurisdiction": variant.jurisdiction.name,
        "approver": approver.get_username() if approver else None,
        "approved": approved.isoformat() if approved else None,
        "table_limits": _table_limits(run),
        "protection": json.loads(json.dumps(protection_for_certificate(
            variant=variant, paytable_version=run.paytable_version, rules=rules,
            before=protection_before))),
        "git_commit": "" if protection_before else git_commit(),
    }


def certificate_data(*, run: CertificationRun, kind: str, approver=None, approved_at=None,
                     language: str | None = None, basis: dict[str, Any] | None = None) -> CertificateData:
    """The certificate of ``run`` (draft or approved) in ``language`` (by default its variant's
    jurisdiction's), stating ``basis`` (``certificate_basis``: made now unless given)."""
    rules = rules_from_dict(run.rules_snapshot)
    variant = run.variant
    if basis is None:
        basis = certificate_basis(run=run, kind=kind, approver=approver, approved_at=approved_at)
    randomness = run.randomness or {}
    inputs = {N_("rule variant and paytable"): run.inputs_sha256,
              **randomness.get("inputs_sha256", {})}
    # Counts stay numbers: each rendering writes them its own way.
    parameters: dict[str, object] = {N_("simulated rounds"): run.rounds}
    if run.simulation and run.simulation.get("chunk_rounds"):
        parameters[N_("chunk rounds")] = int(run.simulation["chunk_rounds"])
    return CertificateData(
        certificate_number=run.certificate_number,
        status=kind,
        game=GAME_NAMES.get(rules.family, rules.family),
        family=rules.family,
        variant_name=variant.name,
        preset=variant.preset or None,
        preset_source=PRESET_SOURCES.get(variant.preset, ""),
        paytable_version=run.paytable_version.number,
        jurisdiction=basis["jurisdiction"],
        language=language or variant.jurisdiction.language,
        submitter=basis["submitter"],
        issued=dt.date.fromisoformat(basis["issued"]),
        rules=run.rules_snapshot,
        rule_clauses=describe_rules(rules),
        paytable=describe_paytable(rules),
        verdict=_verdict(run),
        exact=run.exact,
        simulation=run.simulation,
        nist=randomness.get("nist"),
        shuffle_battery=randomness.get("shuffle_battery"),
        procedure=randomness.get("procedure"),
        table_limits=[TableLimit(bet=t["bet"], minimum=t["minimum"], maximum=t["maximum"],
                                 note=Phrase(N_("table {table}"), table=t["table"]))
                      for t in basis["table_limits"]] if basis.get("table_limits") else None,
        protection=basis["protection"],
        approver=basis["approver"],
        approved=dt.date.fromisoformat(basis["approved"]) if basis.get("approved") else None,
        reproducibility=Reproducibility(
            software_version=run.software_version,
            git_commit=basis.get("git_commit", ""),
            inputs_sha256=inputs,
            seeds={N_("simulation root seed"): str(run.seed)},
            parameters=parameters,
        ),
    )


def render_certificate(data: CertificateData) -> bytes:
    from certification.reports.builder import CertificateRenderer

    return CertificateRenderer().render(data)


def _register(*, run: CertificationRun, data: CertificateData, basis: dict[str, Any], actor,
              reason: str) -> IssuedReport:
    # Signed before hashing: the register holds the hash of the file as issued.
    pdf = sign_pdf(render_certificate(data), reason=reason)
    digest = sha256_of(pdf)
    issued = IssuedReport(run=run, kind=data.status, sha256=digest, size=len(pdf), issued_by=actor,
                          language=data.language, basis=basis)
    suffix = "" if data.language == run.variant.jurisdiction.language else f"-{data.language}"
    issued.file.save(f"certificate-{run.certificate_number}-{data.status}{suffix}.pdf",
                     ContentFile(pdf), save=False)
    issued.save()
    return issued


@transaction.atomic
def certificate_issue(*, run: CertificationRun, kind: str = ReportKind.DRAFT, actor=None,
                      approver=None, approved_at=None) -> IssuedReport:
    """Render the certificate in its variant's jurisdiction's language, store it, and enter its
    SHA-256 in the register."""
    basis = certificate_basis(run=run, kind=kind, approver=approver, approved_at=approved_at)
    data = certificate_data(run=run, kind=kind, basis=basis)
    issued = _register(run=run, data=data, basis=basis, actor=actor,
                       reason=f"Certificate {run.certificate_number} ({kind}) issued")
    # The run points at the register's file: one stored copy of each certificate, so a
    # backup holds it once and the download is the very file whose hash is registered.
    run.report.name = issued.file.name
    run.report_sha256 = issued.sha256
    run.save(update_fields=["report", "report_sha256"])
    return issued


class NoCertificateError(LookupError):
    """The run has issued no certificate yet (it has not finished)."""


def certificate_kind(run: CertificationRun) -> str | None:
    """The run's certificate as it stands: approved once approved, else the draft (None: none)."""
    kinds = set(run.issued_reports.values_list("kind", flat=True))
    return ReportKind.APPROVED if ReportKind.APPROVED in kinds else (
        ReportKind.DRAFT if ReportKind.DRAFT in kinds else None)


def certificate_rendering(*, run: CertificationRun, language: str | None = None, kind: str | None = None,
                          actor=None) -> IssuedReport:
    """The run's certificate (``kind``, by default as it stands) written in ``language``: the
    register's entry when that rendering exists, else rendered now from the same run and the
    same basis as the certificate first issued, signed, registered and audited. Every rendering
    carries the same number and figures; each is verified on its own, by its own SHA-256."""
    language = checked_language(language or run.variant.jurisdiction.language)
    kind = kind or certificate_kind(run)
    if kind is None:
        raise NoCertificateError(f"run {run.certificate_number} has issued no certificate yet")
    existing = run.issued_reports.filter(kind=kind, language=language).order_by("issued_at", "id").first()
    if existing is not None:
        return existing
    with transaction.atomic():
        # One rendering per language, however many ask for it at once.
        CertificationRun.objects.select_for_update().filter(pk=run.pk).first()
        existing = run.issued_reports.filter(kind=kind, language=language).order_by("issued_at", "id").first()
        if existing is not None:
            return existing
        original = run.issued_reports.filter(kind=kind).order_by("issued_at", "id").first()
        if original is None:
            raise NoCertificateError(f"run {run.certificate_number} has no {kind} certificate")
        basis = original.basis or _basis_of_an_earlier_issue(run, original)
        data = certificate_data(run=run, kind=kind, language=language, basis=basis)
        issued = _register(run=run, data=data, basis=basis, actor=actor,
                           reason=f"Certificate {run.certificate_number} ({kind}), {language} rendering")
        from casino.services.audit import audit_record

        audit_record(actor=actor, action="certificate.rendered", obj=run, before=None,
                     after={"kind": kind, "language": language, "sha256": issued.sha256,
                            "rendering_of": original.sha256},
                     message=f"Certificate {run.certificate_number} ({kind}) rendered in {language}")
    return issued


def _basis_of_an_earlier_issue(run: CertificationRun, original: IssuedReport) -> dict[str, Any]:
    """The basis of a certificate issued before the register kept one: the issue's own date,
    the protection audit finished by then, the approver on record; the source revision was not
    recorded."""
    approval = None
    if original.kind == ReportKind.APPROVED:
        from casino.models import Submission, SubmissionStatus

        approval = (Submission.objects.filter(certification_run=run, status=SubmissionStatus.APPROVED)
                    .select_related("reviewer").order_by("-decided_at").first())
    return certificate_basis(
        run=run, kind=original.kind, approver=(approval.reviewer if approval else original.issued_by),
        approved_at=approval.decided_at if approval else None,
        protection_before=timezone.localtime(original.issued_at))


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
