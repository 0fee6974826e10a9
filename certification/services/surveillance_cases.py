"""Surveillance cases: opened by a scan or by hand, annotated and closed, each step audited.

Apart from the scans (services/surveillance.py) so that pages and the API import no engine.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.permissions import Role
from casino.services.audit import audit_record, snapshot
from certification.models import CaseNote, SurveillanceCase, SurveilledPlayer
from certification.models.surveillance import CaseKind, CaseStatus, ClosureReason
from certification.services.notifications import notify


class CaseError(ValueError):
    """A case action that cannot be taken (closed already, no reason, empty note)."""


def case_for_finding(kind, subject, players, dealer, evidence, tables, dealers) -> SurveillanceCase | None:
    """Opens a case, or brings an open one's evidence up to date (None then)."""
    case = SurveillanceCase.objects.select_for_update().filter(
        kind=kind, subject=subject, status=CaseStatus.OPEN).first()
    if case is not None:
        if case.evidence != evidence:
            before = snapshot(case)
            case.evidence, case.tables, case.dealers = evidence, tables, dealers
            case.save(update_fields=["evidence", "tables", "dealers"])
            audit_record(actor=None, action="surveillance.case_updated", obj=case, before=before,
                         after=snapshot(case), message=_("evidence brought up to date by the scan"))
        return None
    case = SurveillanceCase.objects.create(kind=kind, subject=subject, players=players, dealer_id=dealer,
                                           evidence=evidence, tables=tables, dealers=dealers)
    audit_record(actor=None, action="surveillance.case_opened", obj=case, before=None, after=snapshot(case),
                 message=str(case))
    _notice(case)
    return case


def _notice(case: SurveillanceCase) -> None:
    users = get_user_model().objects.filter(is_active=True, groups__name=Role.SURVEILLANCE)
    to = sorted({u.email for u in users if u.email})
    notify(subject=_("Surveillance case %(id)s: %(kind)s") % {"id": case.pk, "kind": case.get_kind_display()},
           body=_("A case was opened on %(subject)s (pseudonymous ids): %(kind)s. The evidence, its "
                  "statistic and threshold are on the case page.") % {
               "subject": case.subject, "kind": case.get_kind_display()},
           to=to)



@transaction.atomic
def case_annotate(*, case: SurveillanceCase, actor, text: str) -> CaseNote:
    text = (text or "").strip()
    if not text:
        raise CaseError(_("a note needs some text"))
    note = CaseNote.objects.create(case=case, author=actor, text=text[:4000])
    audit_record(actor=actor, action="surveillance.case_annotated", obj=case, before=None,
                 after={"note": note.pk, "text": note.text})
    return note


@transaction.atomic
def case_close(*, case: SurveillanceCase, actor, reason: str, note: str = "") -> SurveillanceCase:
    case = SurveillanceCase.objects.select_for_update().get(pk=case.pk)
    if case.status != CaseStatus.OPEN:
        raise CaseError(_("this case is closed already"))
    if reason not in ClosureReason.values:
        raise CaseError(_("choose a reason to close the case"))
    before = snapshot(case)
    case.status, case.closed_at, case.closed_by = CaseStatus.CLOSED, timezone.now(), actor
    case.closure_reason, case.closure_note = reason, (note or "").strip()[:4000]
    case.save()
    audit_record(actor=actor, action="surveillance.case_closed", obj=case, before=before, after=snapshot(case),
                 message=case.get_closure_reason_display())
    return case


@transaction.atomic
def case_open(*, actor, player_id: str, kind: str, note: str = "") -> SurveillanceCase:
    """A case opened by hand on a player the scans know (SurveilledPlayer.DoesNotExist if not)."""
    player = SurveilledPlayer.objects.get(player_id=player_id)
    if kind not in CaseKind.values:
        raise CaseError(_("unknown kind of case"))
    if SurveillanceCase.objects.filter(kind=kind, subject=player.player_id, status=CaseStatus.OPEN).exists():
        raise CaseError(_("an open case of this kind already exists for this player"))
    case = SurveillanceCase.objects.create(kind=kind, subject=player.player_id, players=[player.player_id],
                                           opened_by=actor, tables=player.tables,
                                           evidence={"statistics": player.statistics, "note": note.strip()})
    audit_record(actor=actor, action="surveillance.case_opened", obj=case, before=None, after=snapshot(case),
                 message=str(case))
    return case
