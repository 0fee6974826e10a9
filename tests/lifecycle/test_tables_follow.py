"""A table deals only what its property's jurisdiction allows, and stops when that ends."""

from __future__ import annotations

import pytest
from django.core import mail

from casino import workflow
from casino.models import AuditEvent, Notice, TableStatus
from casino.services.errors import WorkflowError
from tests.backoffice.factories import make_table

from .conftest import field_trial_then_approve, open_table, record

pytestmark = pytest.mark.django_db


def test_a_table_opens_only_where_the_version_is_approved(version, garden, garden_casino, silver,
                                                          silver_casino, olga, adam):
    record(version, garden, "submitted", olga, reference="GS-1")
    pending = make_table(admin=adam, variant=version.paytable.variant, version=version, table_id="GR-1",
                         casino_property=garden_casino)
    with pytest.raises(WorkflowError, match="not approved in Garden State: it is submitted there"):
        workflow.table_activate(table=pending, actor=adam)
    pending.refresh_from_db()
    assert pending.status == TableStatus.INACTIVE
    never = make_table(admin=adam, variant=version.paytable.variant, version=version, table_id="SP-1",
                       casino_property=silver_casino)
    with pytest.raises(WorkflowError, match="never filed there"):
        workflow.table_activate(table=never, actor=adam)
    field_trial_then_approve(version, silver, silver_casino, olga)
    assert workflow.table_activate(table=never, actor=adam).status == TableStatus.ACTIVE


def test_a_field_trial_deals_at_its_host_and_within_its_table_limit(version, silver, silver_casino, adam,
                                                                    olga):
    from casino.services.properties import casino_property_create

    other = casino_property_create(name="Silver Annex", jurisdiction=silver, actor=adam)
    record(version, silver, "submitted", olga, reference="SS-1")
    record(version, silver, "field_trial", olga, reference="SS-FT", host_property=silver_casino, table_limit=1)
    first = open_table(adam, version, silver_casino, "SP-1")
    assert first.status == TableStatus.ACTIVE
    with pytest.raises(WorkflowError, match="allows 1 table"):
        open_table(adam, version, silver_casino, "SP-2")
    with pytest.raises(WorkflowError, match="at Silver Palace only, not at Silver Annex"):
        open_table(adam, version, other, "SA-1")


def test_when_an_approval_is_revoked_its_tables_close_and_the_owners_hear(version, silver, silver_casino,
                                                                          garden, garden_casino, olga,
                                                                          adam, rita):
    field_trial_then_approve(version, silver, silver_casino, olga)
    record(version, garden, "submitted", olga, reference="GS-1")
    record(version, garden, "approved", olga, reference="GS-A")
    silver_table = open_table(adam, version, silver_casino, "SP-1")
    garden_table = open_table(adam, version, garden_casino, "GR-1")
    mail.outbox.clear()
    with pytest.MonkeyPatch.context() as patch:
        # on_commit callbacks run at once in this (transactional) test, as after a real commit.
        from django.db import transaction
        patch.setattr(transaction, "on_commit", lambda fn, **kw: fn())
        record(version, silver, "revoked", rita, reference="SS-R", reason="dealer collusion in the field")
    silver_table.refresh_from_db(), garden_table.refresh_from_db()
    assert silver_table.status == TableStatus.INACTIVE
    assert garden_table.status == TableStatus.ACTIVE  # another regulator's approval still stands
    notice = Notice.objects.get()
    assert notice.kind == "revoked" and "SP-1" in notice.body and "Silver State" in notice.title
    assert [m.to for m in mail.outbox] == [["alice@casino.example"]]
    assert "revoked in Silver State" in mail.outbox[0].subject
    event = AuditEvent.objects.filter(action="table.inactive", object_id=str(silver_table.pk)).get()
    assert "dealer collusion" in event.message and event.actor == rita
