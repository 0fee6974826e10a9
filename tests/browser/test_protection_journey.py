"""The game protection audit in a real browser, with a real worker: start, progress, results."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_variant

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]

WORKER_TIMEOUT_MS = 240_000


def test_an_officer_audits_game_protection_and_reads_the_table(sign_in, shoot, start_worker):
    start_worker(concurrency=2)
    officer = UserFactory(username="olga", roles=[Role.OFFICER])
    variant = make_variant(actor=officer, preset="seven-half-casino", name="Casino protection",
                           jurisdiction=JurisdictionFactory(), dealer_upcard_visible=False)
    page = sign_in(officer)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"/variants/{variant.pk}/")
    section = page.locator("#protection")
    expect(section).to_contain_text("No game protection audit of this paytable version yet")
    page.get_by_label("Seats").fill("3")
    page.get_by_label("Penetration").fill("0.5")
    page.get_by_label("Procedure").fill("riffle,riffle,cut")
    page.get_by_label("Rounds").fill("100")
    page.get_by_role("button", name="Run the game protection audit").click()
    expect(page.get_by_role("progressbar", name="Game protection audit progress")).to_be_visible()
    shoot(page, "protection-running")
    table = page.locator("#protection-table")
    expect(table).to_be_visible(timeout=WORKER_TIMEOUT_MS)
    expect(page.locator("#protection-step")).to_have_text("Done")
    dealer = table.locator('tr[data-exposure="dealer_card"]')
    expect(dealer).to_contain_text("exact")
    expect(dealer).to_contain_text("no-peek dealing")
    expect(table.locator('tr[data-exposure="next_card"]')).to_contain_text("Next card known")
    expect(table.locator('tr[data-exposure="shuffle"]')).to_contain_text("add")
    expect(table.locator('tr[data-exposure="dealt_through"]')).to_contain_text("95% CI")
    names = table.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.exposure)")
    assert names == ["dealer_card", "one_card", "next_card", "collusion", "dealt_through", "shuffle"]
    shoot(page, "protection-done")
    assert problems == []
