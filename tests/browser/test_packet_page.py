"""Prepare the submission, in a real browser: the profile's checklist, a packet built by a real
worker, downloaded and verified offline."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command
from playwright.sync_api import expect

from casino.models import Jurisdiction
from casino.permissions import Role
from tests.backoffice.factories import UserFactory, make_submission
from tests.packets.conftest import add_shipped_profiles, certify

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_an_officer_prepares_the_nevada_packet_and_downloads_it(sign_in, shoot, start_worker, tmp_path):
    add_shipped_profiles(apps)
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    submission = make_submission(officer=alice, preset="sette-e-mezzo", name="Sette lounge",
                                 jurisdiction=Jurisdiction.objects.get(code="nevada"))
    certify(variant=submission.variant)
    start_worker(concurrency=1)

    page = sign_in(alice)
    page.goto(f"/submissions/{submission.pk}/")
    page.get_by_role("link", name="Prepare the submission").click()
    checklist = page.locator("#packet-checklist")
    expect(checklist).to_contain_text("What the Nevada profile requires")
    expect(checklist.locator('tr[data-ready="no"]', has_text="Simulation size")).to_contain_text("10,000,000")
    page.get_by_label("Applicant or petitioner").fill("Acme Gaming")
    page.get_by_label("Host casino").fill("Casino Royale")
    page.get_by_role("button", name="Show the checklist").click()
    expect(checklist.locator('tr[data-ready="yes"]', has_text="host casino")).to_contain_text("Acme Gaming")
    shoot(page, "packet-checklist")

    page.get_by_role("button", name="Build the Nevada packet").click()
    link = page.get_by_role("link", name="Download (ZIP)")
    expect(link).to_be_visible(timeout=120_000)
    shoot(page, "packet-built")
    with page.expect_download() as download:
        link.click()
    path = tmp_path / "packet.zip"
    download.value.save_as(path)
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    assert out.getvalue().startswith("AUTHENTIC") and "Nevada packet for Sette lounge" in out.getvalue()
