"""Signed checkpoints of the audit chain: exported, they prove the trail up to them was not
rewritten, even by someone who recomputed every hash; another installation's are refused."""

import base64
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from casino.models import AuditCheckpoint, AuditEvent, GameVariant
from casino.services.audit_chain import GENESIS_HASH, digest_of_row
from casino.tasks import audit_checkpoint_task
from certification.reports.signing import make_self_signed, sign_detached

from .factories import make_approved, make_table

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def exported(tmp_path, alice, rita):
    make_approved(officer=alice, reviewer=rita)
    path = tmp_path / "checkpoint.json"
    run("audit-checkpoint", "--out", str(path))
    return path


def test_a_checkpoint_signs_the_head_and_is_checked(exported, tmp_path):
    stored = AuditCheckpoint.objects.get()
    head = AuditEvent.objects.order_by("-id").first()
    assert (stored.event_id, stored.event_hash, stored.event_count) == (
        head.id, head.event_hash, AuditEvent.objects.count())
    assert "holds" in run("verify-audit", "--checkpoint", str(exported))
    again = tmp_path / "again.json"
    run("verify-audit", "--export-checkpoint", str(again))
    assert json.loads(again.read_text()) == json.loads(exported.read_text())


def test_events_after_a_checkpoint_keep_it_valid(exported, adam):
    make_table(admin=adam, variant=GameVariant.objects.get())
    report = json.loads(run("verify-audit", "--json", "--checkpoint", str(exported)))
    assert report["ok"] and report["events"] > AuditCheckpoint.objects.get().event_count


def test_a_rewritten_trail_with_every_hash_recomputed_fails_the_checkpoint(exported):
    if connection.vendor != "postgresql":
        pytest.skip("the superuser attacker needs PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE casino_auditevent DISABLE TRIGGER casino_auditevent_append_only")
    # Rewrite the second event and re-chain everything after it: the walk alone sees nothing.
    events = list(AuditEvent.objects.order_by("id"))
    previous_hash = events[0].event_hash
    with connection.cursor() as cursor:
        for index, event in enumerate(events[1:], start=1):
            if index == 1:
                event.message = "approved by someone else"
            event.previous_hash = previous_hash
            event.event_hash = digest_of_row(event)
            cursor.execute("UPDATE casino_auditevent SET message = %s, previous_hash = %s, "
                           "event_hash = %s WHERE id = %s",
                           [event.message, event.previous_hash, event.event_hash, event.id])
            previous_hash = event.event_hash
    with pytest.raises(CommandError, match="rewritten"):
        run("verify-audit", "--checkpoint", str(exported))
    report = json.loads(_json_of_failure("--checkpoint", str(exported)))
    assert report["broken"] is None and not report["ok"]


def _json_of_failure(*args) -> str:
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify-audit", "--json", *args, stdout=out)
    return out.getvalue()


def test_a_checkpoint_of_another_installation_is_refused(exported, tmp_path):
    document = json.loads(exported.read_text())
    stranger = make_self_signed(common_name="Another lab", organisation="Another lab")
    document["signature"] = base64.b64encode(
        sign_detached(document["payload"].encode(), stranger)).decode()
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="does not trust.*Another lab"):
        run("verify-audit", "--checkpoint", str(foreign))
    assert AuditCheckpoint.objects.count() == 1


def test_a_checkpoint_with_its_payload_altered_is_refused(exported, tmp_path):
    document = json.loads(exported.read_text())
    head = json.loads(document["payload"])
    head["event_count"] += 1
    document["payload"] = json.dumps(head, sort_keys=True, separators=(",", ":"))
    altered = tmp_path / "altered.json"
    altered.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="signature does not hold"):
        run("verify-audit", "--checkpoint", str(altered))


@pytest.mark.parametrize("content", [b"", b"not json", b'{"format": "something else"}',
                                     b'{"format": "tablecert-audit-checkpoint/1", "payload": "{}"}'])
def test_an_unreadable_checkpoint_file_is_a_clear_error(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match="bad.json: "):
        run("verify-audit", "--checkpoint", str(path))


def test_a_missing_checkpoint_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="no such checkpoint file"):
        run("verify-audit", "--checkpoint", str(tmp_path / "nowhere.json"))


def test_an_empty_trail_can_be_checkpointed(db):
    assert AuditEvent.objects.count() == 0
    run("audit-checkpoint")
    stored = AuditCheckpoint.objects.get()
    assert (stored.event_id, stored.event_hash, stored.event_count) == (None, GENESIS_HASH, 0)
    assert "holds" in run("verify-audit")


@pytest.mark.django_db(transaction=True)
def test_the_daily_job_runs_on_a_real_worker(celery_worker_process, alice, rita):
    make_approved(officer=alice, reviewer=rita)
    pk = audit_checkpoint_task.delay().get(timeout=60)
    stored = AuditCheckpoint.objects.get(pk=pk)
    assert stored.event_id == AuditEvent.objects.order_by("-id").first().id
    assert "holds" in run("verify-audit")


def test_the_admin_lists_checkpoints_read_only_and_exports_one(client, exported, audrey, oscar):
    stored = AuditCheckpoint.objects.get()
    client.force_login(audrey)
    assert client.get("/admin/casino/auditcheckpoint/").status_code == 200
    assert client.get(f"/admin/casino/auditcheckpoint/{stored.pk}/change/").status_code == 200
    response = client.post("/admin/casino/auditcheckpoint/", {
        "action": "export", "_selected_action": [stored.pk]})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == json.loads(exported.read_text())
    assert client.post(f"/admin/casino/auditcheckpoint/{stored.pk}/delete/",
                       {"post": "yes"}).status_code == 403
    client.force_login(oscar)
    assert client.get("/admin/casino/auditcheckpoint/").status_code in (302, 403)
    assert AuditCheckpoint.objects.count() == 1


def test_a_stored_checkpoint_altered_in_the_database_fails(exported):
    if connection.vendor != "postgresql":
        pytest.skip("the superuser attacker needs PostgreSQL")
    stored = AuditCheckpoint.objects.get()
    head = json.loads(stored.payload)
    head["event_count"] -= 1
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE casino_auditcheckpoint DISABLE TRIGGER casino_auditcheckpoint_append_only")
        cursor.execute("UPDATE casino_auditcheckpoint SET payload = %s, event_count = %s WHERE id = %s",
                       [json.dumps(head, sort_keys=True, separators=(",", ":")), head["event_count"],
                        stored.pk])
    with pytest.raises(CommandError, match="signature does not hold"):
        run("verify-audit")
    with connection.cursor() as cursor:
        cursor.execute("UPDATE casino_auditcheckpoint SET payload = 'not json' WHERE id = %s", [stored.pk])
    with pytest.raises(CommandError, match=f"stored checkpoint {stored.pk} cannot be read"):
        run("verify-audit")
