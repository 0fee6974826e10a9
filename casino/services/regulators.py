"""Filing a paytable version with regulators and recording what each decides.

Our internal review (submit -> certify -> review -> approve) comes first and is unchanged;
only an internally approved version is filed with a regulator. Each filing is checked
against the jurisdiction's bounds and packet profile on the run it rests on; each decision
is appended (never edited), audited in the same transaction, and when an approval ends the
tables dealing it, the owners and the notices follow (``approval_endings``).
"""

from __future__ import annotations

import datetime as dt
import hashlib

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.models import (
    ENDED_STATUSES,
    LIVE_STATUSES,
    TRANSITIONS,
    TRIAL_STATUSES,
    CasinoProperty,
    DecisionStatus,
    Jurisdiction,
    PaytableVersion,
    RegulatorDecision,
    RegulatorSubmission,
    Submission,
    SubmissionStatus,
    VersionStatus,
)
from casino.permissions import CAN_RECORD_DECISIONS, CAN_REVOKE

from .approval_endings import approval_end_effects
from .approval_reads import regulator_state
from .audit import audit_record, snapshot
from .errors import WorkflowError, require_role
from .field_trial_progress import field_trial_progress

LETTER_MAX_BYTES = 20 * 1024 * 1024


def internal_approval(paytable_version: PaytableVersion) -> Submission | None:
    """The internal review's approval of the version (the newest), or None."""
    return (Submission.objects.filter(paytable_version=paytable_version, status=SubmissionStatus.APPROVED)
            .select_related("certification_run", "variant").order_by("-decided_at", "-id").first())


def submitter_of(paytable_version: PaytableVersion) -> set[int]:
    """Everyone who submitted the version, internally or to a regulator."""
    ids = set(Submission.objects.filter(paytable_version=paytable_version).values_list("submitted_by", flat=True))
    ids |= set(RegulatorSubmission.objects.filter(paytable_version=paytable_version)
               .values_list("submitted_by", flat=True))
    return {i for i in ids if i is not None}


def profile_problems(*, run, jurisdiction: Jurisdiction) -> list[str]:
    """What keeps the run from serving this jurisdiction's profile (empty: it serves)."""
    from certification.models import RunStatus
    from certification.services.packets import profile_checklist

    if run is None or run.status != RunStatus.DONE:
        return ["the filing needs a finished certification run"]
    return [f"{item.name}: {item.detail}" for item in profile_checklist(run=run, jurisdiction=jurisdiction)
            if not item.ready]


def _dates(status: str, jurisdiction: Jurisdiction, effective: dt.date | None,
           expires: dt.date | None) -> tuple[dt.date | None, dt.date | None]:
    if status in (DecisionStatus.SUBMITTED, DecisionStatus.REJECTED) and effective is None:
        return timezone.localdate(), expires
    effective = effective or timezone.localdate()
    if expires is None and status == DecisionStatus.FIELD_TRIAL and jurisdiction.field_trial_days:
        expires = effective + dt.timedelta(days=jurisdiction.field_trial_days)
    if expires is None and status == DecisionStatus.APPROVED and jurisdiction.approval_valid_years:
        years = jurisdiction.approval_valid_years
        try:
            expires = effective.replace(year=effective.year + years)
        except ValueError:  # 29 February
            expires = effective.replace(year=effective.year + years, day=28)
    if expires is not None and expires < effective:
        raise ValidationError({"expires": f"{expires} is before the effective date {effective}"})
    return effective, expires


def _check_roles(*, status: str, actor, paytable_version: PaytableVersion) -> None:
    if status == DecisionStatus.REVOKED:
        require_role(actor, CAN_REVOKE, "revoking an approval")
        if actor.pk in submitter_of(paytable_version):
            raise WorkflowError(from_state="approved", to_state=status,
                                reason=_("segregation of duties: you submitted this version"))
    elif status in (DecisionStatus.SUPERSEDED, DecisionStatus.EXPIRED, DecisionStatus.FINAL_REVIEW):
        raise ValidationError({"status": f"{status} is recorded by the system (a later approval, "
                                         "the daily expiry job, a request for final approval), "
                                         "not by hand"})
    else:
        require_role(actor, CAN_RECORD_DECISIONS, _("recording the decision “%(status)s”")
                     % {"status": str(DecisionStatus(status).label).lower()})


def _field_trial_problems(*, filing: RegulatorSubmission, current: RegulatorDecision,
                          status: str, effective: dt.date) -> list[str]:
    """A jurisdiction that asks for a field trial approves only after one long enough."""
    jurisdiction = filing.jurisdiction
    if status != DecisionStatus.APPROVED or not jurisdiction.field_trial_required:
        return []
    if current.status not in TRIAL_STATUSES:
        return [f"{jurisdiction.name} approves a new version only after a field trial"]
    return field_trial_progress(decision=current, today=effective).problems


def _store_letter(decision: RegulatorDecision, letter) -> None:
    if letter is None:
        return
    if letter.size > LETTER_MAX_BYTES:
        raise ValidationError({"letter": f"larger than {LETTER_MAX_BYTES // (1024 * 1024)} MB"})
    digest = hashlib.sha256()
    for chunk in letter.chunks():
        digest.update(chunk)
    letter.seek(0)
    decision.letter_sha256 = digest.hexdigest()
    decision.letter.save(letter.name.rsplit("/", 1)[-1][:150] or "letter.pdf", letter, save=False)


@transaction.atomic
def regulator_decision_record(
    *,
    paytable_version: PaytableVersion,
    jurisdiction: Jurisdiction,
    status: str,
    actor,
    reference: str = "",
    conditions: str = "",
    reason: str = "",
    effective: dt.date | None = None,
    expires: dt.date | None = None,
    letter=None,
    host_property: CasinoProperty | None = None,
    table_limit: int | None = None,
    certification_run=None,
) -> RegulatorDecision:
    """Record one regulator decision on a version; ``status=submitted`` files it first.

    ``submitted`` creates the filing, resting on ``certification_run`` (default: the run the
    internal approval rests on) and checked against the jurisdiction's bounds and profile.
    Every other status moves the current filing along ``TRANSITIONS``. Raises
    PermissionDenied (role), WorkflowError (a transition not allowed from the current state,
    segregation of duties, no internal approval, an open filing already there, a field trial
    too short) and ValidationError naming the field (status, expires, host_property,
    table_limit, reason, letter, jurisdiction). Nothing is written when it raises.
    """
    if status not in DecisionStatus.values:
        raise ValidationError({"status": f"{status!r} is not one of {', '.join(DecisionStatus.values)}"})
    _check_roles(status=status, actor=actor, paytable_version=paytable_version)
    version = PaytableVersion.objects.select_for_update().get(pk=paytable_version.pk)
    current = regulator_state(paytable_version=version, jurisdiction=jurisdiction)
    effective, expires = _dates(status, jurisdiction, effective, expires)
    if status == DecisionStatus.SUBMITTED:
        filing = _file(version=version, jurisdiction=jurisdiction, current=current, actor=actor,
                       certification_run=certification_run)
    else:
        filing = _advance(current=current, status=status, version=version, jurisdiction=jurisdiction,
                          effective=effective, reason=reason, host_property=host_property,
                          table_limit=table_limit)
    decision = RegulatorDecision(
        submission=filing, status=status, reference=reference.strip(), conditions=conditions.strip(),
        reason=reason.strip(), effective=effective, expires=expires, recorded_by=actor,
        host_property=host_property if status == DecisionStatus.FIELD_TRIAL else None,
        table_limit=table_limit if status == DecisionStatus.FIELD_TRIAL else None,
    )
    _store_letter(decision, letter)
    decision.full_clean(exclude=["submission", "letter", "host_property", "recorded_by"])
    decision.save()
    audit_record(actor=actor, action=f"regulator_decision.{status}", obj=decision, before=snapshot(current),
                 after=snapshot(decision), message=reason or conditions)
    if status == DecisionStatus.APPROVED:
        _supersede_earlier(decision=decision, actor=actor)
    if status in ENDED_STATUSES:
        approval_end_effects(decision=decision, actor=actor)
    return decision


def _file(*, version: PaytableVersion, jurisdiction: Jurisdiction, current: RegulatorDecision | None,
          actor, certification_run) -> RegulatorSubmission:
    if current is not None and current.status not in (DecisionStatus.REJECTED, *ENDED_STATUSES):
        raise WorkflowError(from_state=current.status, to_state=DecisionStatus.SUBMITTED,
                            reason=f"{version} is already {current.get_status_display().lower()} "
                                   f"in {jurisdiction.name}")
    approval = internal_approval(version)
    if version.status != VersionStatus.APPROVED or approval is None:
        raise WorkflowError(from_state=version.status, to_state=DecisionStatus.SUBMITTED,
                            reason=_("only a version our internal review approved is filed with a regulator"))
    run = certification_run or approval.certification_run
    if run is not None and run.paytable_version_id != version.pk:
        raise ValidationError({"certification_run": f"{run} certified another paytable version"})
    problems = profile_problems(run=run, jurisdiction=jurisdiction)
    if problems:
        raise ValidationError({"jurisdiction": [f"{jurisdiction.name}: {p}" for p in problems]})
    filing = RegulatorSubmission.objects.create(paytable_version=version, jurisdiction=jurisdiction,
                                                certification_run=run, submitted_by=actor)
    audit_record(actor=actor, action="regulator_submission.create", obj=filing, before=None,
                 after=snapshot(filing))
    return filing


def _advance(*, current: RegulatorDecision | None, status: str, version: PaytableVersion,
             jurisdiction: Jurisdiction, effective: dt.date, reason: str,
             host_property: CasinoProperty | None, table_limit: int | None) -> RegulatorSubmission:
    if current is None:
        raise WorkflowError(from_state="not filed", to_state=status,
                            reason=f"{version} was never filed in {jurisdiction.name}; record 'submitted' first")
    if status not in TRANSITIONS[current.status]:
        allowed = ", ".join(TRANSITIONS[current.status]) or "nothing: the filing is closed"
        raise WorkflowError(from_state=current.status, to_state=status,
                            reason=f"from {current.status} a decision may record {allowed}")
    if status in (DecisionStatus.REJECTED, DecisionStatus.WITHDRAWN, DecisionStatus.REVOKED) \
            and not reason.strip():
        raise ValidationError({"reason": f"a {status} decision gives its reason"})
    if status == DecisionStatus.FIELD_TRIAL:
        if host_property is None:
            raise ValidationError({"host_property": _("a field trial names its host property")})
        if host_property.jurisdiction_id != jurisdiction.pk:
            raise ValidationError({"host_property": f"{host_property} is not in {jurisdiction.name}"})
        if table_limit is not None and table_limit < 1:
            raise ValidationError({"table_limit": _("at least 1 table")})
    problems = _field_trial_problems(filing=current.submission, current=current, status=status,
                                     effective=effective)
    if problems:
        raise WorkflowError(from_state=current.status, to_state=status, reason="; ".join(problems))
    return current.submission


def _supersede_earlier(*, decision: RegulatorDecision, actor) -> None:
    """A later version approved for the same variant in a jurisdiction supersedes the earlier ones."""
    from .approval_reads import current_decisions

    filing = decision.submission
    version = filing.paytable_version
    earlier = PaytableVersion.objects.filter(paytable_id=version.paytable_id, number__lt=version.number)
    states = current_decisions(paytable_versions=earlier, jurisdictions=[filing.jurisdiction_id])
    for old in states.values():
        if old.status not in LIVE_STATUSES:
            continue
        ended = RegulatorDecision.objects.create(
            submission=old.submission, status=DecisionStatus.SUPERSEDED, effective=decision.effective,
            reference=decision.reference, recorded_by=actor,
            reason=f"superseded by version {version.number} ({decision.reference or 'approved'})")
        audit_record(actor=actor, action="regulator_decision.superseded", obj=ended, before=snapshot(old),
                     after=snapshot(ended), message=ended.reason)
        approval_end_effects(decision=ended, actor=actor)


@transaction.atomic
def home_jurisdiction_record(*, submission: Submission, actor) -> RegulatorDecision | None:
    """The internal approval also decides in the variant's own jurisdiction, as it always did.

    The variant's jurisdiction is the one whose bounds the internal review checked. A filing
    there is made with the approval, and it is approved at once unless that jurisdiction asks
    for a field trial first (then it stays submitted). Called by ``submission_approve``.
    """
    jurisdiction = submission.variant.jurisdiction
    version = submission.paytable_version
    current = regulator_state(paytable_version=version, jurisdiction=jurisdiction)
    if current is not None and current.status not in (DecisionStatus.REJECTED, *ENDED_STATUSES):
        return None
    filing = RegulatorSubmission.objects.create(paytable_version=version, jurisdiction=jurisdiction,
                                                certification_run=submission.certification_run,
                                                submitted_by=submission.submitted_by)
    audit_record(actor=actor, action="regulator_submission.create", obj=filing, before=None, after=snapshot(filing))
    status = DecisionStatus.SUBMITTED if jurisdiction.field_trial_required else DecisionStatus.APPROVED
    effective, expires = _dates(status, jurisdiction, None, None)
    decision = RegulatorDecision.objects.create(
        submission=filing, status=status, reference=f"internal review {submission.pk}", effective=effective,
        expires=expires, recorded_by=actor, reason=submission.decision_reason)
    audit_record(actor=actor, action=f"regulator_decision.{status}", obj=decision, before=None,
                 after=snapshot(decision))
    if status == DecisionStatus.APPROVED:
        _supersede_earlier(decision=decision, actor=actor)
    return decision
