"""Where a certificate and a paytable version stand: decided here, and only here.

A certificate (a certification run with a number) is a *draft* until our internal review
approves the submission resting on it; then it is *valid* while any filing resting on it is
pending or live, or was never filed, and when every approval resting on it has ended it takes
the latest ending (*superseded*, *withdrawn*, *expired*). Revoked in the register or by any
regulator it is *revoked*, draft or not: a revoked draft is revoked, and so is the draft copy
of a certificate revoked after approval. A draft copy of a valid certificate is a draft.

A paytable version stands in a jurisdiction while its latest filing there is in field trial,
submitted for final approval or approved, from the decision's effective date through its
expiry, and the certificate it rests on is not revoked. Its badge on our own pages is the
internal review's state until it is approved, then the standing of its certificate.

Every page, badge, command and answer asks the functions below; the rule itself is
``_certificate_state``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino.models import (
    ENDED_STATUSES,
    LIVE_STATUSES,
    CertificateRevocation,
    DecisionStatus,
    Jurisdiction,
    PaytableVersion,
    RegulatorDecision,
    Submission,
    SubmissionStatus,
    VersionStatus,
)

DRAFT, VALID = "draft", "valid"
CERTIFICATE_STATES = (DRAFT, VALID, DecisionStatus.SUPERSEDED.value, DecisionStatus.WITHDRAWN.value,
                      DecisionStatus.REVOKED.value, DecisionStatus.EXPIRED.value)
# A version that never went before a regulator there.
NOT_FILED = "not_filed"

STATE_LABELS = {
    DRAFT: _("Draft"), VALID: _("Valid"), NOT_FILED: _("Not filed"),
    **{status.value: status.label for status in DecisionStatus},
    **{status.value: status.label for status in VersionStatus},
    **{status.value: status.label for status in SubmissionStatus},
}


def state_label(state: str) -> str:
    """The words for a state, in the reader's language."""
    return str(STATE_LABELS.get(state, state))


def register_revoked(run_field: str) -> Exists:
    """An annotation: whether the register revoked the certificate of the run in ``run_field``
    (a revoked draft under review is revoked, whatever its figures)."""
    return Exists(CertificateRevocation.objects.filter(run=OuterRef(run_field)))


def revoked_badge() -> Badge:
    return _badge(DecisionStatus.REVOKED)


def current_decisions(*, paytable_versions=None, jurisdictions=None) -> dict[tuple[int, int], RegulatorDecision]:
    """(paytable version id, jurisdiction id) -> the latest decision of the latest filing.

    Each decision carries ``certificate_revoked``: whether the register revoked the
    certificate its filing rests on (one query for all of them)."""
    decisions = RegulatorDecision.objects.select_related(
        "submission__jurisdiction", "submission__paytable_version__paytable", "recorded_by", "host_property",
    ).annotate(certificate_revoked=register_revoked("submission__certification_run"))
    if paytable_versions is not None:
        decisions = decisions.filter(submission__paytable_version__in=paytable_versions)
    if jurisdictions is not None:
        decisions = decisions.filter(submission__jurisdiction__in=jurisdictions)
    latest: dict[tuple[int, int], RegulatorDecision] = {}
    for decision in decisions.order_by("submission_id", "recorded_at", "id"):
        filing = decision.submission
        key = (filing.paytable_version_id, filing.jurisdiction_id)
        held = latest.get(key)
        if held is None or held.submission_id <= filing.pk:
            latest[key] = decision
    return latest


def regulator_state(*, paytable_version: PaytableVersion, jurisdiction: Jurisdiction) -> RegulatorDecision | None:
    """The latest decision on the version's latest filing with the jurisdiction, or None."""
    return current_decisions(paytable_versions=[paytable_version.pk],
                             jurisdictions=[jurisdiction.pk]).get((paytable_version.pk, jurisdiction.pk))


def _since(decision: RegulatorDecision) -> dt.date:
    return decision.effective or timezone.localdate(decision.recorded_at)


def _latest(decisions: Iterable[RegulatorDecision]) -> RegulatorDecision:
    """The decision that took effect last (recorded last among those of the same day)."""
    return max(decisions, key=lambda d: (_since(d), d.recorded_at, d.pk))


def _filing_status(decision: RegulatorDecision, today: dt.date) -> str:
    """A filing's status today: its latest decision; revoked with its certificate while it was
    pending or live; expired past its date even before the daily job writes it down."""
    pending_or_live = decision.status in (*LIVE_STATUSES, DecisionStatus.SUBMITTED)
    if pending_or_live and getattr(decision, "certificate_revoked", False):
        return DecisionStatus.REVOKED
    if decision.status in LIVE_STATUSES and decision.expires is not None and decision.expires < today:
        return DecisionStatus.EXPIRED
    return decision.status


def _certificate_state(*, approved: bool, revoked: bool, filings: list[str], draft_copy: bool) -> str:
    """The rule: a certificate's state from its facts (see the module's docstring)."""
    if revoked or DecisionStatus.REVOKED in filings:
        return DecisionStatus.REVOKED
    if not approved:
        return DRAFT
    ended = [s for s in filings if s in ENDED_STATUSES]
    if ended and len(ended) == len([s for s in filings if s != DecisionStatus.REJECTED]):
        return "ended"
    return DRAFT if draft_copy else VALID


@dataclass(frozen=True)
class JurisdictionStanding:
    jurisdiction: str  # the code
    status: str
    since: dt.date | None
    reason: str

    @property
    def label(self) -> str:
        return state_label(self.status)


@dataclass(frozen=True)
class CertificateStatus:
    """``state``: draft, valid, superseded, withdrawn, revoked or expired; ``since`` when it ended."""

    certificate_number: str
    state: str
    since: dt.date | None
    reason: str
    jurisdictions: list[JurisdictionStanding]

    @property
    def valid(self) -> bool:
        return self.state == VALID

    @property
    def draft(self) -> bool:
        return self.state == DRAFT

    @property
    def label(self) -> str:
        return state_label(self.state)


def _internally_approved(run) -> bool:
    from certification.models import ReportKind

    return (Submission.objects.filter(certification_run=run.pk, status=SubmissionStatus.APPROVED).exists()
            or run.issued_reports.filter(kind=ReportKind.APPROVED).exists())


def certificate_standing(*, run, document_kind: str | None = None, today: dt.date | None = None,
                         approved: bool | None = None) -> CertificateStatus:
    """A certificate's standing, from the register, the internal review and the decisions
    resting on it. ``document_kind`` ("draft" or "approved") is the copy presented, when one is:
    a draft copy is never valid. ``approved``: whether our review approved it, when the caller
    knows already."""
    today = today or timezone.localdate()
    states = current_decisions(paytable_versions=[run.paytable_version_id])
    resting = sorted((d for d in states.values() if d.submission.certification_run_id == run.pk),
                     key=lambda d: d.submission.jurisdiction.code)
    standings = [JurisdictionStanding(d.submission.jurisdiction.code, _filing_status(d, today), _since(d), d.reason)
                 for d in resting]
    number = run.certificate_number or str(run)
    revocation = getattr(run, "revocation", None) if run.pk else None
    statuses = [s.status for s in standings]
    # A filing rests only on an approved certificate, so only an unfiled one asks the review.
    if approved is None:
        approved = bool(resting) or (run.pk is not None and _internally_approved(run))
    state = _certificate_state(approved=approved, revoked=revocation is not None, filings=statuses,
                               draft_copy=document_kind == DRAFT)
    if revocation is not None:
        return CertificateStatus(number, state, timezone.localdate(revocation.revoked_at),
                                 revocation.reason, standings)
    if state == DecisionStatus.REVOKED:
        first = min((s for s in standings if s.status == DecisionStatus.REVOKED), key=lambda s: s.since)
        return CertificateStatus(number, state, first.since, first.reason, standings)
    if state == "ended":
        last = _latest(d for d in resting if _filing_status(d, today) in ENDED_STATUSES)
        return CertificateStatus(number, _filing_status(last, today), _since(last), last.reason, standings)
    return CertificateStatus(number, state, None, "", standings)


@dataclass(frozen=True)
class VersionStanding:
    """A paytable version in one jurisdiction: its filing's status today and whether it stands."""

    status: str  # a DecisionStatus value, or NOT_FILED
    decision: RegulatorDecision | None
    stands: bool

    @property
    def label(self) -> str:
        return state_label(self.status)


def _version_standing(decision: RegulatorDecision | None, today: dt.date) -> VersionStanding:
    if decision is None:
        return VersionStanding(NOT_FILED, None, False)
    status = _filing_status(decision, today)
    started = decision.effective is None or decision.effective <= today
    return VersionStanding(status, decision, status in LIVE_STATUSES and started)


def version_standings(pairs: Iterable[tuple[int, int]], *, today: dt.date | None = None
                      ) -> dict[tuple[int, int], VersionStanding]:
    """(paytable version id, jurisdiction id) -> its standing there, in one query for all pairs."""
    pairs = set(pairs)
    today = today or timezone.localdate()
    if not pairs:
        return {}
    states = current_decisions(paytable_versions={v for v, _ in pairs}, jurisdictions={j for _, j in pairs})
    return {pair: _version_standing(states.get(pair), today) for pair in pairs}


def version_standing(*, paytable_version, jurisdiction, today: dt.date | None = None) -> VersionStanding:
    """Where the version stands in the jurisdiction (ids or records)."""
    pair = (getattr(paytable_version, "pk", paytable_version), getattr(jurisdiction, "pk", jurisdiction))
    return version_standings([pair], today=today)[pair]


def standing_from_decision(decision: RegulatorDecision | None, *, today: dt.date | None = None) -> VersionStanding:
    """The standing a decision read already (a matrix cell) gives its version there."""
    return _version_standing(decision, today or timezone.localdate())


@dataclass(frozen=True)
class Badge:
    """A state as our pages show it: ``value`` names the badge's style, ``label`` its words."""

    value: str
    label: str


def _badge(state: str) -> Badge:
    return Badge(state, state_label(state))


def _approved_version_state(decisions: list[RegulatorDecision], today: dt.date) -> str:
    """An internally approved version's state from its current decisions: valid, or how it ended."""
    filings = [_filing_status(d, today) for d in decisions]
    state = _certificate_state(approved=True, revoked=any(d.certificate_revoked for d in decisions),
                               filings=filings, draft_copy=False)
    if state == "ended":
        return _filing_status(_latest(d for d in decisions if _filing_status(d, today) in ENDED_STATUSES), today)
    return state


def _approved_badge(state: str) -> Badge:
    return _badge(DecisionStatus.APPROVED if state == VALID else state)


def _decisions_by_version(states: dict) -> dict[int, list[RegulatorDecision]]:
    grouped: dict[int, list[RegulatorDecision]] = {}
    for (version_id, _jurisdiction), decision in states.items():
        grouped.setdefault(version_id, []).append(decision)
    return grouped


def _approved_states(versions: list[PaytableVersion], today: dt.date) -> dict[int, str | None]:
    """Approved version id -> its state (valid, or how it ended); None: never filed anywhere."""
    approved = [v.pk for v in versions if v.status == VersionStatus.APPROVED]
    grouped = _decisions_by_version(current_decisions(paytable_versions=approved) if approved else {})
    return {pk: _approved_version_state(grouped[pk], today) if pk in grouped else None for pk in approved}


def version_badges(versions: Iterable[PaytableVersion], *, today: dt.date | None = None) -> dict[int, Badge]:
    """Version id -> its badge: the internal review's state, and once approved the standing of
    the certificates its filings rest on (approved while valid). One query for all."""
    versions = list(versions)
    states = _approved_states(versions, today or timezone.localdate())
    return {v.pk: _approved_badge(states[v.pk] or VALID) if v.pk in states else _badge(v.status) for v in versions}


def version_badge(version: PaytableVersion) -> Badge:
    return version_badges([version])[version.pk]


def version_and_variant_badges(variant, versions: list[PaytableVersion], *, today: dt.date | None = None
                               ) -> tuple[dict[int, Badge], Badge]:
    """A variant's page: its versions' badges (all of them given) and its own, in one query."""
    states = _approved_states(versions, today or timezone.localdate())
    badges = {v.pk: _approved_badge(states[v.pk] or VALID) if v.pk in states else _badge(v.status) for v in versions}
    filed = [(v.number, states[v.pk]) for v in versions if states.get(v.pk) is not None]
    return badges, _variant_badge(variant, filed)


def submission_badges(submissions: Iterable[Submission], *, versions: dict[int, Badge] | None = None
                      ) -> dict[int, Badge]:
    """Submission id -> its badge: its state, and once approved its version's standing.
    ``versions``: the versions' badges when the caller has them already."""
    submissions = list(submissions)
    approved = [s for s in submissions if s.status == SubmissionStatus.APPROVED]
    if versions is None:
        versions = version_badges({s.paytable_version_id: s.paytable_version for s in approved}.values())
    return {s.pk: versions[s.paytable_version_id] if s.status == SubmissionStatus.APPROVED else _badge(s.status)
            for s in submissions}


def submission_badge(submission: Submission, certificate: CertificateStatus | None) -> Badge:
    """One submission's badge, from the standing of the certificate it rests on when the page
    has it already (an approved submission shows its certificate's standing, "Approved" while
    valid)."""
    if submission.status != SubmissionStatus.APPROVED:
        return _badge(submission.status)
    if certificate is None:
        return submission_badges([submission])[submission.pk]
    return _approved_badge(certificate.state)


def _variant_badge(variant, states: list[tuple[int, str]]) -> Badge:
    """``states``: (number, state) of its approved versions that were filed somewhere."""
    if variant.status != VersionStatus.APPROVED:
        return _badge(variant.status)
    if not states or any(state in (VALID, DecisionStatus.APPROVED) for _number, state in states):
        return _badge(DecisionStatus.APPROVED)
    return _approved_badge(max(states)[1])


def variant_badges(variants: Iterable, *, today: dt.date | None = None) -> dict[int, Badge]:
    """Variant id -> its badge: approved while any of its approved versions stands (or none
    was ever filed); when none does, the standing of its latest approved version. One query."""
    variants = list(variants)
    today = today or timezone.localdate()
    approved = [v.pk for v in variants if v.status == VersionStatus.APPROVED]
    versions = PaytableVersion.objects.filter(paytable__variant__in=approved, status=VersionStatus.APPROVED)
    grouped = _decisions_by_version(current_decisions(paytable_versions=versions.values("pk")) if approved else {})
    by_variant: dict[int, list[tuple[int, str]]] = {}
    for decisions in grouped.values():
        version = decisions[0].submission.paytable_version
        by_variant.setdefault(version.paytable.variant_id, []).append(
            (version.number, _approved_version_state(decisions, today)))
    return {variant.pk: _variant_badge(variant, by_variant.get(variant.pk, [])) for variant in variants}


def variant_badge(variant) -> Badge:
    return variant_badges([variant])[variant.pk]


def standing_places(paytable_versions, *, today: dt.date | None = None) -> dict[int, list[str]]:
    """Version id -> the names of the jurisdictions it stands in today (versions standing
    nowhere are left out): what a table may be given. One query."""
    today = today or timezone.localdate()
    places: dict[int, list[str]] = {}
    for (version_id, _jurisdiction), decision in current_decisions(paytable_versions=paytable_versions).items():
        if _version_standing(decision, today).stands:
            places.setdefault(version_id, []).append(decision.submission.jurisdiction.name)
    return {version_id: sorted(names) for version_id, names in places.items()}
