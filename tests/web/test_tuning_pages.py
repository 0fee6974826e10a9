"""Find an approvable version: the form, the job page with its chart, drafts, and who may."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from casino.models import GameVariant
from certification.models import TuningJob
from certification.services.tuning import tuning_job_create, tuning_job_perform_locally
from tests.backoffice.factories import make_variant

pytestmark = pytest.mark.django_db

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


def form_post(**changes) -> dict:
    data = {"bet": "main", "band_low": "2", "band_high": "5", "limit": "20",
            "vary__dealer_stands_at": "on", "values__dealer_stands_at": "5:7:1/2",
            "vary__ties": "on", "values__ties": "push,dealer"}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_form_starts_from_the_jurisdiction_s_bounds_and_the_suggested_knobs(as_user, alice, siete):
    body = as_user(alice).get(reverse("web:variant-tune", args=[siete.pk])).content.decode()
    assert 'name="band_low" value="0.5000"' in body and 'name="band_high" value="15.0000"' in body
    assert 'name="vary__dealer_stands_at" id="id_vary__dealer_stands_at" checked' in body
    assert 'name="vary__decks" id="id_vary__decks"' in body  # offered, not ticked
    assert 'value="4:15/2:1/2"' in body


def test_starting_a_search_queues_a_job_on_the_workers(as_user, alice, siete,
                                                       django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        response = as_user(alice).post(reverse("web:variant-tune", args=[siete.pk]), form_post())
    job = TuningJob.objects.get()
    assert response["Location"] == reverse("web:tuning-detail", args=[job.pk])
    assert len(callbacks) == 1  # the dispatch, once the job is committed
    assert job.request["band"] == ["1/50", "1/20"]
    assert [k["key"] for k in job.request["knobs"]] == ["dealer_stands_at", "ties"]
    body = as_user(alice).get(response["Location"]).content.decode()
    assert 'role="progressbar"' in body and "js/job-progress.js" in body


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"values__dealer_stands_at": "5:9:1"}, "values__dealer_stands_at", "over 7 1/2"),
    ({"values__ties": "push,house"}, "values__ties", "ties=house"),
    ({"band_low": "6"}, "band_high", "ends below"),
    ({"vary__dealer_stands_at": None, "vary__ties": None}, None, "Tick at least one"),
])
def test_bad_input_is_named_on_its_field_and_creates_nothing(as_user, alice, siete, changes, field, words):
    response = as_user(alice).post(reverse("web:variant-tune", args=[siete.pk]), form_post(**changes))
    assert response.status_code == 200
    body = response.content.decode()
    assert words in body
    if field:
        assert f'id="id_{field}_errors"' in body
    assert not TuningJob.objects.exists()


def test_only_officers_and_admins_start_a_search(client, as_user, rita, audrey, adam, siete):
    url = reverse("web:variant-tune", args=[siete.pk])
    assert as_user(rita).get(url).status_code == 403
    assert as_user(audrey).post(url, form_post()).status_code == 403
    assert as_user(adam).get(url).status_code == 200
    client.logout()
    assert client.get(url).status_code == 302


def test_a_finished_search_shows_the_suggestions_and_the_chart(as_user, alice, rita, finished):
    url = reverse("web:tuning-detail", args=[finished.pk])
    body = as_user(alice).get(url).content.decode()
    assert 'id="suggestions"' in body and "Create a draft from this" in body
    assert '<svg class="tuning-chart"' in body and 'class="band"' in body
    assert "Standard deviation per wager" in body
    assert f"Fewest changes that reach the band: {finished.result['fewest_changes']}" in body
    assert "Hit frequency (rounds won)" in as_user(alice).get(url + "?y=p_win").content.decode()
    # Reviewers read the results but cannot draft from them.
    seen = as_user(rita).get(url).content.decode()
    assert 'id="suggestions"' in seen and "Create a draft from this" not in seen


def test_a_draft_from_a_suggestion_records_where_it_came_from(as_user, alice, rita, finished):
    url = reverse("web:tuning-draft", args=[finished.pk])
    index = next(i for i, s in enumerate(finished.result["suggestions"])
                 if any(not k.startswith("payouts.") for k in s["changes"]))
    assert as_user(rita).post(url, {"suggestion": index}).status_code == 403
    response = as_user(alice).post(url, {"suggestion": index})
    made = GameVariant.objects.exclude(pk=finished.variant_id).get()
    assert response["Location"] == reverse("web:variant-detail", args=[made.pk])
    assert made.provenance["tuning_job"] == finished.pk
    body = as_user(alice).get(response["Location"]).content.decode()
    assert 'id="provenance"' in body and f"tuning {finished.pk}" in body


def test_drafting_a_suggestion_that_does_not_exist_says_so(as_user, alice, finished):
    url = reverse("web:tuning-draft", args=[finished.pk])
    body = as_user(alice).post(url, {"suggestion": "99"}, follow=True).content.decode()
    assert "no suggestion 99" in body
    body = as_user(alice).post(url, {"suggestion": "x"}, follow=True).content.decode()
    assert "Choose one of the suggestions" in body
    assert GameVariant.objects.count() == 1


def test_nothing_in_band_shows_the_closest(as_user, alice, siete):
    job = tuning_job_create(variant=siete, actor=alice, vary=["ties=push,dealer"],
                            band=(Fraction(2, 100), Fraction(5, 100)), dispatch=False)
    tuning_job_perform_locally(job_id=job.pk)
    body = as_user(alice).get(reverse("web:tuning-detail", args=[job.pk])).content.decode()
    assert 'id="nothing-in-band"' in body and 'id="closest"' in body


def test_the_status_is_polled_as_json(as_user, audrey, finished):
    data = as_user(audrey).get(reverse("web:tuning-status", args=[finished.pk])).json()
    assert data["status"] == "done" and data["progress"] == 100
    assert data["evaluated"] == finished.result["evaluated"]


def test_the_variant_page_and_a_blocked_verdict_link_to_the_tuner(as_user, alice, rita,
                                                                  favourable_under_review):
    variant = favourable_under_review.variant
    link = reverse("web:variant-tune", args=[variant.pk])
    page = as_user(alice).get(reverse("web:variant-detail", args=[variant.pk])).content.decode()
    assert link in page
    verdict = as_user(alice).get(reverse("web:submission-detail",
                                         args=[favourable_under_review.pk])).content.decode()
    assert 'id="find-approvable"' in verdict and link in verdict
    assert link not in as_user(rita).get(reverse("web:variant-detail", args=[variant.pk])).content.decode()
