"""The daily job's work: approvals past their date expire; owners hear 90, 30 and 7 days ahead."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.models import LIVE_STATUSES, DecisionStatus, ExpiryWarning, RegulatorDecision

from .approval_endings import approval_end_effects
from .approval_reads import current_decisions
from .audit import audit_record, snapshot

WARNING_DAYS = (90, 30, 7)


def _live_with_expiry() -> list[RegulatorDecision]:
    return [d for d in current_decisions().values() if d.status in LIVE_STATUSES and d.expires is not None]


def approvals_expire_due(*, today: dt.date | None = None) -> list[RegulatorDecision]:
    """Record an ``expired`` decision for every live approval or field trial whose expiry date
    has passed (it is valid through that date), with the effects of a revocation.
    One transaction per approval, so one failure leaves the others expired; running twice
    expires nothing twice (the filing's state is re-read under lock)."""
    today = today or timezone.localdate()
    expired = []
    for current in _live_with_expiry():
        if current.expires < today:
            decision = _expire(current, today)
            if decision is not None:
                expired.append(decision)
    return expired


@transaction.atomic
def _expire(current: RegulatorDecision, today: dt.date) -> RegulatorDecision | None:
    from casino.models import PaytableVersion

    from .approval_reads import regulator_state

    filing = current.submission
    PaytableVersion.objects.select_for_update().get(pk=filing.paytable_version_id)
    latest = regulator_state(paytable_version=filing.paytable_version, jurisdiction=filing.jurisdiction)
    if latest is None or latest.pk != current.pk:
        return None
    decision = RegulatorDecision.objects.create(
        submission=filing, status=DecisionStatus.EXPIRED, effective=current.expires + dt.timedelta(days=1),
        reference=current.reference, reason=f"valid until {current.expires}")
    audit_record(actor=None, action="regulator_decision.expired", obj=decision, before=snapshot(current),
                 after=snapshot(decision), message=decision.reason)
    approval_end_effects(decision=decision, actor=None)
    return decision


def approvals_warn_expiring(*, today: dt.date | None = None) -> list[ExpiryWarning]:
    """E-mail the owners of approvals ending within 90, 30 or 7 days, once per step (the
    smallest step reached; a job that missed days does not send the larger ones late)."""
    today = today or timezone.localdate()
    sent = []
    for decision in _live_with_expiry():
        left = (decision.expires - today).days
        steps = [d for d in WARNING_DAYS if 0 <= left <= d]
        if steps:
            warning = _warn(decision, min(steps), left)
            if warning is not None:
                sent.append(warning)
    return sent


def _warn(decision: RegulatorDecision, step: int, left: int) -> ExpiryWarning | None:
    from certification.services.notifications import notify, variant_owner

    filing = decision.submission
    version = filing.paytable_version
    try:
        with transaction.atomic():
            warning = ExpiryWarning.objects.create(decision=decision, days_before=step)
            variant = version.paytable.variant
            subject = (f"{variant.name} version {version.number}: {filing.jurisdiction.name} "
                       f"{decision.get_status_display().lower()} ends on {decision.expires} ({left} days)")
            notify(subject=subject, body=f"{subject}\nReference: {decision.reference or '-'}\n"
                                         "Renew it with the regulator or plan the tables' change.",
                   to=variant_owner(variant))
    except IntegrityError:
        return None  # told already at this step
    return warning


def approvals_daily(*, today: dt.date | None = None) -> dict[str, list[int]]:
    """The daily job: expire what is past its date, then warn of what ends soon."""
    expired = approvals_expire_due(today=today)
    warned = approvals_warn_expiring(today=today)
    return {"expired": [d.pk for d in expired], "warned": [w.pk for w in warned]}
