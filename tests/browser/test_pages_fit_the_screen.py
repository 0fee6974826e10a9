"""Pages fit the screen: from a 390 px phone to a 1920 px monitor, in English, Italian and
Spanish, the dashboard, a variant, the approval matrix, the tables and /verify/ never scroll
sideways; the header wraps, and the user's roles, Security and Sign out sit in one menu."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_approved, make_table
from tests.support.second_factor import verified_client

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 1280, 1920)
LANGUAGES = ("en", "it", "es")
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture
def pages():
    """One officer-reviewer-admin (the most links in the header), an approved variant on a table."""
    jurisdiction = JurisdictionFactory()
    officer = UserFactory(username="olivia", roles=[Role.OFFICER])
    wide = UserFactory(username="maximiliana-de-la-fuente", roles=[Role.REVIEWER, Role.ADMIN, Role.AUDITOR])
    approved = make_approved(officer=officer, reviewer=wide, preset="sette-e-mezzo",
                             name="Sette e mezzo della casa, versione lunga", jurisdiction=jurisdiction)
    make_table(admin=wide, variant=approved.variant, version=approved.paytable_version, table_id="TAVOLO-01")
    client = verified_client(Client(), wide)
    urls = [reverse("home"), reverse("web:variant-detail", args=[approved.variant_id]),
            reverse("web:approval-matrix"), reverse("web:table-list"), reverse("web:verify")]
    return client.cookies["sessionid"].value, urls


def test_no_page_scrolls_sideways_at_any_width_in_any_language(browser, live_server, pages, shoot):
    session, urls = pages
    overflowing = []
    for language in LANGUAGES:
        context = browser.new_context(locale=language, base_url=live_server.url,
                                      viewport={"width": WIDTHS[0], "height": 800})
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        page = context.new_page()
        for url in urls:
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", language)
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 800})
                excess = page.evaluate(OVERFLOW)
                if excess > 0:
                    overflowing.append(f"{url} {language} {width}px: {excess}px too wide")
                    shoot(page, f"overflow-{language}-{width}-{url.strip('/').replace('/', '-') or 'home'}")
        context.close()
    assert overflowing == []


def test_the_header_keeps_roles_security_and_sign_out_in_the_users_menu(browser, live_server, pages):
    session, _urls = pages
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 800})
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.goto("/")
    sign_out = page.get_by_role("button", name="Sign out")
    expect(sign_out).to_be_hidden()
    # The roles are one line of the menu, not a column in the header.
    header_height = page.locator("header.topbar").bounding_box()["height"]
    page.locator("summary.user").click()
    expect(sign_out).to_be_visible()
    expect(page.get_by_role("link", name="Security")).to_be_visible()
    roles = page.locator(".usermenu .role")
    expect(roles).to_have_text("Reviewer, Admin, Auditor")
    assert roles.bounding_box()["height"] < 3 * 20  # a line or two at most, never a column of four
    assert page.evaluate(OVERFLOW) <= 0
    assert header_height < 400
    context.close()
