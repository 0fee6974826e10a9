"""The tuner through the API: start, read, draft; roles and bad input answered as 4xx."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.models import GameVariant
from certification.models import TuningJob
from certification.services.tuning import tuning_job_create, tuning_job_perform_locally
from tests.backoffice.factories import make_variant

pytestmark = [pytest.mark.services, pytest.mark.django_db]

URL = "/api/v1/tuning-jobs/"
VARY = ["dealer_stands_at=5:7:1/2", "ties=push,dealer", "payouts.seven_and_half=1:2:1/2"]


@pytest.fixture
def siete(alice, jurisdiction):
    return make_variant(actor=alice, preset="siete-y-media", name="Siete house",
                        jurisdiction=jurisdiction)


@pytest.fixture
def finished(siete, alice):
    job = tuning_job_create(variant=siete, actor=alice, vary=VARY,
                            band=(Fraction(2, 100), Fraction(5, 100)), dispatch=False)
    return tuning_job_perform_locally(job_id=job.pk)


def test_an_officer_starts_a_search(api, alice, siete, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        response = api(alice).post(URL, {"variant": siete.pk, "vary": VARY, "band": ["0.02", "1/20"]},
                                   format="json")
    assert response.status_code == 201, response.data
    assert response.data["status"] == "queued" and len(callbacks) == 1
    assert response.data["request"]["band"] == ["1/50", "1/20"]


def test_without_a_band_the_jurisdiction_s_bounds_apply(api, alice, siete):
    response = api(alice).post(URL, {"variant": siete.pk, "vary": VARY}, format="json")
    assert response.status_code == 201
    assert response.data["request"]["band"] == ["1/200", "3/20"]


@pytest.mark.parametrize(("body", "field"), [
    ({"vary": ["dealer_stands_at=9"]}, "vary"),
    ({"vary": VARY, "band": ["0.05", "0.02"]}, "band"),
    ({"vary": VARY, "band": ["x", "1"]}, "band"),
    ({"vary": VARY, "bet": "bonus"}, "bet"),
    ({"vary": VARY, "limit": 0}, "limit"),
    ({"vary": "ties=push"}, "vary"),
])
def test_bad_input_is_a_400_naming_the_field(api, alice, siete, body, field):
    response = api(alice).post(URL, {"variant": siete.pk, **body}, format="json")
    assert response.status_code == 400, response.data
    assert field in response.data
    assert not TuningJob.objects.exists()


def test_roles(api, rita, audrey, oscar, siete, finished):
    assert api(rita).post(URL, {"variant": siete.pk, "vary": VARY}, format="json").status_code == 403
    assert api(oscar).get(URL).status_code == 403
    assert api(None).get(URL).status_code in (401, 403)
    listed = api(audrey).get(URL)
    assert listed.status_code == 200 and "result" not in listed.data["results"][0]
    detail = api(audrey).get(f"{URL}{finished.pk}/")
    assert detail.status_code == 200 and detail.data["result"]["suggestions"]
    assert api(rita).post(f"{URL}{finished.pk}/draft/", {"suggestion": 0}, format="json").status_code == 403


def test_a_draft_through_the_api(api, adam, finished):
    response = api(adam).post(f"{URL}{finished.pk}/draft/", {"suggestion": 0}, format="json")
    assert response.status_code == 201, response.data
    variant = GameVariant.objects.get(pk=response.data["variant"]["id"])
    assert response.data["variant"]["provenance"]["tuning_job"] == finished.pk
    assert response.data["paytable_version"]["variant"] == variant.pk
    missing = api(adam).post(f"{URL}{finished.pk}/draft/", {"suggestion": 99}, format="json")
    assert missing.status_code == 400 and "suggestion" in missing.data


def test_drafting_an_unfinished_search_is_a_409(api, alice, siete):
    job = tuning_job_create(variant=siete, actor=alice, vary=VARY, dispatch=False)
    response = api(alice).post(f"{URL}{job.pk}/draft/", {"suggestion": 0}, format="json")
    assert response.status_code == 409
