"""A field trial at its host property: the field check of its host tables, the drift alarms it
raises, and its report for final approval (its days and rounds: ``field_trial_progress``).

The host tables are the tables at the trial's host property dealing the version; the trial's
field results are their days uploaded on or after the trial's effective date. Each upload was
checked against theory when it was stored (``field_results``: the ``fieldcheck`` computation);
the report for final approval checks the trial's days together with the same engine.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.models import (
    TRIAL_STATUSES,
    Jurisdiction,
    Notice,
    NoticeKind,
    PaytableVersion,
    RegulatorDecision,
    TableConfiguration,
)
from casino.services.approval_reads import regulator_state
from casino.services.audit import audit_record, snapshot
from casino.services.errors import WorkflowError
from casino.services.field_trial_progress import field_trial_progress, host_tables, trial_days
from casino.services.regulators import submitter_of
from certification.economics.fieldfile import FieldDay as CheckedDay
from certification.models import FieldTrialAlarm, FieldUpload
from certification.reports.field_trial import (
    FieldTrialData,
    TrialFacts,
    TrialFile,
    render_field_trial,
)
from certification.reports.field_trial_text import TRIAL_TEXT

from .field_checks import field_result, table_sections
from .notifications import notify, staff_list
from .signing import sign_pdf


@dataclass(frozen=True)
class TableVerdict:
    """One host table in one uploaded file, as the field check judged it on upload."""

    upload: FieldUpload
    table: str
    days: int
    rounds: int
    z: float
    hold: float
    house_edge: float
    drift_from: str | None
    drift_direction: str | None
    day_alarms: list[dict] = field(default_factory=list)

    @property
    def hold_percent(self) -> str:
        return f"{self.hold:.2%}"

    @property
    def house_edge_percent(self) -> str:
        return f"{self.house_edge:.2%}"

    @property
    def verdict(self) -> str:
        if self.drift_from:
            return "drift"
        return "day alarms" if self.day_alarms else "as theory"


def field_trial_of(*, paytable_version: PaytableVersion, jurisdiction: Jurisdiction) -> RegulatorDecision | None:
    """The latest trial decision (field trial, or submitted for final approval) on the
    version's latest filing there, also once it was approved or ended; None: never tried."""
    current = regulator_state(paytable_version=paytable_version, jurisdiction=jurisdiction)
    if current is None or current.status in TRIAL_STATUSES:
        return current
    return (RegulatorDecision.objects.filter(submission=current.submission_id, status__in=TRIAL_STATUSES)
            .select_related("submission__jurisdiction", "submission__paytable_version", "host_property",
                            "recorded_by")
            .order_by("-recorded_at", "-id").first())


def field_trial_verdicts(*, decision: RegulatorDecision) -> list[TableVerdict]:
    """Each uploaded file holding trial days, and each host table in it, as checked on upload."""
    names = set(host_tables(decision).values_list("table_id", flat=True))
    uploads = FieldUpload.objects.filter(pk__in=trial_days(decision).values("upload")).order_by("uploaded_at", "id")
    verdicts = []
    for upload in uploads:
        for name, t in sorted(upload.result["tables"].items()):
            if name not in names:
                continue
            drift = t["drift"]
            verdicts.append(TableVerdict(
                upload=upload, table=name, days=t["days"], rounds=t["rounds"], z=t["z"], hold=t["hold"],
                house_edge=t["house_edge"], drift_from=drift["first_date"] if drift["alarm"] else None,
                drift_direction=drift["direction"],
                day_alarms=[a for a in upload.result["day_alarms"] if a["table"] == name]))
    return verdicts


def trial_owners(version: PaytableVersion) -> list[str]:
    """The variant's owner and whoever submitted the version (the staff when nobody)."""
    variant = version.paytable.variant
    ids = submitter_of(version) | ({variant.created_by_id} if variant.created_by_id else set())
    users = get_user_model().objects.filter(pk__in=ids, is_active=True).exclude(email="")
    return sorted({u.email for u in users}) or staff_list()


def field_trial_alarms_raise(*, upload: FieldUpload, actor) -> list[FieldTrialAlarm]:
    """Each drift alarm of the upload at a host table of a running trial becomes a notice for
    the jurisdiction and an e-mail to the variant's officers; once per filing, file and table."""
    drifting = {t["table_id"]: t for t in upload.result["tables"].values() if t["drift"]["alarm"]}
    tables = TableConfiguration.objects.filter(pk__in=drifting, casino_property__isnull=False).select_related(
        "casino_property__jurisdiction", "paytable_version__paytable__variant")
    raised = []
    for table in tables:
        trial = regulator_state(paytable_version=table.paytable_version,
                                jurisdiction=table.casino_property.jurisdiction)
        if trial is None or trial.status not in TRIAL_STATUSES or trial.host_property_id != table.casino_property_id:
            continue
        if not trial_days(trial).filter(upload=upload, table=table).exists():
            continue  # the file's days at this table are from before the trial
        alarm = _raise(trial=trial, upload=upload, table=table, drift=drifting[table.pk]["drift"], actor=actor)
        if alarm is not None:
            raised.append(alarm)
    return raised


def _raise(*, trial: RegulatorDecision, upload: FieldUpload, table: TableConfiguration, drift: dict,
           actor) -> FieldTrialAlarm | None:
    filing = trial.submission
    if FieldTrialAlarm.objects.filter(filing=filing, upload=upload, table=table).exists():
        return None
    version, jurisdiction = table.paytable_version, filing.jurisdiction
    variant = version.paytable.variant
    first = dt.date.fromisoformat(drift["first_date"]) if drift["first_date"] else None
    title = (f"{variant.name} version {version.number}: field-trial drift at table {table.table_id} "
             f"({table.casino_property.name}) in {jurisdiction.name}")
    body = "\n".join([
        title, "",
        f"The field check finds the table's results drifting from theory ({drift['direction'] or 'either way'}) "
        f"from {first or 'an unknown day'} on.",
        f"Field file: {upload.name} (upload {upload.pk}, SHA-256 {upload.sha256})",
        f"Field trial: {trial.reference or 'no reference'}, since {trial.effective or 'its decision'}",
        *([f"Certificate: {filing.certification_run.certificate_number}"] if filing.certification_run_id else []),
    ])
    try:
        with transaction.atomic():
            notice = Notice.objects.create(kind=NoticeKind.FIELD_ALARM, jurisdiction=jurisdiction,
                                           paytable_version=version, decision=trial, title=title[:300], body=body)
            alarm = FieldTrialAlarm.objects.create(filing=filing, upload=upload, table=table, first_date=first,
                                                   direction=(drift["direction"] or "")[:40], notice=notice)
            audit_record(actor=actor, action="notice.posted", obj=notice, before=None, after=snapshot(notice),
                         message=f"field-trial drift at {table.table_id}, upload {upload.pk}")
    except IntegrityError:
        return None  # raised already by a concurrent upload of the same file
    notify(subject=title, body=body, to=trial_owners(version))
    return alarm


def field_trial_report_data(*, decision: RegulatorDecision, today: dt.date | None = None) -> FieldTrialData:
    """The trial's facts, then every host-table day of the trial checked together (the same
    check as each upload's, on the trial's days)."""
    today = today or timezone.localdate()
    rows = list(trial_days(decision).select_related("table__variant", "table__paytable_version", "upload")
                .order_by("table__table_id", "date"))
    if not rows:
        raise WorkflowError(from_state=decision.status, to_state="final review",
                            reason="no field results of the host tables since the trial began")
    days = [CheckedDay(r.line, r.date, r.table.table_id, r.rounds, Fraction(str(r.handle)), Fraction(str(r.win)))
            for r in rows]
    uploads = sorted({r.upload for r in rows}, key=lambda u: (u.uploaded_at, u.pk))
    alpha = min(u.alpha for u in uploads)
    result, _ = field_result(days, tables={r.table.table_id: r.table for r in rows}, alpha=alpha)
    progress = field_trial_progress(decision=decision, today=today)
    filing = decision.submission
    version = filing.paytable_version
    facts = TrialFacts(
        jurisdiction=filing.jurisdiction.name, variant=version.paytable.variant.name,
        paytable_version=version.number,
        certificate=filing.certification_run.certificate_number if filing.certification_run_id else "—",
        decision_reference=decision.reference, host_property=decision.host_property.name,
        table_limit=decision.table_limit, effective=decision.effective, days_elapsed=progress.days_elapsed,
        days_required=progress.days_required, rounds=progress.rounds, min_rounds=progress.min_rounds,
        alarms_posted=FieldTrialAlarm.objects.filter(filing=filing).count(),
        files=[TrialFile(u.name, u.sha256, timezone.localdate(u.uploaded_at),
                         sum(1 for r in rows if r.upload_id == u.pk), u.alarms) for u in uploads])
    return FieldTrialData(
        title="Field trial: results against theory", generated=today,
        source=", ".join(u.name for u in uploads)[:200], sha256=uploads[-1].sha256, alpha=alpha,
        method_days=result["method"]["days"], method_drift=result["method"]["drift"],
        tables=table_sections(result), trial=facts, language=filing.jurisdiction.language)


def field_trial_report_pdf(*, decision: RegulatorDecision) -> bytes:
    """The signed report for final approval, signed as every PDF the installation issues."""
    data = field_trial_report_data(decision=decision)
    return sign_pdf(render_field_trial(data), reason=f"{TRIAL_TEXT['title']}, {data.trial.jurisdiction}, "
                                                     f"certificate {data.trial.certificate}")
