"""What follows when an approval ends (superseded, withdrawn, revoked, expired).

Tables dealing the version in that jurisdiction go off the floor at once (status inactive,
so a table given an approved version may open again); the variant's owners are told by
e-mail after the commit; a notice is posted. All in the transaction that ended the approval.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from casino.models import Notice, RegulatorDecision, TableConfiguration, TableStatus

from .audit import audit_record, snapshot


def approval_end_effects(*, decision: RegulatorDecision, actor) -> list[TableConfiguration]:
    """Take the tables off the floor, notify the owners, post a notice; returns the tables.

    The notice, the audit messages and the e-mail are records: they are written in the site's
    language (``LANGUAGE_CODE``), not in the language of whoever's page caused them."""
    with translation.override(settings.LANGUAGE_CODE):
        return _approval_end_effects(decision=decision, actor=actor)


def _approval_end_effects(*, decision: RegulatorDecision, actor) -> list[TableConfiguration]:
    from casino.workflow.base import set_status_audited
    from certification.services.notifications import notify, variant_owner

    filing = decision.submission
    version, jurisdiction = filing.paytable_version, filing.jurisdiction
    variant = version.paytable.variant
    what = decision.get_status_display().lower()
    tables = list(TableConfiguration.objects.select_for_update().filter(
        status=TableStatus.ACTIVE, paytable_version=version, casino_property__jurisdiction=jurisdiction))
    for table in tables:
        set_status_audited(table, TableStatus.INACTIVE, actor=actor, action="table.inactive",
                           message=f"approval {what} in {jurisdiction.name}: {decision.reason}".strip(": "))
    when = decision.effective.isoformat() if decision.effective else "today"
    title = f"{variant.name} version {version.number}: approval {what} in {jurisdiction.name} since {when}"
    lines = [title, ""]
    if decision.reason:
        lines.append(f"Reason: {decision.reason}")
    if decision.reference:
        lines.append(f"Reference: {decision.reference}")
    if filing.certification_run_id:
        lines.append(f"Certificate: {filing.certification_run.certificate_number}")
    lines.append(f"Tables taken off the floor: {', '.join(t.table_id for t in tables) or 'none'}")
    body = "\n".join(lines)
    notice = Notice.objects.create(kind=decision.status, jurisdiction=jurisdiction, paytable_version=version,
                                   decision=decision, title=title[:300], body=body)
    audit_record(actor=actor, action="notice.posted", obj=notice, before=None, after=snapshot(notice))
    notify(subject=title, body=body, to=variant_owner(variant))
    return tables
