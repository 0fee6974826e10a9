"""Floor alarms: raised once per table (or dealer), check, test and first day, as a notice to
the jurisdiction's regulators and an e-mail to the compliance officers; then acknowledged,
investigated and closed with a reason. Every step is audited in its own transaction."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse

from casino.models import Notice, NoticeKind, TableConfiguration
from casino.permissions import Role
from casino.services.audit import audit_record, snapshot
from casino.services.errors import WorkflowError
from certification.models import AlarmStatus, FloorAlarm

from .notifications import notify, staff_list

NEXT = {
    AlarmStatus.OPEN: (AlarmStatus.ACKNOWLEDGED,),
    AlarmStatus.ACKNOWLEDGED: (AlarmStatus.INVESTIGATING, AlarmStatus.CLOSED),
    AlarmStatus.INVESTIGATING: (AlarmStatus.CLOSED,),
    AlarmStatus.CLOSED: (),
}


def compliance_officers() -> list[str]:
    users = get_user_model().objects.filter(is_active=True, groups__name=Role.OFFICER).exclude(email="")
    return sorted({u.email for u in users}) or staff_list()


def floor_alarm_raise(*, table: TableConfiguration, kind: str, test: str, first_day: dt.date,
                      alarm_day: dt.date, evidence: dict, dealer_id: str = "", actor=None) -> FloorAlarm | None:
    """The alarm, posted once (None when it was raised before)."""
    if FloorAlarm.objects.filter(table=table, dealer_id=dealer_id, kind=kind, test=test[:200],
                                 first_day=first_day).exists():
        return None
    who = f"dealer {dealer_id} (at table {table.table_id})" if dealer_id else f"table {table.table_id}"
    prop = table.casino_property
    title = f"Floor alarm: {test} at {who}" + (f", {prop.name}" if prop else "")
    body = "\n".join([title, "", f"Evidence from {first_day} (alarm on {alarm_day}):",
                      *[f"  {k}: {v}" for k, v in evidence.items()]])
    try:
        with transaction.atomic():
            notice = Notice.objects.create(kind=NoticeKind.FLOOR_ALARM,
                                           jurisdiction=prop.jurisdiction if prop else None,
                                           paytable_version=table.paytable_version, title=title[:300], body=body)
            alarm = FloorAlarm.objects.create(table=table, dealer_id=dealer_id, kind=kind, test=test[:200],
                                              first_day=first_day, alarm_day=alarm_day, evidence=evidence,
                                              notice=notice)
            audit_record(actor=actor, action="floor_alarm.raised", obj=alarm, before=None, after=snapshot(alarm),
                         message=title)
    except IntegrityError:
        return None  # raised meanwhile by another worker
    notify(subject=title, body=body + f"\n\n{reverse('web:floor-alarm', args=[alarm.pk])}", to=compliance_officers())
    return alarm


@transaction.atomic
def floor_alarm_move(*, alarm: FloorAlarm, to: str, actor, reason: str = "") -> FloorAlarm:
    """Acknowledge, investigate or close (closing needs a reason)."""
    alarm = FloorAlarm.objects.select_for_update().get(pk=alarm.pk)
    if to not in NEXT[AlarmStatus(alarm.status)]:
        raise WorkflowError(from_state=alarm.status, to_state=to, reason="not a next step of this alarm")
    if to == AlarmStatus.CLOSED and not reason.strip():
        raise WorkflowError(from_state=alarm.status, to_state=to, reason="an alarm is closed with a reason")
    before = snapshot(alarm)
    alarm.status, alarm.changed_by = to, actor
    if reason.strip():
        alarm.reason = (alarm.reason + "\n" if alarm.reason else "") + reason.strip()
    alarm.save()
    audit_record(actor=actor, action=f"floor_alarm.{to}", obj=alarm, before=before, after=snapshot(alarm),
                 message=reason.strip())
    return alarm
