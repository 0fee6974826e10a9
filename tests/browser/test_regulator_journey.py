"""A regulator's journey in the browser: Sierra's regulator signs in and sees Sierra's matrix,
certificates, tables and notices, and nothing of Tahoe's; then anyone, without signing in,
checks a certificate PDF on /verify/: genuine and valid, then revoked once it is revoked."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import transaction
from playwright.sync_api import expect

from casino.permissions import Role
from casino.services.revocations import certificate_revoke
from tests.backoffice.factories import JurisdictionFactory, UserFactory
from tests.browser.conftest import PASSWORD
from tests.regulators.world import certified, issued_pdf
from tests.web.regulator_world import BOUNDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def world():
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    home = JurisdictionFactory()
    sierra = JurisdictionFactory(code="sierra", name="Sierra Gaming Board", house_edge_bounds=BOUNDS)
    tahoe = JurisdictionFactory(code="tahoe", name="Tahoe Commission", house_edge_bounds=BOUNDS)
    people = {"alice": alice, "rita": rita, "adam": adam}
    mine = certified("Sette Sierra", home, sierra, table_id="S-1", **people)
    theirs = certified("Sette Tahoe", home, tahoe, table_id="T-1", **people)
    return adam, mine, theirs


def sign_in_as_regulator(browser, live_server, username: str):
    context = browser.new_context(viewport={"width": 1360, "height": 900}, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/regulator/")  # the dashboard sends a regulator home
    return context, page


def test_a_regulator_sees_its_own_and_anyone_verifies_a_certificate(browser, live_server, shoot, tmp_path,
                                                                     page_problems):
    cache.clear()
    page_problems.allow(r"/regulator/certificates/[^/]+/certificate\.pdf$", 404)
    adam, mine, theirs = world()
    call_command("setup_roles", "--user", "sam", "--role", "regulator", "--jurisdiction", "sierra", "--create",
                 verbosity=0)
    sam = UserFactory._meta.model.objects.get(username="sam")
    sam.set_password(PASSWORD)
    sam.save(update_fields=["password"])

    context, page = sign_in_as_regulator(browser, live_server, "sam")
    matrix = page.locator("#approval-matrix")
    expect(matrix.locator("thead th[data-jurisdiction]")).to_have_count(1)
    expect(matrix.locator('thead th[data-jurisdiction="sierra"]')).to_have_text("Sierra Gaming Board")
    expect(matrix.locator(f'tr[data-version="{mine["version"].pk}"] td[data-jurisdiction="sierra"]')) \
        .to_have_attribute("data-status", "approved")
    expect(matrix).not_to_contain_text("Sette Tahoe")
    expect(page.locator("#home-notices")).to_contain_text(mine["notice"].title)
    expect(page.locator("#home-notices")).not_to_contain_text("Tahoe")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Variants")).to_have_count(0)
    expect(nav.get_by_role("link", name="Audit trail")).to_have_count(0)
    shoot(page, "regulator-home")

    nav.get_by_role("link", name="Certificates").click()
    certificates = page.locator("#certificates")
    expect(certificates.locator(f'tr[data-certificate="{mine["run"].certificate_number}"]')).to_be_visible()
    expect(certificates).not_to_contain_text(theirs["run"].certificate_number)
    nav.get_by_role("link", name="Tables").click()
    expect(page.locator('#tables tr[data-table="S-1"] td[data-approved]')).to_have_attribute("data-approved", "yes")
    expect(page.locator("#tables")).not_to_contain_text("T-1")
    nav.get_by_role("link", name="Notices").click()
    expect(page.locator("#notices")).to_contain_text(mine["notice"].title)
    expect(page.locator("#notices li")).to_have_count(1)
    # Another jurisdiction's certificate, asked for by its address, is not found.
    other = page.goto(f"/regulator/certificates/{theirs['run'].certificate_number}/certificate.pdf")
    assert other.status == 404
    context.close()

    pdf = tmp_path / "certificate.pdf"
    pdf.write_bytes(issued_pdf(mine["run"]))
    public = browser.new_context(viewport={"width": 1360, "height": 900}, base_url=live_server.url)
    page = public.new_page()
    page.set_default_timeout(15_000)

    def verify():
        page.goto("/verify/")
        page.get_by_label("Certificate number").fill(mine["run"].certificate_number)
        page.get_by_label("The certificate PDF").set_input_files(str(pdf))
        page.get_by_role("button", name="Verify").click()
        return page.locator("#verdict")

    verdict = verify()
    expect(verdict).to_have_attribute("data-genuine", "yes")
    expect(verdict).to_have_attribute("data-status", "valid")
    expect(verdict).to_contain_text("Valid: the certificate stands today.")
    expect(page.locator('#verdict-jurisdictions li[data-jurisdiction="sierra"]')).to_have_text("Sierra Gaming Board")
    shoot(page, "verify-valid")

    with transaction.atomic():
        certificate_revoke(run=mine["run"], actor=adam, reason="the shuffle was not the one certified")
    verdict = verify()
    expect(verdict).to_have_attribute("data-status", "revoked")
    expect(verdict).to_contain_text("Revoked: the certificate no longer stands.")
    expect(verdict).not_to_contain_text("shuffle")
    shoot(page, "verify-revoked")
    public.close()
