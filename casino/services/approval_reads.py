"""Reads of a game's life across jurisdictions: each filing's state, the approval matrix,
a certificate's status and whether a table may deal its version.

A filing's state is its latest decision; a certificate's status comes from the decisions
resting on it and the register. Nothing here writes.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, field

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.models import (
    LIVE_STATUSES,
    TRIAL_STATUSES,
    CasinoProperty,
    DecisionStatus,
    GameVariant,
    Jurisdiction,
    Notice,
    PaytableVersion,
    RegulatorDecision,
    TableConfiguration,
    TableStatus,
    VersionStatus,
)
from casino.models.regulators import RECENT_NOTICES_KEY, RECENT_NOTICES_SECONDS
from casino.models.tables import table_errors

from .standing import (  # noqa: F401  (read here by the matrix and re-exported for the pages)
    CertificateStatus,
    JurisdictionStanding,
    current_decisions,
    regulator_state,
    standing_from_decision,
    state_label,
    version_standing,
)
from .standing import certificate_standing as certificate_status  # noqa: F401

# Approvals ending this soon stand out in the matrix (and owners hear 90, 30 and 7 days ahead).
EXPIRY_HORIZON_DAYS = 90


def expiring_soon(decision: RegulatorDecision | None, today: dt.date | None = None) -> bool:
    """A live approval or field trial that ends within the next 90 days."""
    if decision is None or decision.status not in LIVE_STATUSES or decision.expires is None:
        return False
    today = today or timezone.localdate()
    return today <= decision.expires <= today + dt.timedelta(days=EXPIRY_HORIZON_DAYS)


@dataclass(frozen=True)
class MatrixCell:
    jurisdiction: Jurisdiction
    decision: RegulatorDecision
    expiring_soon: bool

    @property
    def status(self) -> str:
        return standing_from_decision(self.decision).status

    @property
    def status_label(self) -> str:
        return state_label(self.status)


@dataclass(frozen=True)
class MatrixRow:
    variant: GameVariant
    paytable_version: PaytableVersion
    # One per matrix column, in the matrix's jurisdiction order; None: never filed there.
    cells: list[MatrixCell | None] = field(default_factory=list)


@dataclass(frozen=True)
class ApprovalMatrix:
    jurisdictions: list[Jurisdiction]
    rows: list[MatrixRow]


def _jurisdiction_filter(code: str | None) -> list[Jurisdiction]:
    if not code:
        return list(Jurisdiction.objects.order_by("name"))
    found = Jurisdiction.objects.filter(code=code).first()
    if found is None:
        raise ValidationError({"jurisdiction": f"no jurisdiction with code {code!r}"})
    return [found]


def _variant_filter(variant: str | int | None) -> GameVariant | None:
    if variant in (None, ""):
        return None
    text = str(variant).strip()
    found = GameVariant.objects.filter(pk=int(text)).first() if text.isdigit() else None
    found = found or GameVariant.objects.filter(name=text).order_by("-id").first()
    if found is None:
        raise ValidationError({"variant": f"no variant with id or name {text!r}"})
    return found


def approval_matrix(*, jurisdiction: str | None = None, variant: str | int | None = None,
                    status: str | None = None, expiring: bool = False,
                    today: dt.date | None = None, within: frozenset[int] | None = None) -> ApprovalMatrix:
    """Paytable versions as rows, jurisdictions as columns, each cell the filing's state.

    Rows are the versions approved internally or filed anywhere. ``jurisdiction`` (a code)
    keeps one column; ``variant`` (id or name) one variant's versions; ``status`` the rows with
    a cell in that state; ``expiring`` the rows with an approval ending within 90 days.
    ``within`` (jurisdiction ids: a regulator's scope) keeps those columns and only the
    versions filed there. Unknown filter values raise ValidationError naming the filter.
    """
    if status and status not in DecisionStatus.values:
        raise ValidationError({"status": f"{status!r} is not one of {', '.join(DecisionStatus.values)}"})
    today = today or timezone.localdate()
    columns = _jurisdiction_filter(jurisdiction)
    if within is not None:
        columns = [column for column in columns if column.pk in within]
    chosen = _variant_filter(variant)
    versions = PaytableVersion.objects.select_related("paytable__variant").order_by(
        "paytable__variant__name", "paytable__variant_id", "number")
    if chosen is not None:
        versions = versions.filter(paytable__variant=chosen)
    states = current_decisions(paytable_versions=versions.values("pk"), jurisdictions=[j.pk for j in columns])
    filed = {version_id for version_id, _ in states}
    listed = versions.filter(pk__in=filed)
    if within is None:
        listed = versions.filter(status__in=[VersionStatus.APPROVED]) | listed
    rows = []
    for version in listed:
        cells = []
        for column in columns:
            decision = states.get((version.pk, column.pk))
            cells.append(None if decision is None else
                         MatrixCell(column, decision, expiring_soon(decision, today)))
        present = [c for c in cells if c is not None]
        if status and not any(c.status == status for c in present):
            continue
        if expiring and not any(c.expiring_soon for c in present):
            continue
        rows.append(MatrixRow(version.paytable.variant, version, cells))
    return ApprovalMatrix(columns, rows)


def approval_rows(**filters) -> list[dict]:
    """The matrix flattened, one dict per filed cell (the ``approvals --json`` objects)."""
    matrix = approval_matrix(**filters)
    rows = []
    for row in matrix.rows:
        for cell in row.cells:
            if cell is None:
                continue
            decision = cell.decision
            rows.append({
                "variant": row.variant.name,
                "variant_id": row.variant.pk,
                "paytable_version": row.paytable_version.number,
                "paytable_version_id": row.paytable_version.pk,
                "jurisdiction": cell.jurisdiction.code,
                "status": cell.status,
                "reference": decision.reference,
                "effective": decision.effective.isoformat() if decision.effective else None,
                "expires": decision.expires.isoformat() if decision.expires else None,
                "conditions": decision.conditions,
                "expiring_soon": cell.expiring_soon,
                "certificate": (decision.submission.certification_run.certificate_number
                                if decision.submission.certification_run_id else None),
                "recorded_by": decision.recorded_by.get_username() if decision.recorded_by else None,
                "recorded_at": decision.recorded_at.isoformat(),
            })
    return rows


CSV_COLUMNS = ("variant", "paytable_version", "jurisdiction", "status", "reference", "effective",
               "expires", "expiring_soon", "conditions", "certificate", "recorded_by", "recorded_at")


def approval_matrix_csv(**filters) -> str:
    """The matrix as CSV, one line per filed cell, with the same filters as ``approval_matrix``."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in approval_rows(**filters):
        writer.writerow({**row, "expiring_soon": "yes" if row["expiring_soon"] else ""})
    return out.getvalue()


def field_trial_tables(*, decision: RegulatorDecision, exclude: TableConfiguration | None = None):
    """Active tables dealing a field-trial version at its host property."""
    tables = TableConfiguration.objects.filter(
        status=TableStatus.ACTIVE, paytable_version_id=decision.submission.paytable_version_id,
        casino_property=decision.host_property_id)
    return tables.exclude(pk=exclude.pk) if exclude is not None and exclude.pk else tables


def table_regulatory_problem(table: TableConfiguration) -> str | None:
    """Why the table may not deal its version at its property, or None.

    A table deals only a version approved in its property's jurisdiction, or in field trial
    there, at the trial's host property and within its table limit, on or after the
    decision's effective date and before its expiry.
    """
    place: CasinoProperty | None = table.casino_property if table.casino_property_id else None
    if place is None or not table.paytable_version_id:
        return _("the table needs a casino property and a paytable version")
    jurisdiction = place.jurisdiction
    standing = version_standing(paytable_version=table.paytable_version, jurisdiction=jurisdiction)
    decision, version = standing.decision, table.paytable_version
    if decision is None:
        return _("%(version)s is not approved in %(jurisdiction)s: it was never filed there") % {
            "version": version, "jurisdiction": jurisdiction.name}
    if standing.status == DecisionStatus.EXPIRED and decision.status in LIVE_STATUSES:
        return _("the %(jurisdiction)s decision on %(version)s expired on %(date)s") % {
            "jurisdiction": jurisdiction.name, "version": version, "date": decision.expires}
    if standing.status not in LIVE_STATUSES:
        return _("%(version)s is not approved in %(jurisdiction)s: it is %(status)s there") % {
            "version": version, "jurisdiction": jurisdiction.name, "status": standing.label.lower()}
    if not standing.stands:
        return _("the %(jurisdiction)s decision on %(version)s takes effect on %(date)s") % {
            "jurisdiction": jurisdiction.name, "version": version, "date": decision.effective}
    if decision.status in TRIAL_STATUSES:
        if decision.host_property_id != place.pk:
            host = decision.host_property.name if decision.host_property_id else _("no property")
            return _("%(version)s is in field trial in %(jurisdiction)s at %(host)s only, not at %(place)s") % {
                "version": version, "jurisdiction": jurisdiction.name, "host": host, "place": place.name}
        if decision.table_limit is not None:
            dealing = field_trial_tables(decision=decision, exclude=table).count()
            if dealing >= decision.table_limit:
                return _("the %(jurisdiction)s field trial of %(version)s allows %(limit)s table(s) at "
                         "%(place)s, and %(dealing)s already deal it") % {
                    "jurisdiction": jurisdiction.name, "version": version, "limit": decision.table_limit,
                    "place": place.name, "dealing": dealing}
    return None


def floor_errors(table: TableConfiguration) -> dict[str, str]:
    """Field -> message: the table's configuration problems and, for an active table whose
    configuration is sound, why its property's regulator does not let it deal its version."""
    errors = table_errors(table)
    if table.status == TableStatus.ACTIVE and "status" not in errors:
        problem = table_regulatory_problem(table)
        if problem:
            errors["status"] = problem
    return errors


RECENT_NOTICES_SHOWN = 5


def recent_notices() -> list[Notice]:
    """The latest notices, read from the cache when it holds them (see RECENT_NOTICES_KEY)."""
    notices = cache.get(RECENT_NOTICES_KEY)
    if notices is None:
        notices = list(Notice.objects.select_related("jurisdiction").order_by("-posted_at", "-id")[:RECENT_NOTICES_SHOWN])
        cache.set(RECENT_NOTICES_KEY, notices, RECENT_NOTICES_SECONDS)
    return notices
