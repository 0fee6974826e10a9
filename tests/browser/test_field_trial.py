"""The operator's journey: check a field file against theory, then set the table's player mix
and read its economics."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from casino import workflow
from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_approved, make_table
from tests.certification.test_field_results import field_csv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch(page) -> list[str]:
    """Console errors and failed requests of the page, gathered as it is used."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return problems


def test_economics_and_a_field_trial_in_the_browser(sign_in, shoot, tmp_path):
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    jurisdiction = JurisdictionFactory()
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette floor",
                             jurisdiction=jurisdiction)
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version)
    workflow.table_activate(table=table, actor=adam)

    officer = sign_in(alice)
    problems = watch(officer)
    text, _ = field_csv(days=40, seats=7, seen_from=20, tenfold=True)
    path = tmp_path / "trial.csv"
    path.write_text(text)
    officer.goto("/field/")
    officer.get_by_label("Field results (CSV)").set_input_files(str(path))
    officer.get_by_role("button", name="Check and keep").click()
    expect(officer.locator('[data-drift="T-01"]')).to_contain_text("drift from")
    expect(officer.locator("#day-alarms")).to_contain_text("improbable")
    expect(officer.locator("svg.chart")).to_have_count(2)
    shoot(officer, "field-trial")
    with officer.expect_response(lambda r: r.url.endswith("/report.pdf")) as pdf:
        officer.evaluate("url => fetch(url)", officer.get_by_role("link", name="Field-trial report (PDF)").get_attribute("href"))
    assert pdf.value.status == 200 and pdf.value.headers["content-type"] == "application/pdf"
    assert not problems, problems

    page = sign_in(adam)
    problems = watch(page)
    page.goto("/tables/")
    page.get_by_role("link", name="T-01").click()
    expect(page.locator('[data-figure="theo-hour"]')).to_contain_text("an hour")
    all_optimal = page.locator('[data-figure="theo-hour"]').inner_text()
    page.get_by_role("link", name="Edit economics").click()
    page.get_by_label("Optimal players (%)").fill("25")
    page.get_by_label("Players who mimic the dealer (%)").fill("75")
    page.get_by_label("Occupied seats").fill("5")
    page.get_by_label("Average initial bet").fill("10")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Economics of table T-01 saved.")).to_be_visible()
    expect(page.locator('[data-figure="theo-hour"]')).not_to_have_text(all_optimal)
    expect(page.locator("svg.chart")).to_have_count(2)
    expect(page.locator("#field")).to_contain_text("trial.csv")
    shoot(page, "table-economics")
    assert not problems, problems
