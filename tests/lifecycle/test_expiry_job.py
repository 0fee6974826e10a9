"""The daily job expires approvals past their date and warns owners 90, 30 and 7 days ahead."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core import mail
from django.core.management import call_command
from django_celery_beat.models import PeriodicTask

from casino.models import ExpiryWarning, Notice, TableStatus
from casino.selectors import regulator_state
from casino.services.expiry import approvals_daily

from .conftest import TODAY, open_table, record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def ending(version, garden, garden_casino, olga, adam):
    record(version, garden, "submitted", olga, reference="GS-1")
    record(version, garden, "approved", olga, reference="GS-A", effective=TODAY() - dt.timedelta(days=300),
           expires=TODAY() + dt.timedelta(days=40))
    return open_table(adam, version, garden_casino, "GR-1")


def test_owners_are_warned_once_per_step(ending, version):
    mail.outbox.clear()
    days = lambda n: TODAY() + dt.timedelta(days=n)  # noqa: E731
    assert len(approvals_daily(today=days(0))["warned"]) == 1      # 40 days left: the 90-day warning
    assert len(approvals_daily(today=days(1))["warned"]) == 0      # told already
    assert len(approvals_daily(today=days(12))["warned"]) == 1     # 28 days left: the 30-day warning
    assert len(approvals_daily(today=days(35))["warned"]) == 1     # 5 days left: the 7-day warning
    assert sorted(ExpiryWarning.objects.values_list("days_before", flat=True)) == [7, 30, 90]
    assert len(mail.outbox) == 3 and all(m.to == ["alice@casino.example"] for m in mail.outbox)
    assert "(5 days)" in mail.outbox[-1].subject


def test_an_approval_past_its_date_expires_with_the_effects_of_a_revocation(ending, version, garden):
    expires = TODAY() + dt.timedelta(days=40)
    assert approvals_daily(today=expires)["expired"] == []  # valid through its last day
    result = approvals_daily(today=expires + dt.timedelta(days=1))
    assert len(result["expired"]) == 1
    state = regulator_state(paytable_version=version, jurisdiction=garden)
    assert state.status == "expired" and state.effective == expires + dt.timedelta(days=1)
    assert state.recorded_by is None
    ending.refresh_from_db()
    assert ending.status == TableStatus.INACTIVE
    assert Notice.objects.get().kind == "expired"
    assert approvals_daily(today=expires + dt.timedelta(days=2))["expired"] == []  # once


def test_the_daily_job_is_scheduled():
    call_command("setup_periodic_tasks", stdout=io.StringIO())
    task = PeriodicTask.objects.get(task="certification.approvals_daily")
    assert task.enabled and task.crontab.hour == "5" and task.crontab.minute == "0"
