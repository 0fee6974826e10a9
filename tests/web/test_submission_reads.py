"""What the submission page reads: its history (what, who and why) and its discussion, which it
asks about along with the submission and reads only when there is one."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from casino.audit_words import action_label
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
        # Each event in words, its code kept for tools (an unlisted action still reads as words).
        assert f'<li data-action="{event.action}">{action_label(event.action)} ' in history
    assert "Test: note" in history
    assert "by alice," in history and "“a note for the reviewers”" in history


def test_a_first_comment_and_a_first_attachment_show_at_once(as_user, client, alice, audrey, submitted):
    client.force_login(audrey)
    url = reverse("web:submission-detail", args=[submitted.pk])
    assert "No comments yet." in client.get(url).content.decode()
    officer = as_user(alice)
    officer.post(reverse("web:submission-comment", args=[submitted.pk]), {"body": "Shuffler manual attached"})
    upload = SimpleUploadedFile("manual.txt", b"wash, riffle, cut\n", content_type="text/plain")
    officer.post(reverse("web:submission-attach", args=[submitted.pk]), {"file": upload})
    client.force_login(audrey)
    page = client.get(url).content.decode()
    assert "Shuffler manual attached" in page and "manual.txt" in page and "No comments yet." not in page
