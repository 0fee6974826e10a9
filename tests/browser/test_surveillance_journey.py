"""A surveillance officer's journey: rounds arrive and ask for a scan, the scan opens a case on
the hole-card reader, the officer reads it (evidence, key decisions, a round, the power),
adds a note and closes it with a reason."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from casino.permissions import Role
from casino.rules.rounds import Batch
from casino.services.round_partitions import forget_known_partitions
from casino.services.rounds_ingest import ingest_batch
from certification.models import SurveillanceCase
from certification.services.surveillance import surveillance_scan
from certification.tasks import surveillance as scan_tasks
from tests.backoffice.factories import UserFactory, make_table, make_variant
from tests.browser.conftest import PASSWORD
from tests.surveillance.floor_rounds import READER, floor_rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_case_from_the_rounds_to_its_closure(browser, live_server, monkeypatch, shoot):
    cache.clear()
    forget_known_partitions()
    asked = []
    monkeypatch.setattr(scan_tasks.surveillance_scan_task, "apply_async",
                        lambda args, countdown: asked.append((args, countdown)))
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    table = make_table(admin=adam, variant=make_variant(actor=None, preset="sette-e-mezzo"), table_id="T-01",
                       bet_limits={"ante": {"min": 5, "max": 25}})
    ingest_batch(batch=Batch(batch_id="b-1", rounds=floor_rounds(240)), source="command")
    assert asked == [((table.pk,), scan_tasks.SCAN_DELAY)]  # stored rounds ask for one scan
    (case,) = surveillance_scan(table_pk=table.pk)

    sam = UserFactory(username="sam", roles=[Role.SURVEILLANCE], is_staff=False)
    sam.set_password(PASSWORD)
    sam.save(update_fields=["password"])
    context = browser.new_context(viewport={"width": 1360, "height": 900}, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("sam")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/surveillance/cases/")  # the dashboard sends it to its cases
    expect(page.locator("#cases")).to_contain_text(READER)
    page.get_by_role("link", name=f"#{case.pk}").click()
    expect(page.locator("#evidence")).to_contain_text("Threshold")
    expect(page.locator("#key-decisions tbody tr").first).to_be_visible()
    page.locator("#help summary").click()
    expect(page.locator("#power")).to_contain_text("hole_card")
    shoot(page, "surveillance-case")
    page.locator("#key-decisions tbody a").first.click()
    expect(page.get_by_text("Cards in the order dealt")).to_be_visible()
    page.go_back()
    page.get_by_label("Note", exact=True).first.fill("Video of table T-01 requested")
    page.get_by_role("button", name="Add note").click()
    expect(page.locator("ol")).to_contain_text("Video of table T-01 requested")
    page.get_by_label("Reason").select_option("confirmed")
    page.get_by_role("button", name="Close the case").click()
    expect(page.locator("#case-status")).to_contain_text("Closed")
    case.refresh_from_db()
    assert case.status == "closed" and case.closed_by == sam
    assert SurveillanceCase.objects.count() == 1
    context.close()
