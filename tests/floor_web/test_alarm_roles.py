"""Who may act on a floor alarm: officers and admins, on the server; a reviewer's post is
refused and changes nothing; a regulator reads the notice in its jurisdiction only, and not
the back office's floor pages."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from casino.permissions import Role
from certification.models import AlarmStatus
from certification.services.floor_alarms import floor_alarm_raise
from tests.backoffice.factories import UserFactory
from tests.floor_web.world import floor_world

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 11, 2)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_only_officers_and_admins_move_an_alarm_and_regulators_read_their_notices_only():
    world = floor_world()
    alarm = floor_alarm_raise(table=world.tables[0], kind="cards", test="short deck: 7D", first_day=DAY,
                              alarm_day=DAY, evidence={"detail": "log e = 20.7"})
    assert floor_alarm_raise(table=world.tables[0], kind="cards", test="short deck: 7D", first_day=DAY,
                             alarm_day=DAY, evidence={}) is None  # once
    reviewer = UserFactory(username="rob", roles=[Role.REVIEWER])
    answer = _client(reviewer).post(f"/floor/alarms/{alarm.pk}/", {"to": "acknowledged"})
    assert answer.status_code == 403
    alarm.refresh_from_db()
    assert alarm.status == AlarmStatus.OPEN
    assert _client(reviewer).get(f"/floor/alarms/{alarm.pk}/").status_code == 200

    officer = _client(world.officer)
    assert officer.post(f"/floor/alarms/{alarm.pk}/", {"to": "closed", "reason": "x"}).status_code == 400
    assert officer.post(f"/floor/alarms/{alarm.pk}/", {"to": "acknowledged"}).status_code == 302
    alarm.refresh_from_db()
    assert alarm.status == AlarmStatus.ACKNOWLEDGED and alarm.changed_by == world.officer

    rita, otto = _client(world.regulator), _client(world.outsider_regulator)
    assert rita.get("/floor/").status_code == 403
    assert rita.post(f"/floor/alarms/{alarm.pk}/", {"to": "investigating"}).status_code == 403
    assert "short deck: 7D" in rita.get("/regulator/notices/").content.decode()
    assert "short deck: 7D" not in otto.get("/regulator/notices/").content.decode()
