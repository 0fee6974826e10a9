"""The rule form feels instant: the house edge follows every change, errors appear live."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory

# The live edge is timed: run alone, not beside the parallel part of the suite.
pytestmark = [pytest.mark.browser, pytest.mark.serial, pytest.mark.django_db(transaction=True)]


def main_edge(page) -> str:
    return page.locator('#edge-table tr[data-bet="main"] .house-edge').inner_text()


def test_the_house_edge_and_field_errors_follow_the_form(sign_in, shoot, page_problems):
    # An invalid form is answered 400 with the errors per field: provoked here on purpose.
    page_problems.allow(r"/variants/preview/$", 400)
    JurisdictionFactory()
    page = sign_in(UserFactory(username="olga", roles=[Role.OFFICER]))
    page.goto("/variants/new/")
    page.locator('a.choice[href$="preset=sette-e-mezzo"]').click()
    before = main_edge(page)
    assert before.endswith("%") and "player advantage" not in before

    natural = page.get_by_label("Natural (reale)")
    started = time.monotonic()
    natural.fill("3")
    expect(page.locator('#edge-table tr[data-bet="main"] .house-edge')).not_to_have_text(before, timeout=5_000)
    assert time.monotonic() - started < 3, "the live edge took too long to follow the payout"

    win = page.get_by_label("Win", exact=True)
    win.fill("abc")
    expect(page.locator("#id_win_errors, #id_payouts__win_errors").first).to_contain_text("must", timeout=5_000)
    expect(page.locator("#edge-table")).to_have_class("figures stale")
    shoot(page, "variant-create-field-error")
    win.fill("3")
    expect(page.locator("#edge-table")).to_contain_text("player advantage", timeout=5_000)
    shoot(page, "variant-create-player-advantage")
    win.fill("1")
    expect(page.locator("#edge-table")).not_to_contain_text("player advantage", timeout=5_000)


def test_a_payout_typed_before_the_script_ran_is_priced_when_it_does(sign_in):
    JurisdictionFactory()
    page = sign_in(UserFactory(username="ugo", roles=[Role.OFFICER]))
    held = []
    # The page's script arrives only after the user has typed (a slow network, a cold cache).
    page.route("**/js/preview.js", lambda route: held.append(route))
    page.goto("/variants/create/?preset=sette-e-mezzo", wait_until="commit")
    before = main_edge(page)
    page.get_by_label("Natural (reale)").fill("3")
    page.wait_for_timeout(200)  # the held request reaches the route handler meanwhile
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator('#edge-table tr[data-bet="main"] .house-edge')).not_to_have_text(before, timeout=5_000)


def test_forms_are_usable_from_the_keyboard_with_a_visible_focus(sign_in):
    JurisdictionFactory()
    page = sign_in(UserFactory(username="kai", roles=[Role.OFFICER]))
    page.goto("/variants/create/?preset=nine-ten-eleven")
    page.locator("#id_name").focus()
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.id")
    assert focused == "id_jurisdiction"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
