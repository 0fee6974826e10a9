"""Revoking a certificate in the register: every approval resting on it ends with it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from casino.models import (
    LIVE_STATUSES,
    CertificateRevocation,
    DecisionStatus,
    RegulatorDecision,
)
from casino.permissions import CAN_REVOKE

from .approval_endings import approval_end_effects
from .approval_reads import current_decisions
from .audit import audit_record, snapshot
from .errors import WorkflowError, require_role
from .regulators import submitter_of
from .standing import certificate_standing


@transaction.atomic
def certificate_revoke(*, run, actor, reason: str) -> CertificateRevocation:
    """Revoke a certificate (draft or approved) in the register, with its reason.

    Every filing resting on it that is pending, in field trial or approved is revoked too,
    with the same effects as a regulator's revocation. Raises PermissionDenied (not a
    reviewer or admin), WorkflowError (already revoked; segregation of duties: the actor
    submitted the variant's version) and ValidationError (no reason, no certificate number).
    """
    from certification.models import CertificationRun

    require_role(actor, CAN_REVOKE, "revoking a certificate")
    if not (reason or "").strip():
        raise ValidationError({"reason": _("a revocation gives its reason")})
    run = CertificationRun.objects.select_for_update().select_related("paytable_version").get(pk=run.pk)
    if not run.certificate_number:
        raise ValidationError({"certificate": f"{run} has no certificate number"})
    if CertificateRevocation.objects.filter(run=run).exists():
        raise WorkflowError(from_state="revoked", to_state="revoked",
                            reason=f"certificate {run.certificate_number} is already revoked")
    if actor.pk in submitter_of(run.paytable_version):
        raise WorkflowError(from_state=certificate_standing(run=run).state, to_state="revoked",
                            reason=_("segregation of duties: you submitted this version"))
    revocation = CertificateRevocation.objects.create(run=run, reason=reason.strip(), revoked_by=actor)
    audit_record(actor=actor, action="certificate.revoked", obj=run, before=None, after=snapshot(revocation),
                 message=reason.strip())
    resting = current_decisions(paytable_versions=[run.paytable_version_id])
    for current in resting.values():
        if current.submission.certification_run_id != run.pk:
            continue
        if current.status not in (*LIVE_STATUSES, DecisionStatus.SUBMITTED):
            continue
        decision = RegulatorDecision.objects.create(
            submission=current.submission, status=DecisionStatus.REVOKED, recorded_by=actor,
            reason=f"certificate {run.certificate_number} revoked: {reason.strip()}",
            effective=revocation.revoked_at.date())
        audit_record(actor=actor, action="regulator_decision.revoked", obj=decision,
                     before=snapshot(current), after=snapshot(decision), message=decision.reason)
        approval_end_effects(decision=decision, actor=actor)
    return revocation
