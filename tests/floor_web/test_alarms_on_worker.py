"""Rounds arrive, a worker audits their settlement: a reale paid even money becomes an alarm
(a notice in the table's jurisdiction), which the officer acknowledges, investigates and closes
with a reason, every step audited."""

from __future__ import annotations

import datetime as dt
import time

import pytest

from casino.models import AuditEvent, NoticeKind
from casino.services.errors import WorkflowError
from casino.services.rounds_ingest import ingest_batch
from certification.models import AlarmCheck, AlarmStatus, CardDayStats, FloorAlarm
from certification.services.floor_alarms import floor_alarm_move
from tests.floor_web.rounds import batch, day_rounds, pay_a_reale_even_money
from tests.floor_web.world import floor_world

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DAY = dt.date(2026, 11, 2)


def _wait_for(query, seconds: float = 90):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = query()
        if found:
            return found
        time.sleep(0.5)
    raise AssertionError("the worker did not get there in time")


def test_a_wrong_payout_raises_an_alarm_on_the_worker_and_is_closed_with_a_reason(celery_worker_process):
    world = floor_world()
    rounds = day_rounds("T-01", DAY, 300, seed=7)
    wrong = pay_a_reale_even_money(rounds)
    ingest_batch(batch=batch("b-1", rounds), source="api", user=world.admin)

    alarm = _wait_for(lambda: FloorAlarm.objects.filter(kind=AlarmCheck.SETTLEMENT).first())
    assert alarm.table == world.tables[0] and alarm.test == "payouts.natural"
    assert alarm.evidence["round"] == wrong.round_id and alarm.first_day == DAY
    assert alarm.notice.kind == NoticeKind.FLOOR_ALARM
    assert alarm.notice.jurisdiction == world.casino.jurisdiction
    _wait_for(lambda: CardDayStats.objects.filter(table=world.tables[0], day=DAY).exists())
    assert CardDayStats.objects.get(table=world.tables[0], day=DAY).rounds == 300

    with pytest.raises(WorkflowError):
        floor_alarm_move(alarm=alarm, to=AlarmStatus.CLOSED, actor=world.officer, reason="early")
    floor_alarm_move(alarm=alarm, to=AlarmStatus.ACKNOWLEDGED, actor=world.officer)
    floor_alarm_move(alarm=alarm, to=AlarmStatus.INVESTIGATING, actor=world.officer, reason="asked the pit boss")
    with pytest.raises(WorkflowError):
        floor_alarm_move(alarm=alarm, to=AlarmStatus.CLOSED, actor=world.officer, reason="  ")
    floor_alarm_move(alarm=alarm, to=AlarmStatus.CLOSED, actor=world.officer,
                     reason="dealer paid a reale even money; player repaid")
    alarm.refresh_from_db()
    assert alarm.status == AlarmStatus.CLOSED and "player repaid" in alarm.reason
    actions = list(AuditEvent.objects.filter(object_type="FloorAlarm", object_id=str(alarm.pk))
                   .order_by("id").values_list("action", "actor__username"))
    assert actions == [("floor_alarm.raised", None), ("floor_alarm.acknowledged", "olga"),
                       ("floor_alarm.investigating", "olga"), ("floor_alarm.closed", "olga")]

    # Posted again (a blind retry), nothing new is raised.
    ingest_batch(batch=batch("b-1", rounds), source="api", user=world.admin)
    time.sleep(2)
    assert FloorAlarm.objects.count() == 1
