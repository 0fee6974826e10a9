"""The floor in the browser: the officer sees each table against theory on /floor/, takes an
alarm from notice to closure, downloads the month's statistics and verify-report finds them
authentic; Italy's regulator lists the report and reads the alarm's notice."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from casino.celery import app
from casino.services.rounds_ingest import ingest_batch
from certification.services.monthly_statistics import monthly_statistics_issue
from tests.browser.conftest import PASSWORD
from tests.browser.test_regulator_journey import sign_in_as_regulator
from tests.floor_web.rounds import batch, day_rounds, pay_a_reale_even_money
from tests.floor_web.world import floor_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _inline_tasks(settings, tmp_path):
    # The rounds' checks run in the test's process: this journey is about the pages.
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.MEDIA_ROOT = tmp_path / "media"
    yield
    app.conf.task_always_eager = eager


def test_the_floor_an_alarm_to_closure_and_the_monthly_statistics(browser, live_server, sign_in, shoot, tmp_path,
                                                                   page_problems):
    page_problems.allow(r"/floor/alarms/\d+/$", 400)  # closing without a reason is refused
    world = floor_world(language="it")
    world.regulator.set_password(PASSWORD)
    world.regulator.save(update_fields=["password"])
    today = timezone.now().date()
    rounds = day_rounds("T-01", today, 200, seed=11)
    wrong = pay_a_reale_even_money(rounds)
    ingest_batch(batch=batch("floor-1", rounds), source="api", user=world.admin)
    ingest_batch(batch=batch("floor-2", day_rounds("T-02", today, 200, seed=12)), source="api", user=world.admin)

    page = sign_in(world.officer)
    page.goto("/floor/")
    for table in ("T-01", "T-02"):
        section = page.locator(f'section[data-table="{table}"]')
        expect(section.locator("svg.chart")).to_be_visible()
        expect(section.locator('tr[data-span="30 days"] td').first).to_have_text("200")
    shoot(page, "floor-now")
    page.locator("#open-alarms a").first.click()
    expect(page.locator("#evidence")).to_contain_text(wrong.round_id)
    expect(page.locator("#evidence")).to_contain_text("payouts.natural")
    page.get_by_role("button", name="Acknowledged").click()
    expect(page.locator("#alarm")).to_have_attribute("data-status", "acknowledged")
    page.locator("#reason").fill("Pit boss asked for the shoe's tape")
    page.get_by_role("button", name="Under investigation").click()
    expect(page.locator("#alarm")).to_have_attribute("data-status", "investigating")
    page.get_by_role("button", name="Closed").click()  # no reason: refused
    expect(page.get_by_role("alert")).to_contain_text("reason")
    page.locator("#reason").fill("The dealer paid a reale even money; the player was repaid")
    page.get_by_role("button", name="Closed").click()
    expect(page.locator("#alarm")).to_have_attribute("data-status", "closed")
    expect(page.locator("#alarm-reason")).to_contain_text("the player was repaid")
    shoot(page, "floor-alarm-closed")

    report = monthly_statistics_issue(casino_property=world.casino, month=today.replace(day=1))
    page.goto("/floor/statistics/")
    with page.expect_download() as download:
        page.locator(f'tr[data-report="{report.pk}"] a.pdf').click()
    saved = tmp_path / "statistics.pdf"
    download.value.save_as(saved)
    out = io.StringIO()
    call_command("verify-report", str(saved), stdout=out)
    assert "AUTHENTIC" in out.getvalue() and "monthly statistics of Casinò di Sanremo" in out.getvalue()

    context, regulator = sign_in_as_regulator(browser, live_server, world.regulator.username)
    regulator.goto("/regulator/statistics/")
    expect(regulator.locator(f'tr[data-report="{report.pk}"]')).to_be_visible()
    regulator.goto("/regulator/notices/")
    expect(regulator.locator('li[data-kind="floor_alarm"]')).to_contain_text("payouts.natural")
    shoot(regulator, "floor-regulator-notices")
    context.close()
