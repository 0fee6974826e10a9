"""What a regulator's account may read: the one place that narrows queries to its jurisdictions.

The back office reads everything. A user in the Regulator role alone reads only what concerns
the jurisdictions granted to it (``RegulatorScope``): the filings there, the certificates and
packets those filings rest on, the tables at its properties, its notices. Pages, API viewsets
and downloads all narrow their querysets through ``regulated``; an object outside the scope
is then simply not found (404), so another jurisdiction's records are not even confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet

from casino.models import (
    CasinoProperty,
    Jurisdiction,
    Notice,
    RegulatorDecision,
    RegulatorScope,
    RegulatorSubmission,
    TableConfiguration,
)
from casino.permissions import CAN_READ, Role, roles_of

from .approval_reads import CertificateStatus
from .audit import audit_record, snapshot

# How each model reaches the jurisdiction it belongs to.
JURISDICTION_PATHS = {
    Jurisdiction: "pk",
    RegulatorSubmission: "jurisdiction",
    RegulatorDecision: "submission__jurisdiction",
    Notice: "jurisdiction",
    CasinoProperty: "jurisdiction",
    TableConfiguration: "casino_property__jurisdiction",
}


@dataclass(frozen=True)
class Scope:
    """``jurisdiction_ids`` None: every jurisdiction (the back office); empty: none at all."""

    jurisdiction_ids: frozenset[int] | None

    @property
    def everything(self) -> bool:
        return self.jurisdiction_ids is None

    def covers(self, jurisdiction_id: int | None) -> bool:
        return self.everything or jurisdiction_id in self.jurisdiction_ids


def scope_of(user) -> Scope:
    """The jurisdictions ``user`` reads; read once per request (kept on the user object)."""
    roles = roles_of(user)
    if roles & set(CAN_READ):
        return Scope(None)
    if Role.REGULATOR not in roles:
        return Scope(frozenset())
    cached = getattr(user, "_tablecert_scope", None)
    if cached is None:
        ids = RegulatorScope.objects.filter(user=user.pk).values_list("jurisdiction_id", flat=True)
        cached = user._tablecert_scope = Scope(frozenset(ids))
    return cached


def _filed_with(scope: Scope, run_path: str = "pk", jurisdiction_path: str | None = None) -> Exists:
    """A filing in the scope rests on the row's run (and, for a packet, in the packet's jurisdiction)."""
    filings = RegulatorSubmission.objects.filter(certification_run=OuterRef(run_path),
                                                 jurisdiction__in=scope.jurisdiction_ids)
    if jurisdiction_path:
        filings = filings.filter(jurisdiction=OuterRef(jurisdiction_path))
    return Exists(filings)


def regulated(queryset: QuerySet, user) -> QuerySet:
    """``queryset`` narrowed to the rows ``user`` may read (all of them for the back office).

    Certificates (runs, issued reports) are the regulator's when a filing in its jurisdictions
    rests on them; a packet when it was built for one of its jurisdictions from a run filed there.
    """
    from certification.models import (
        CertificationRun,
        FloorAlarm,
        IssuedReport,
        MonthlyStatistics,
        PacketJob,
    )

    scope = scope_of(user)
    if scope.everything:
        return queryset
    if not scope.jurisdiction_ids:
        return queryset.none()
    model = queryset.model
    if model is CertificationRun:
        return queryset.filter(_filed_with(scope))
    if model is IssuedReport:
        return queryset.filter(_filed_with(scope, "run"))
    if model is PacketJob:
        return queryset.filter(_filed_with(scope, "run", "jurisdiction"))
    floor_paths = {MonthlyStatistics: "casino_property__jurisdiction",
                   FloorAlarm: "table__casino_property__jurisdiction"}
    path = floor_paths.get(model) or JURISDICTION_PATHS[model]
    return queryset.filter(**{f"{path}__in": scope.jurisdiction_ids})


def status_within(status: CertificateStatus, user) -> CertificateStatus:
    """A certificate's status with only the standings in ``user``'s jurisdictions.

    The state is the register's own (valid, revoked...) and is public; why another
    regulator ended its approval is not, so a reason shows only from the register's own
    revocation or from a standing in the scope.
    """
    scope = scope_of(user)
    if scope.everything:
        return status
    codes = getattr(user, "_tablecert_scope_codes", None)
    if codes is None:  # once per request, not once per certificate on a list page
        codes = user._tablecert_scope_codes = frozenset(
            Jurisdiction.objects.filter(pk__in=scope.jurisdiction_ids).values_list("code", flat=True))
    standings = [s for s in status.jurisdictions if s.jurisdiction in codes]
    own_reason = any(s.reason == status.reason for s in standings) or not any(
        s.reason == status.reason for s in status.jurisdictions)
    return CertificateStatus(status.certificate_number, status.state, status.since,
                             status.reason if own_reason else "", standings)


@transaction.atomic
def regulator_scope_grant(*, user, jurisdictions: list[Jurisdiction], actor=None) -> list[RegulatorScope]:
    """Put ``user`` in the Regulator role, reading ``jurisdictions`` (besides any it read already).

    Each new scope is audited; a jurisdiction granted before is left as it was.
    """
    user.groups.add(Group.objects.get_or_create(name=Role.REGULATOR)[0])
    granted = []
    for jurisdiction in jurisdictions:
        scope, created = RegulatorScope.objects.get_or_create(
            user=user, jurisdiction=jurisdiction, defaults={"granted_by": actor})
        if created:
            audit_record(actor=actor, action="regulator_scope.grant", obj=scope, before=None,
                         after=snapshot(scope),
                         message=f"{user.get_username()} reads {jurisdiction.code} as a regulator")
            granted.append(scope)
    for cached in ("_tablecert_scope", "_tablecert_scope_codes", "_tablecert_roles"):
        user.__dict__.pop(cached, None)
    return granted
