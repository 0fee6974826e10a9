"""A compliance officer's journey in the browser: one approved version filed with two
regulators, each regulator's letter transcribed (and uploaded), the approval matrix following."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from babel.dates import format_date
from django.utils import timezone
from playwright.sync_api import expect

from casino.models import CasinoProperty, RegulatorDecision
from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_approved
from tests.web.regulator_world import BOUNDS, PDF

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def cell(page, version_pk: int, code: str):
    return page.locator(f'#approval-matrix tr[data-version="{version_pk}"] td[data-jurisdiction="{code}"]')


def record_decision(page, *, jurisdiction: str, decision: str, reference: str, letter, **fields) -> None:
    page.get_by_role("link", name="Record a decision").click()
    page.get_by_label("Jurisdiction").select_option(label=jurisdiction)
    page.get_by_label("Decision").select_option(label=decision)
    page.get_by_label("Regulator's reference").fill(reference)
    for label, value in fields.items():
        field = page.get_by_label(label)
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(label=value)
        else:
            field.fill(value)
    page.get_by_label("Regulator's letter").set_input_files(str(letter))
    page.get_by_role("button", name="Record the decision").click()
    expect(page.get_by_role("status")).to_contain_text(f"{decision} in {jurisdiction.split(' (')[0]} recorded")


def test_an_officer_files_with_two_regulators_and_records_their_letters(sign_in, shoot, tmp_path):
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    home = JurisdictionFactory()
    JurisdictionFactory(code="sierra", name="Sierra Gaming Board", house_edge_bounds=BOUNDS)
    tahoe = JurisdictionFactory(code="tahoe", name="Tahoe Commission", house_edge_bounds=BOUNDS,
                                field_trial_required=True, field_trial_days=180)
    CasinoProperty.objects.create(name="Tahoe Lodge", jurisdiction=tahoe)
    approved = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette regulators",
                             jurisdiction=home)
    version = approved.paytable_version
    letter = tmp_path / "sgb-approval.pdf"
    letter.write_bytes(PDF)
    today = timezone.localdate()
    expires = today + dt.timedelta(days=60)

    page = sign_in(alice)
    page.get_by_role("link", name="Approvals").click()
    expect(cell(page, version.pk, "sierra")).to_have_text("not filed")
    expect(cell(page, version.pk, "tahoe")).to_have_text("not filed")

    page.get_by_role("link", name="Variants", exact=True).click()
    page.get_by_role("link", name="Sette regulators").click()
    page.get_by_role("link", name="Regulators of v1").click()
    page.get_by_label("Sierra Gaming Board").check()
    page.get_by_label("Tahoe Commission").check()
    page.get_by_role("button", name="File with the chosen regulators").click()
    expect(page.get_by_role("status")).to_contain_text("Filed paytable v1 in Sierra Gaming Board, Tahoe Commission")
    expect(page.locator('#standing tr[data-jurisdiction="sierra"]')).to_contain_text("Submitted")
    expect(page.locator('#standing tr[data-jurisdiction="tahoe"]')).to_contain_text("Submitted")

    record_decision(page, jurisdiction="Sierra Gaming Board (sierra)", decision="Approved",
                    reference="SGB-2026-041", letter=letter,
                    **{"Conditions": "at most 4 tables", "Effective date": today.isoformat(),
                       "Expiry date": expires.isoformat()})
    record_decision(page, jurisdiction="Tahoe Commission (tahoe)", decision="Field trial",
                    reference="TC-FT-7", letter=letter,
                    **{"Conditions": "host casino only, at most 2 tables, 180 days",
                       "Host property": "Tahoe Lodge (Tahoe Commission)", "Table limit": "2"})
    standing = page.locator('#standing tr[data-jurisdiction="tahoe"]')
    expect(standing).to_contain_text("Field trial")
    expect(standing).to_contain_text("at Tahoe Lodge, at most 2 tables")
    shoot(page, "version-regulators")
    letter_url = page.locator('#standing tr[data-jurisdiction="sierra"]').get_by_role("link", name="letter").get_attribute("href")
    download = page.request.get(letter_url)
    assert download.status == 200 and download.body() == PDF

    page.get_by_role("link", name="Approvals").click()
    sierra_cell, tahoe_cell = cell(page, version.pk, "sierra"), cell(page, version.pk, "tahoe")
    expect(sierra_cell).to_contain_text("Approved")
    expect(sierra_cell).to_contain_text("SGB-2026-041")
    # Dates in running text are written the reader's way (English here).
    expect(sierra_cell).to_contain_text(f"until {format_date(expires, 'medium', locale='en')}")
    expect(sierra_cell).to_have_class("expiring")
    expect(tahoe_cell).to_contain_text("Field trial")
    expect(tahoe_cell).to_contain_text("TC-FT-7")
    page.get_by_label("State").select_option(label="Field trial")
    page.get_by_role("button", name="Filter").click()
    expect(page.locator(f'#approval-matrix tr[data-version="{version.pk}"]')).to_be_visible()
    shoot(page, "approval-matrix")
    export = page.request.get(page.get_by_role("link", name="Export as CSV").get_attribute("href"))
    assert export.status == 200
    exported = {(r["jurisdiction"], r["status"], r["reference"]) for r in csv.DictReader(io.StringIO(export.text()))}
    assert {("sierra", "approved", "SGB-2026-041"), ("tahoe", "field_trial", "TC-FT-7")} <= exported

    letters = RegulatorDecision.objects.exclude(letter="").values_list("reference", "letter_sha256")
    assert {reference for reference, digest in letters if len(digest) == 64} == {"SGB-2026-041", "TC-FT-7"}
