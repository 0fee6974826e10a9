"""From a preset to a table on the floor, in a real browser, with a real certification worker.

An officer builds a variant and watches its house edge move, submits it and starts the
certification; a worker runs it; a reviewer reads the evidence and approves; an admin puts
the approved paytable on a table. Segregation of duties and a player-favourable variant are
refused in front of the reviewer, with the reason on the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from casino.models import Submission, SubmissionStatus, TableConfiguration
from casino.permissions import Role
from certification.models import CertificationRun, RunStatus
from tests.backoffice.factories import (
    JurisdictionFactory,
    UserFactory,
    make_approved,
    make_table,
    make_under_review,
)
from tests.browser.journey import choose_version

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]

WORKER_TIMEOUT_MS = 180_000


def test_from_preset_to_the_floor(sign_in, shoot, start_worker):
    jurisdiction = JurisdictionFactory()
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    lab = UserFactory(username="lab", roles=[Role.OFFICER])
    floor = make_approved(officer=lab, reviewer=rita, preset="sette-e-mezzo", name="Sette classic",
                          jurisdiction=jurisdiction)
    table = make_table(admin=adam, variant=floor.variant, version=floor.paytable_version, table_id="SM-07")
    start_worker(concurrency=1)

    # The officer starts from a preset and watches the edge follow a payout.
    officer = sign_in(alice)
    shoot(officer, "dashboard-officer")
    officer.get_by_role("link", name="New variant").first.click()
    officer.locator('a.choice[href$="preset=sette-e-mezzo"]').click()
    officer.get_by_label("Variant name").fill("Sette lounge")
    edge = officer.locator('#edge-table tr[data-bet="main"] .house-edge')
    before = edge.inner_text()
    officer.get_by_label("Natural (reale)").fill("5/2")
    expect(edge).not_to_have_text(before, timeout=5_000)
    assert "player advantage" not in edge.inner_text()
    shoot(officer, "variant-create-live-edge")
    officer.get_by_role("button", name="Create draft variant").click()
    expect(officer.locator("h1")).to_contain_text("Sette lounge")
    shoot(officer, "variant-detail")

    officer.get_by_role("button", name="Submit paytable v1 for certification").click()
    expect(officer.locator("#submission-status")).to_contain_text("Submitted")
    submission = Submission.objects.get(variant__name="Sette lounge")
    officer.get_by_label("Simulated rounds").fill("20000")
    officer.get_by_role("button", name="Start the certification").click()
    expect(officer.locator('[role="progressbar"]')).to_be_visible()
    shoot(officer, "submission-in-certification")

    # The progress poll reloads the page once the run has finished.
    expect(officer.locator("#run-step")).to_contain_text("Done", timeout=WORKER_TIMEOUT_MS)
    submission.refresh_from_db()
    if submission.status == SubmissionStatus.IN_CERTIFICATION:
        officer.get_by_role("button", name="Send to the reviewers").click()
    expect(officer.locator("#submission-status")).to_contain_text("Under review", timeout=15_000)
    run = CertificationRun.objects.get(variant=submission.variant_id)
    assert run.status == RunStatus.DONE and run.approvable
    if run.report:
        expect(officer.get_by_role("link", name="Download the certificate (PDF)")).to_be_visible()

    # The reviewer finds it in the queue, reads the evidence and approves.
    reviewer = sign_in(rita)
    shoot(reviewer, "dashboard-reviewer")
    reviewer.get_by_role("link", name="Review queue").click()
    reviewer.get_by_role("link", name="Sette lounge").click()
    expect(reviewer.get_by_role("heading", name="Exact figures")).to_be_visible()
    expect(reviewer.locator(".verdict")).to_contain_text("Every bet keeps a positive house edge")
    shoot(reviewer, "submission-evidence")
    reviewer.get_by_label("Reason").fill("Exact and simulated figures within the bounds.")
    reviewer.get_by_role("button", name="Approve").click()
    expect(reviewer.locator("#submission-status")).to_contain_text("Approved")

    # The admin puts the approved version on a table.
    admin = sign_in(adam)
    shoot(admin, "dashboard-admin")
    admin.get_by_role("link", name="Tables", exact=True).click()
    admin.locator('tr[data-table="SM-07"]').get_by_role("link", name="Assign paytable").click()
    choose_version(admin, "Sette lounge — paytable v1")
    admin.get_by_role("button", name="Assign").click()
    expect(admin.locator('tr[data-table="SM-07"]')).to_contain_text("Sette lounge")
    shoot(admin, "tables")
    table.refresh_from_db()
    assert table.paytable_version_id == submission.paytable_version_id


def test_the_reviewer_sees_why_an_approval_is_refused(sign_in, shoot):
    jurisdiction = JurisdictionFactory()
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    victor = UserFactory(username="victor", roles=[Role.OFFICER, Role.REVIEWER])
    favourable = make_under_review(officer=alice, preset="seven-half-home", name="Home rules",
                                   jurisdiction=jurisdiction)
    own = make_under_review(officer=victor, certifier=alice, preset="sette-e-mezzo", name="Victor's own",
                            jurisdiction=jurisdiction)

    reviewer = sign_in(rita)
    reviewer.goto(f"/submissions/{favourable.pk}/")
    blocker = reviewer.locator("#approval-blocker")
    expect(blocker).to_contain_text("cannot be approved")
    expect(blocker).to_contain_text("negative house edge")
    expect(reviewer.locator("#approve")).to_be_disabled()
    expect(reviewer.locator(".verdict")).to_contain_text("Main bet")
    shoot(reviewer, "submission-player-favourable")

    submitter = sign_in(victor)
    submitter.goto(f"/submissions/{own.pk}/")
    expect(submitter.locator("#approval-blocker")).to_contain_text("you submitted it")
    expect(submitter.locator("#approve")).to_be_disabled()
    shoot(submitter, "submission-own-blocked")
    for submission in (favourable, own):
        submission.refresh_from_db()
        assert submission.status == SubmissionStatus.UNDER_REVIEW
    assert not TableConfiguration.objects.exists()
