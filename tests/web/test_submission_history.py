"""The submission page's history names each event of the submission: what, who and why."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import AuditEvent
from casino.services.audit import audit_record

pytestmark = pytest.mark.django_db


def test_the_history_lists_every_event_with_its_actor_and_message(client, alice, audrey, submitted):
    audit_record(actor=alice, action="test.note", obj=submitted, before={"a": 1}, after={"a": 2},
                 message="a note for the reviewers")
    client.force_login(audrey)
    page = client.get(reverse("web:submission-detail", args=[submitted.pk])).content.decode()
    history = page[page.index('<ol class="trail">'):]
    events = AuditEvent.objects.filter(object_type="Submission", object_id=str(submitted.pk))
    assert events.count() >= 2
    for event in events:
        assert f"<code>{event.action}</code>" in history
    assert "by alice," in history and "“a note for the reviewers”" in history
