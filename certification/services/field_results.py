"""Field trial results: uploaded as a CSV, checked against each table's theory, stored per table.

The whole file is read and every table checked before anything is written; any bad line
refuses the file (one error naming every line at fault) and nothing is stored.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import transaction

from casino.models import TableConfiguration
from casino.permissions import CAN_UPLOAD_FIELD_RESULTS
from casino.rules.phrases import N_
from casino.services.audit import audit_record, snapshot
from casino.services.errors import require_role
from certification.economics.field import DEFAULT_ALPHA
from certification.economics.fieldfile import FieldFileError, read_field_file
from certification.models import FieldDay, FieldUpload
from certification.reports.field_trial import (
    FieldTrialData,
    render_field_trial,
)
from certification.services.evidence import read_upload
from certification.services.field_checks import field_result, table_sections
from certification.services.signing import sign_pdf


def _tables(days) -> dict[str, TableConfiguration]:
    """Each table named in the file, or a ValidationError naming the first line of each."""
    first_line: dict[str, int] = {}
    for day in days:
        first_line.setdefault(day.table, day.line)
    tables = {t.table_id: t for t in TableConfiguration.objects.select_related(
        "variant", "paytable_version").filter(table_id__in=first_line)}
    problems = []
    for name, line in first_line.items():
        table = tables.get(name)
        if table is None:
            problems.append(f"line {line}: there is no table {name}")
        elif table.variant.status != "approved" or table.paytable_version.status != "approved":
            problems.append(f"line {line}: table {name} runs {table.variant.name} paytable "
                            f"v{table.paytable_version.number}, which is not certified (approved)")
    if problems:
        raise ValidationError({"file": "; ".join(problems)})
    return tables


def _already_recorded(days, tables) -> None:
    wanted = {(tables[d.table].pk, d.date): d.line for d in days}
    taken = FieldDay.objects.filter(table__in=[t.pk for t in tables.values()],
                                    date__in={d.date for d in days}).select_related("table")
    clashes = [f"line {wanted[(f.table_id, f.date)]}: table {f.table.table_id} on {f.date} is "
               f"already recorded (field upload {f.upload_id})"
               for f in taken if (f.table_id, f.date) in wanted]
    if clashes:
        raise ValidationError({"file": "; ".join(sorted(clashes)[:20])})


@transaction.atomic
def field_results_upload(*, upload, actor, alpha: float = DEFAULT_ALPHA) -> FieldUpload:
    """Check a field file against theory and keep it, with its days per table."""
    require_role(actor, CAN_UPLOAD_FIELD_RESULTS, "uploading field results")
    if not 0 < alpha < 1:
        raise ValidationError({"alpha": f"must lie between 0 and 1, not {alpha}"})
    evidence = read_upload(upload, field="file")
    try:
        days = read_field_file(evidence.data)
    except FieldFileError as exc:
        raise ValidationError({"file": str(exc)}) from None
    tables = _tables(days)
    _already_recorded(days, tables)
    result, alarms = field_result(days, tables=tables, alpha=alpha)
    record = FieldUpload(name=evidence.name, sha256=evidence.sha256, days=len(days),
                         tables=len(tables), alpha=alpha, result=result, alarms=alarms,
                         uploaded_by=actor)
    record.file.save(evidence.name, evidence.content(), save=False)
    record.save()
    FieldDay.objects.bulk_create([
        FieldDay(upload=record, table=tables[d.table], date=d.date, rounds=d.rounds,
                 handle=_money(d.handle), win=_money(d.win), line=d.line)
        for d in days
    ])
    audit_record(actor=actor, action="field_results.upload", obj=record, before=None,
                 after=snapshot(record) | {"result": None},
                 message=f"{len(days)} days of {len(tables)} table(s), {alarms} alarm(s)")
    if alarms:
        from .field_trials import field_trial_alarms_raise

        field_trial_alarms_raise(upload=record, actor=actor)
    return record


def _money(value: Fraction):
    from decimal import Decimal

    return Decimal(value.numerator) / Decimal(value.denominator)


def field_trial_data(upload: FieldUpload) -> FieldTrialData:
    result = upload.result
    return FieldTrialData(
        title=N_("Field trial: results against theory"), generated=upload.uploaded_at.date(),
        source=upload.name, sha256=upload.sha256, alpha=upload.alpha,
        method_days=result["method"]["days"], method_drift=result["method"]["drift"],
        tables=table_sections(result))


def field_trial_report(*, upload: FieldUpload, language: str = "en") -> bytes:
    """The field-trial report PDF of an upload, as it is issued to a commission: signed with
    the installation's key like every PDF it issues, in ``language`` (a commission's, e.g.
    its jurisdiction's ``language``)."""
    data = replace(field_trial_data(upload), language=language)
    return sign_pdf(render_field_trial(data),
                    reason=f"Field-trial report of upload {upload.pk}")
