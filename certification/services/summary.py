"""The monthly summary across the floor: what each active table runs and how it stands."""

from __future__ import annotations

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from casino.models import Submission, SubmissionStatus, TableConfiguration, TableStatus
from certification.models import CertificationRun, RunStatus, SummaryReport
from certification.reports.summary import SummaryData, SummaryRow, render_summary
from certification.reports.verify import sha256_of
from certification.services.notifications import notify, staff_list
from certification.services.signing import sign_pdf


def _figures_run(table: TableConfiguration) -> CertificationRun | None:
    """The run the table's paytable version was approved on, else its newest finished run."""
    decision = (
        Submission.objects.filter(
            paytable_version=table.paytable_version_id, status=SubmissionStatus.APPROVED,
            certification_run__isnull=False,
        ).select_related("certification_run").order_by("-decided_at").first()
    )
    if decision is not None:
        return decision.certification_run
    return (
        CertificationRun.objects.filter(
            paytable_version=table.paytable_version_id, status=RunStatus.DONE,
            recertifies__isnull=True,
        ).order_by("-finished_at", "-id").first()
    )


def _shuffle(table: TableConfiguration) -> tuple[str, object]:
    cert = table.shuffle_certification
    if cert is None:
        return "not certified", None
    when = cert.finished_at.date() if cert.finished_at else None
    if cert.status == RunStatus.FAILED:
        return "could not run", when
    if cert.passed is None:
        return cert.get_status_display().lower(), when
    return ("passed" if cert.passed else "failed"), when


def summary_rows() -> list[SummaryRow]:
    rows = []
    tables = TableConfiguration.objects.filter(status=TableStatus.ACTIVE).select_related(
        "variant", "paytable_version", "shuffle_certification"
    ).order_by("table_id")
    for table in tables:
        run = _figures_run(table)
        bets = ((run.exact or {}).get("bets", {}) if run else {})
        status, when = _shuffle(table)
        rows.append(SummaryRow(
            table_id=table.table_id, pit=table.pit, variant=table.variant.name,
            paytable_version=table.paytable_version.number,
            house_edges={bet: figures.get("house_edge") for bet, figures in bets.items()},
            shuffle_status=status, shuffle_date=when,
        ))
    return rows


@transaction.atomic
def monthly_summary(*, force: bool = False) -> SummaryReport | None:
    """Build, store and email this month's summary; once a month unless ``force``."""
    today = timezone.localdate()
    sent = SummaryReport.objects.select_for_update().filter(
        created_at__year=today.year, created_at__month=today.month
    )
    if sent.exists() and not force:
        return None
    rows = summary_rows()
    data = SummaryData(title=f"Floor summary, {today:%B %Y}", generated=today, rows=rows)
    pdf = sign_pdf(render_summary(data), reason=f"Floor summary, {today:%B %Y}")
    recipients = staff_list()
    report = SummaryReport(sha256=sha256_of(pdf), tables=len(rows), recipients=recipients)
    name = f"summary-{today:%Y-%m}.pdf"
    report.file.save(name, ContentFile(pdf), save=False)
    report.save()
    body = (
        f"The floor summary for {today:%B %Y} is attached: {len(rows)} active table(s), with the "
        f"variant, paytable version, house edge per bet and shuffle certification of each.\n"
        f"SHA-256 {report.sha256}"
    )
    notify(subject=f"Floor summary, {today:%B %Y}", body=body, to=recipients,
           attachment=(name, pdf, "application/pdf"))
    return report
