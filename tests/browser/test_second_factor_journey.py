"""A reviewer enrols an authenticator in the browser and signs in with its codes.

The secret is read off the enrolment page as an app would scan it, and each code is
computed from it; a wrong code is refused on the page, and an approval then goes through.
"""

from __future__ import annotations

import base64
import re
import time
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from casino.models import SubmissionStatus
from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_under_review
from tests.support.totp_codes import code_at, pick_step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery staple"


def password_step(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()


def test_enrol_then_sign_in_with_a_code_and_approve(browser, live_server, page_problems):
    page_problems.allow(r"/accounts/two-factor/verify/", 400)  # the wrong code, on purpose
    jurisdiction = JurisdictionFactory()
    officer = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    rita.set_password(PASSWORD)
    rita.save()
    submission = make_under_review(officer=officer, preset="sette-e-mezzo", name="Sette enrolled",
                                   jurisdiction=jurisdiction)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)

    # First sign-in: no authenticator yet, so the password leads to enrolment.
    password_step(page, "rita")
    expect(page).to_have_url(re.compile(r"/accounts/two-factor/enrol/"))
    expect(page.locator("figure.qr svg")).to_be_visible()
    key = base64.b32decode(page.locator("#totp-secret").inner_text().replace(" ", ""))
    assert "otpauth://totp/tablecert:rita" in unquote(page.locator("#totp-uri").text_content())
    last_t = pick_step(int(time.time()) // 30, -1)
    page.get_by_label("Code", exact=True).fill(code_at(key, last_t))
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#recovery-codes li")).to_have_count(10)
    page.get_by_role("link", name="Continue").click()
    expect(page).to_have_url(f"{live_server.url}/")
    page.locator("summary.user").click()  # Sign out sits in the menu under the user's name
    page.get_by_role("button", name="Sign out").click()

    # Next sign-in: the password, then a code; a wrong one is refused on the page.
    password_step(page, "rita")
    expect(page).to_have_url(re.compile(r"/accounts/two-factor/verify/"))
    page.get_by_label("Code", exact=True).fill("12345x")
    page.get_by_role("button", name="Verify").click()
    expect(page.locator("#id_code_errors")).to_contain_text("That code is wrong")
    time.sleep(1.1)  # a failed code holds the device back for a second
    last_t = pick_step(int(time.time()) // 30, last_t)
    page.get_by_label("Code", exact=True).fill(code_at(key, last_t))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(f"{live_server.url}/")

    page.goto(f"/submissions/{submission.pk}/")
    page.locator("#approve").click()
    expect(page.locator(".messages")).to_contain_text("Approved")
    submission.refresh_from_db()
    assert submission.status == SubmissionStatus.APPROVED
    context.close()
