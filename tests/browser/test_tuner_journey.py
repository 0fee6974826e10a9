"""From a player-favourable preset to an approvable draft, in a real browser, with a real
worker running the search: the tuner's suggestion becomes a draft whose live edge is in band."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from playwright.sync_api import expect

from casino.models import GameVariant
from casino.permissions import Role
from certification.models import TuningJob
from tests.backoffice.factories import JurisdictionFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]
WORKER_TIMEOUT_MS = 240_000


def _percent(text: str) -> Fraction:
    match = re.search(r"(-?\d+\.\d+)\s*%", text.replace("\u00a0", " "))
    assert match, text
    return Fraction(match.group(1)) / 100


def test_a_player_favourable_preset_becomes_an_approvable_draft(sign_in, shoot, start_worker):
    JurisdictionFactory()  # main bet 0.5 %-15 %
    olga = UserFactory(username="olga", roles=[Role.OFFICER])
    start_worker(concurrency=1, name="tuner")
    page = sign_in(olga)  # the browser fixture fails the test on console errors and failed loads

    page.goto("/variants/new/")
    page.locator('a.choice[href$="preset=seven-half-home"]').click()
    page.get_by_label("Variant name").fill("Home game")
    page.get_by_role("button", name="Create draft variant").click()
    edge = page.locator('#edge-table tr[data-bet="main"] .house-edge')
    expect(edge).to_contain_text("player advantage")

    page.get_by_role("link", name="Find an approvable version").click()
    expect(page.get_by_label("House edge from (%)")).to_have_value("0.5000")
    expect(page.get_by_label("House edge to (%)")).to_have_value("15.0000")
    expect(page.get_by_label("Dealer stands at", exact=True)).to_be_checked()
    shoot(page, "tuner-form")
    page.get_by_role("button", name="Search on the workers").click()
    expect(page.locator('[role="progressbar"]')).to_be_visible()
    shoot(page, "tuner-running")

    # The poll reloads the page when the workers have finished.
    expect(page.locator("#suggestions")).to_be_visible(timeout=WORKER_TIMEOUT_MS)
    expect(page.locator("svg.tuning-chart")).to_be_visible()
    expect(page.locator("#tuning-summary")).to_contain_text("Fewest changes that reach the band")
    shoot(page, "tuner-suggestions")
    job = TuningJob.objects.get()
    first = job.result["suggestions"][0]
    suggested = Fraction(first["bets"]["main"]["house_edge_fraction"])

    page.get_by_role("button", name="Create a draft from suggestion 1", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("from suggestion 1")
    live = _percent(edge.inner_text())
    assert "player advantage" not in edge.inner_text()
    assert Fraction(5, 1000) <= live <= Fraction(15, 100)
    assert abs(live - suggested) < Fraction(1, 10**6)  # the page rounds to 4 decimals of a %
    exact = edge.locator(".edge").get_attribute("title")
    assert exact == f"exact: {suggested.numerator}/{suggested.denominator}"
    shoot(page, "tuner-draft")
    if all(key.startswith("payouts.") for key in first["changes"]):
        # Payouts of a draft: its next paytable version, with where it came from.
        expect(page.get_by_role("heading", name="House edge of paytable v2")).to_be_visible()
        assert GameVariant.objects.count() == 1
    else:
        expect(page.locator("#provenance")).to_contain_text(f"tuning {job.pk}")
        assert GameVariant.objects.exclude(name="Home game").get().status == "draft"
