"""Transcribing a regulator's letter: state, reference, conditions, dates and the letter itself;
bad input is a field error and writes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from casino.models import DecisionStatus, RegulatorDecision
from casino.selectors import regulator_state
from tests.web.regulator_world import PDF, decide

pytestmark = pytest.mark.django_db


@pytest.fixture
def filed(version, sierra, alice):
    return decide(version, sierra, DecisionStatus.SUBMITTED, alice)


def record(client, version, **fields):
    data = {"jurisdiction": "sierra", "status": "approved", "reference": "SGB-2026-17", **fields}
    return client.post(reverse("web:decision-record", args=[version.pk]), data)


def letter(name="approval.pdf", content=PDF, content_type="application/pdf"):
    return SimpleUploadedFile(name, content, content_type=content_type)


def test_an_officer_records_an_approval_with_its_letter(as_user, alice, version, sierra, filed):
    response = record(as_user(alice), version, conditions="at most 2 tables", effective="2026-01-05",
                      expires="2028-01-04", letter=letter())
    assert response.status_code == 302
    decision = regulator_state(paytable_version=version, jurisdiction=sierra)
    assert (decision.status, decision.reference, decision.conditions) == ("approved", "SGB-2026-17",
                                                                          "at most 2 tables")
    assert (decision.effective, decision.expires) == (dt.date(2026, 1, 5), dt.date(2028, 1, 4))
    assert decision.recorded_by == alice and len(decision.letter_sha256) == 64
    download = as_user(alice).get(reverse("web:decision-letter", args=[decision.pk]))
    assert download.status_code == 200 and b"".join(download.streaming_content) == PDF


def test_a_field_trial_names_its_host_property(as_user, alice, version, filed, sierra_casino):
    response = record(as_user(alice), version, status="field_trial")
    assert response.status_code == 400 and response.context["form"].errors["host_property"]
    response = record(as_user(alice), version, status="field_trial", host_property=sierra_casino.pk,
                      table_limit="2")
    assert response.status_code == 302
    trial = RegulatorDecision.objects.get(status=DecisionStatus.FIELD_TRIAL)
    assert trial.host_property == sierra_casino and trial.table_limit == 2


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"effective": "2026-03-01", "expires": "2026-02-01"}, "expires", "before the effective date"),
    ({"effective": "31/02/2026"}, "effective", "valid date"),
    ({"status": "rejected"}, "reason", "gives its reason"),
    ({"status": "expired"}, "status", "not one of the available choices"),
    ({"jurisdiction": "atlantis"}, "jurisdiction", "not one of the available choices"),
    ({"table_limit": "0", "status": "field_trial"}, "table_limit", "greater than or equal to 1"),
])
def test_bad_input_is_a_field_error_and_nothing_is_written(as_user, alice, version, filed, fields,
                                                          field, words):
    before = RegulatorDecision.objects.count()
    response = record(as_user(alice), version, **fields)
    assert response.status_code == 400
    assert words in " ".join(response.context["form"].errors[field])
    assert RegulatorDecision.objects.count() == before


@pytest.mark.parametrize(("upload", "words"), [
    (lambda: letter("letter.exe", b"MZ\x90\x00", "application/octet-stream"), "not accepted for a letter"),
    (lambda: letter("letter.pdf", b"MZ\x90\x00 not a pdf"), "not a .pdf file"),
    (lambda: letter("letter.pdf", PDF + b"0" * 4096), "the limit is 1024"),
])
def test_a_letter_the_upload_checks_refuse_is_a_field_error(as_user, alice, version, filed, settings,
                                                           upload, words):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 1024
    response = record(as_user(alice), version, letter=upload())
    assert response.status_code == 400 and words in " ".join(response.context["form"].errors["letter"])
    assert regulator_state(paytable_version=version, jurisdiction=filed.submission.jurisdiction).status == "submitted"


def test_a_decision_the_filing_cannot_take_says_why(as_user, alice, version, sierra):
    response = record(as_user(alice), version)  # never filed in Sierra
    assert response.status_code == 400
    assert "never filed in Sierra Gaming Board" in " ".join(response.context["form"].non_field_errors())
    assert regulator_state(paytable_version=version, jurisdiction=sierra) is None


def test_reviewers_auditors_and_outsiders_cannot_record(as_user, rita, audrey, oscar, version, filed):
    for user in (rita, audrey, oscar):
        client = as_user(user)
        assert client.get(reverse("web:decision-record", args=[version.pk])).status_code == 403
        assert record(client, version).status_code == 403
    assert RegulatorDecision.objects.filter(status="approved", reference="SGB-2026-17").count() == 0


def test_the_form_offers_what_the_officer_may_record(as_user, alice, version):
    form = as_user(alice).get(reverse("web:decision-record", args=[version.pk]) + "?jurisdiction=sierra")
    choices = [value for value, _ in form.context["form"].fields["status"].choices]
    assert choices == ["submitted", "field_trial", "approved", "rejected", "withdrawn"]


def test_an_open_filing_links_to_its_next_decision_with_the_jurisdiction_chosen(as_user, alice, version, filed):
    page = as_user(alice).get(reverse("web:version-jurisdictions", args=[version.pk])).content.decode()
    link = reverse("web:decision-record", args=[version.pk]) + "?jurisdiction=sierra"
    assert f'href="{link}"' in page
    form = as_user(alice).get(link).content.decode()
    assert '<option value="sierra" selected>' in form
