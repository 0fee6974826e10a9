"""A game's whole life, on PostgreSQL with a real worker.

sette-e-mezzo belongs to Nevada. Version 1 is certified on the worker and approved by our own
review (which files it with Nevada), then filed with New Jersey and the laboratory. Nevada
grants a field trial at a host casino, then final approval; New Jersey stays pending; the
laboratory rejects it. A New Jersey table cannot deal it, a Nevada one can. Nevada revokes
it: the Nevada table closes, the owner hears, and verify-report exits with the revoked status
(and, with the register out of reach, still vouches for the signature). Version 2 is approved
in Nevada and version 3 supersedes it; version 3's approval then expires through the daily job
run by the worker.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.apps import apps
from django.core import mail
from django.core.management import CommandError, call_command

from casino import workflow
from casino.models import Jurisdiction, Notice, Submission, SubmissionStatus, TableStatus
from casino.selectors import regulator_state
from casino.services.errors import WorkflowError
from casino.services.jurisdictions import jurisdiction_save
from casino.services.properties import casino_property_create
from casino.services.tables import table_configuration_update
from certification.models import IssuedReport, ReportKind
from certification.tasks import approvals_daily_task
from tests.backoffice.factories import make_table, make_variant
from tests.certification.evidence import shuffle_log_text, upload

from .conftest import add_shipped_profiles

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROUNDS = 20_000
PROCEDURE = "wash,riffle,riffle,box,riffle,cut"
ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date.today()


@pytest.fixture
def fake_engine():
    """The worker runs the real engine; so does this process here."""


def days(n: int) -> str:
    return (TODAY + dt.timedelta(days=n)).isoformat()


def wait_for(check, what: str, timeout: float = 240):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


def certify_and_approve(*, variant, version, officer, reviewer, tmp_path) -> tuple[object, Path]:
    """Our own review, unchanged: submit, certify on the worker, approve; the approved PDF."""
    submission = workflow.submission_submit(variant=variant, paytable_version=version, actor=officer)
    workflow.submission_start_certification(
        submission=submission, actor=officer, rounds=ROUNDS, seed=5, shuffle_procedure=PROCEDURE,
        shuffle_log=upload("shuffles.csv", shuffle_log_text()))
    wait_for(lambda: Submission.objects.get(pk=submission.pk).status == SubmissionStatus.UNDER_REVIEW,
             f"version {version.number} certified on the worker")
    approved = workflow.submission_approve(submission=Submission.objects.get(pk=submission.pk), actor=reviewer)
    issued = wait_for(lambda: IssuedReport.objects.filter(run=approved.certification_run,
                                                          kind=ReportKind.APPROVED).first(),
                      f"the approved certificate of version {version.number}")
    path = tmp_path / f"v{version.number}.pdf"
    with issued.file.open("rb") as stored:
        path.write_bytes(stored.read())
    return approved.certification_run, path


def decide(target: str, code: str, status: str, reference: str, user: str = "olga", **options) -> str:
    out = io.StringIO()
    call_command("decision", target, jurisdiction=code, status=status, reference=reference, user=user,
                 stdout=out, **options)
    return out.getvalue()


def verify(path: Path) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("verify-report", str(path), stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


def activate(table, admin):
    return workflow.table_activate(table=table, actor=admin)


def test_a_game_lives_across_jurisdictions(start_worker, settings, tmp_path, alice, rita, adam, olga):
    add_shipped_profiles(apps)
    for code in ("nevada", "new-jersey", "lab"):
        # The worker simulates in seconds what the profiles ask in millions of rounds.
        jurisdiction_save(jurisdiction=Jurisdiction.objects.get(code=code),
                          changes={"min_simulated_rounds": ROUNDS}, actor=adam)
    start_worker(concurrency=2, extra_env={"DJANGO_MEDIA_ROOT": str(settings.MEDIA_ROOT)})
    nevada = Jurisdiction.objects.get(code="nevada")
    jersey = Jurisdiction.objects.get(code="new-jersey")
    assert nevada.field_trial_required and nevada.field_trial_days == 180

    variant = make_variant(actor=alice, preset="sette-e-mezzo", name="Sette e mezzo", jurisdiction=nevada)
    v1 = variant.paytable.latest_version
    run1, pdf1 = certify_and_approve(variant=variant, version=v1, officer=alice, reviewer=rita,
                                     tmp_path=tmp_path)
    cert1 = run1.certificate_number
    # The internal approval filed it with Nevada, which asks for a field trial first.
    assert regulator_state(paytable_version=v1, jurisdiction=nevada).status == "submitted"

    strip = casino_property_create(name="Strip Palace", jurisdiction=nevada, actor=adam)
    boardwalk = casino_property_create(name="Boardwalk Grand", jurisdiction=jersey, actor=adam)
    nv_table = make_table(admin=adam, variant=variant, version=v1, table_id="NV-1", casino_property=strip,
                          shuffling_method=PROCEDURE)
    nj_table = make_table(admin=adam, variant=variant, version=v1, table_id="NJ-1", casino_property=boardwalk,
                          shuffling_method=PROCEDURE)

    decide(cert1, "new-jersey", "submitted", "DGE-26-0042")
    decide(cert1, "lab", "submitted", "LAB-7781")
    decide(cert1, "lab", "rejected", "LAB-7781-R", reason="the cut is not documented")
    decide(cert1, "nevada", "field_trial", "NGC-FT-101", host_property="Strip Palace", table_limit=1,
           conditions="host casino only, at most 1 table, 180 days", effective=days(-181), expires=days(30))
    assert activate(nv_table, adam).status == TableStatus.ACTIVE  # in field trial at its host
    printed = decide(cert1, "nevada", "approved", "NGC-A-101", effective=days(0), expires=days(400))
    assert "Sette e mezzo version 1 in nevada: approved (NGC-A-101)" in printed
    with pytest.raises(WorkflowError, match="not approved in New Jersey: it is submitted there"):
        activate(nj_table, adam)
    nj_table.refresh_from_db()
    assert nj_table.status == TableStatus.INACTIVE

    out = io.StringIO()
    call_command("approvals", "--json", "--variant", "Sette e mezzo", stdout=out)
    import json

    rows = {(r["paytable_version"], r["jurisdiction"]): r for r in json.loads(out.getvalue())}
    assert {key: row["status"] for key, row in rows.items()} == {
        (1, "nevada"): "approved", (1, "new-jersey"): "submitted", (1, "lab"): "rejected"}
    assert rows[(1, "nevada")]["reference"] == "NGC-A-101" and rows[(1, "nevada")]["expires"] == days(400)
    code, text = verify(pdf1)
    assert code == 0 and text.startswith("AUTHENTIC") and f"certificate {cert1} is valid" in text

    # Nevada revokes version 1: its table closes, the owner hears, the certificate says so.
    mail.outbox.clear()
    decide(cert1, "nevada", "revoked", "NGC-R-101", user="rita", reason="procedure not followed at the host")
    nv_table.refresh_from_db()
    assert nv_table.status == TableStatus.INACTIVE
    assert [m.to for m in mail.outbox] == [["alice@casino.example"]]
    assert "approval revoked in Nevada" in mail.outbox[0].subject
    assert Notice.objects.filter(kind="revoked", jurisdiction=nevada, paytable_version=v1).exists()
    code, text = verify(pdf1)
    assert code == 3 and f"REVOKED: certificate {cert1} is revoked since {TODAY}" in text
    assert "procedure not followed" in text and "nevada: revoked" in text
    offline = subprocess.run(
        [sys.executable, "manage.py", "verify-report", str(pdf1)], cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "DATABASE_URL": "postgres://postgres@127.0.0.1:9/unreachable"}, timeout=120)
    assert offline.returncode == 7, offline.stderr
    assert "SIGNATURE INTACT" in offline.stdout and "could not reach the register" in offline.stderr

    # Version 2 approved in Nevada after its own field trial; the table deals it.
    v2 = workflow.paytable_version_create(paytable=variant.paytable, actor=adam,
                                          payouts={"win": "1", "natural": "2", "triple": "4",
                                                   "dealer_natural_collects": "2"})
    run2, pdf2 = certify_and_approve(variant=variant, version=v2, officer=alice, reviewer=rita,
                                     tmp_path=tmp_path)
    decide(run2.certificate_number, "nevada", "field_trial", "NGC-FT-102", host_property="Strip Palace",
           table_limit=1, effective=days(-181), expires=days(30))
    decide(run2.certificate_number, "nevada", "approved", "NGC-A-102")
    nv_table = table_configuration_update(table=nv_table, actor=adam, paytable_version=v2)
    assert activate(nv_table, adam).status == TableStatus.ACTIVE

    # Version 3 supersedes it; its approval ends in three days.
    v3 = workflow.paytable_version_create(paytable=variant.paytable, actor=adam,
                                          payouts={"win": "1", "natural": "2", "triple": "5",
                                                   "dealer_natural_collects": "2"})
    run3, pdf3 = certify_and_approve(variant=variant, version=v3, officer=alice, reviewer=rita,
                                     tmp_path=tmp_path)
    decide(run3.certificate_number, "nevada", "field_trial", "NGC-FT-103", host_property="Strip Palace",
           table_limit=1, effective=days(-200), expires=days(3))
    decide(run3.certificate_number, "nevada", "approved", "NGC-A-103", effective=days(-10), expires=days(3))
    assert regulator_state(paytable_version=v2, jurisdiction=nevada).status == "superseded"
    assert regulator_state(paytable_version=v1, jurisdiction=nevada).status == "revoked"  # stays as it ended
    nv_table.refresh_from_db()
    assert nv_table.status == TableStatus.INACTIVE
    code, text = verify(pdf2)
    assert code == 5 and f"SUPERSEDED: certificate {run2.certificate_number} is superseded" in text
    nv_table = table_configuration_update(table=nv_table, actor=adam, paytable_version=v3)
    assert activate(nv_table, adam).status == TableStatus.ACTIVE

    # The daily job, on the worker: first the 7-day warning, then, past the date, the expiry.
    warned = approvals_daily_task.delay(days(0)).get(timeout=120)
    assert warned["expired"] == [] and len(warned["warned"]) == 1
    expired = approvals_daily_task.delay(days(4)).get(timeout=120)
    assert len(expired["expired"]) == 1
    assert regulator_state(paytable_version=v3, jurisdiction=nevada).status == "expired"
    nv_table.refresh_from_db()
    assert nv_table.status == TableStatus.INACTIVE
    assert Notice.objects.filter(kind="expired", paytable_version=v3).exists()
    code, text = verify(pdf3)
    assert code == 6 and f"EXPIRED: certificate {run3.certificate_number} is expired since {days(4)}" in text
