"""The API drives the whole journey, and bad input is a 4xx naming each field, never a 500."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from casino.models import Submission
from certification.models import CertificationRun
from certification.services import runs as run_services

from .factories import make_variant, preset_parts

pytestmark = pytest.mark.django_db


def test_officer_submits_reviewer_approves(api, alice, rita, jurisdiction):
    family, parameters, payouts = preset_parts("seven-half-casino")
    created = api(alice).post(
        "/api/v1/variants/",
        {
            "name": "Casino 7½",
            "family": family,
            "parameters": parameters,
            "payouts": payouts,
            "jurisdiction": jurisdiction.pk,
            "preset": "seven-half-casino",
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    variant = created.json()
    version = (
        api(alice).get(f"/api/v1/paytable-versions/?variant={variant['id']}").json()["results"][0]
    )
    submitted = api(alice).post(
        "/api/v1/submissions/",
        {"variant": variant["id"], "paytable_version": version["id"]},
        format="json",
    )
    assert submitted.status_code == 201, submitted.content
    sid = submitted.json()["id"]

    run = api(alice).post(
        f"/api/v1/submissions/{sid}/start-certification/",
        {"rounds": 1000, "seed": 1},
        format="json",
    )
    assert run.status_code == 201 and run.json()["certificate_number"].startswith("TC-")
    run_services.certification_run_execute(run=CertificationRun.objects.get(pk=run.json()["id"]))
    assert api(rita).post(f"/api/v1/submissions/{sid}/mark-under-review/").status_code == 200
    check = api(rita).get(f"/api/v1/submissions/{sid}/approval-check/").json()
    assert check == {"can_approve": True, "reason": None, "blocking": []}
    assert (
        api(alice).get(f"/api/v1/submissions/{sid}/approval-check/").json()["can_approve"] is False
    )
    approved = api(rita).post(
        f"/api/v1/submissions/{sid}/approve/", {"reason": "ok"}, format="json"
    )
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    runs = api(rita).get(f"/api/v1/certification-runs/?variant={variant['id']}").json()
    assert runs["count"] == 1 and runs["results"][0]["verdict"]["approvable"] is True


def test_rule_errors_are_400_naming_each_field(api, alice, jurisdiction):
    response = api(alice).post(
        "/api/v1/variants/",
        {
            "name": "bad",
            "family": "seven_and_half",
            "parameters": {"decks": 0, "colour": "red"},
            "payouts": {"win": "abc"},
            "jurisdiction": jurisdiction.pk,
        },
        format="json",
    )
    assert response.status_code == 400
    assert set(response.json()) == {"decks", "colour", "payouts.win"}


def test_serializer_errors_are_400_too(api, alice):
    response = api(alice).post("/api/v1/variants/", {"family": "poker"}, format="json")
    assert response.status_code == 400
    assert {"name", "family", "parameters", "payouts", "jurisdiction"} <= set(response.json())


def test_an_illegal_transition_is_409_with_states(api, alice, rita):
    variant = make_variant(actor=alice)
    response = api(rita).post(f"/api/v1/variants/{variant.pk}/retire/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["from_state"] == "draft" and response.json()["to_state"] == "retired"


def test_blocked_approval_shows_bet_and_figure(api, alice, rita):
    variant = make_variant(actor=alice, payouts={"win": "2", "kd_first_card": "3"})
    sid = (
        api(alice)
        .post(
            "/api/v1/submissions/",
            {"variant": variant.pk, "paytable_version": variant.paytable.latest_version.pk},
            format="json",
        )
        .json()["id"]
    )
    run_id = (
        api(rita)
        .post(f"/api/v1/submissions/{sid}/start-certification/", {}, format="json")
        .json()["id"]
    )
    run_services.certification_run_execute(run=CertificationRun.objects.get(pk=run_id))
    api(rita).post(f"/api/v1/submissions/{sid}/mark-under-review/")
    response = api(rita).post(f"/api/v1/submissions/{sid}/approve/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["blocking"][0]["bet"] == "main"
    assert response.json()["blocking"][0]["figure"] == "house_edge"
    assert Submission.objects.get(pk=sid).status == "under_review"


def test_editing_a_submitted_version_is_409(api, alice, adam):
    variant = make_variant(actor=alice)
    version = variant.paytable.latest_version
    api(alice).post(
        "/api/v1/submissions/",
        {"variant": variant.pk, "paytable_version": version.pk},
        format="json",
    )
    response = api(adam).patch(
        f"/api/v1/paytable-versions/{version.pk}/", {"payouts": {"win": "2"}}, format="json"
    )
    assert response.status_code == 409
    created = api(adam).post(
        "/api/v1/paytable-versions/",
        {"paytable": variant.paytable.pk, "payouts": {"win": "2", "kd_first_card": "3"}},
        format="json",
    )
    assert created.status_code == 201 and created.json()["number"] == 2


def test_token_authentication(alice):
    token = Token.objects.create(user=alice)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get("/api/v1/variants/").status_code == 200
    client.credentials(HTTP_AUTHORIZATION="Token wrong")
    assert client.get("/api/v1/variants/").status_code in (401, 403)


def test_lists_are_filtered_and_paginated(api, alice):
    for index in range(3):
        make_variant(actor=alice, name=f"variant {index}")
    make_variant(actor=alice, name="nine", preset="nine-ten-eleven")
    page = api(alice).get("/api/v1/variants/?family=nine_ten_eleven").json()
    assert page["count"] == 1 and page["results"][0]["name"] == "nine"
    assert {"count", "next", "previous", "results"} <= set(
        api(alice).get("/api/v1/variants/").json()
    )


def test_report_download(api, alice, audrey, settings):
    from django.core.files.base import ContentFile

    variant = make_variant(actor=alice)
    run = run_services.certification_run_create(
        variant=variant, paytable_version=variant.paytable.latest_version, requested_by=alice
    )
    assert api(audrey).get(f"/api/v1/certification-runs/{run.pk}/report/").status_code == 404
    run.report.save("report.pdf", ContentFile(b"%PDF-1.4 certificate"))
    response = api(audrey).get(f"/api/v1/certification-runs/{run.pk}/report/")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"%PDF-1.4 certificate"
