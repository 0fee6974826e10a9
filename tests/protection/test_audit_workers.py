"""A game protection audit through the broker and two real workers equals the local run."""

from __future__ import annotations

import time

import pytest

from casino.models import AuditEvent
from certification.models import ProtectionAudit, ProtectionChunk, RunStatus
from certification.protection import run_audit
from certification.services.protection import (
    protection_audit_begin,
    protection_audit_start,
    protection_chunk_run,
    protection_spec,
)
from tests.backoffice.factories import make_variant

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SETTINGS = {"seats": 3, "penetration": 0.5, "procedure": "riffle,riffle,cut", "rounds": 120, "seed": 99}


def _wait(audit: ProtectionAudit, timeout: float = 300) -> ProtectionAudit:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        audit.refresh_from_db()
        if audit.status in (RunStatus.DONE, RunStatus.FAILED):
            return audit
        time.sleep(0.5)
    raise AssertionError(f"audit {audit.pk} still {audit.status} ({audit.chunks_done}/{audit.chunks_total})")


def _figures(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "seconds"}


def test_two_workers_give_the_local_result_and_the_audit_trail_says_who(start_worker, django_user_model):
    start_worker(concurrency=1, name="protect-a")
    start_worker(concurrency=1, name="protect-b")
    officer = django_user_model.objects.create_user("olga")
    variant = make_variant(actor=None, preset="seven-half-casino", name="Casino audit")
    version = variant.paytable.latest_version
    audit = _wait(protection_audit_start(variant=variant, paytable_version=version, actor=officer, **SETTINGS))
    assert audit.status == RunStatus.DONE, audit.error
    assert audit.progress == 100 and audit.chunks_done == audit.chunks_total > 0
    local = run_audit(protection_spec(audit))
    assert _figures(audit.result) == _figures(local)
    actions = list(AuditEvent.objects.filter(object_type="ProtectionAudit", object_id=str(audit.pk))
                   .order_by("id").values_list("action", "actor__username"))
    assert actions == [("protection_audit.start", "olga"), ("protection_audit.done", None)]


def test_a_chunk_delivered_twice_is_counted_once():
    variant = make_variant(actor=None, preset="seven-half-casino", name="Casino twice")
    audit = protection_audit_start(variant=variant, paytable_version=variant.paytable.latest_version,
                                   actor=None, dispatch=False, **SETTINGS)
    assert protection_audit_begin(audit_id=audit.pk, dispatch=False) is True
    assert protection_audit_begin(audit_id=audit.pk, dispatch=False) is False
    assert protection_chunk_run(audit_id=audit.pk, job=0, index=0) is True
    assert protection_chunk_run(audit_id=audit.pk, job=0, index=0) is False
    audit.refresh_from_db()
    assert audit.chunks_done == 1 and ProtectionChunk.objects.filter(audit=audit).count() == 1
    assert audit.status == RunStatus.RUNNING and 10 <= audit.progress < 100


def test_the_watchdog_finishes_a_stalled_audit(start_worker):
    from django.utils import timezone

    from certification.tasks.runs import watchdog_task

    start_worker(concurrency=2, name="protect-watchdog")
    variant = make_variant(actor=None, preset="seven-half-casino", name="Casino stalled")
    audit = protection_audit_start(variant=variant, paytable_version=variant.paytable.latest_version,
                                   actor=None, dispatch=False, **SETTINGS)
    protection_audit_begin(audit_id=audit.pk, dispatch=False)  # its chunks were never sent
    assert protection_chunk_run(audit_id=audit.pk, job=0, index=0) is True
    an_hour_ago = timezone.now() - timezone.timedelta(hours=1)
    ProtectionAudit.objects.filter(pk=audit.pk).update(created_at=an_hour_ago)
    ProtectionChunk.objects.filter(audit=audit).update(created_at=an_hour_ago)
    assert watchdog_task()["protection_audits_resumed"] == 1
    audit = _wait(audit)
    assert audit.status == RunStatus.DONE and audit.chunks_done == audit.chunks_total
    assert _figures(audit.result) == _figures(run_audit(protection_spec(audit)))
