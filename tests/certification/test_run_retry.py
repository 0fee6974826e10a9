"""A failed run shows why, and is retried with the very inputs it had: same figures again."""

import pytest
from django.urls import reverse

from casino import workflow
from casino.models import AuditEvent
from certification.models import CertificationRun, RunStatus
from certification.services import pipeline
from tests.support.files import stored_bytes

from .evidence import shuffle_log_text, upload

pytestmark = pytest.mark.django_db

PROCEDURE = "wash,riffle,riffle,box,riffle,cut"


def _start(submission, actor):
    return workflow.submission_start_certification(
        submission=submission, actor=actor, rounds=20_000, seed=4242,
        shuffle_log=upload("t1.csv", shuffle_log_text()), shuffle_procedure=PROCEDURE,
    )


def _failed_run(submission, actor, monkeypatch):
    def lost_worker(*args, **kwargs):
        raise ConnectionError("worker lost")

    run = _start(submission, actor)
    with monkeypatch.context() as m:
        m.setattr("certification.odds.simulation.run_local", lost_worker)
        with pytest.raises(ConnectionError):
            pipeline.certification_run_perform_locally(run=run, workers=1)
    run.refresh_from_db()
    return run


def _figures(run):
    simulation = {k: run.simulation[k] for k in ("rounds", "seed", "bets")}
    return run.exact["bets"], simulation, run.randomness, run.verdict


def test_the_reason_shows_on_the_page_and_in_the_api(api, client, alice, submitted, monkeypatch):
    run = _failed_run(submitted, alice, monkeypatch)
    assert run.status == RunStatus.FAILED and run.error == "ConnectionError: worker lost"
    assert api(alice).get(f"/api/v1/certification-runs/{run.pk}/").json()["error"] == run.error
    client.force_login(alice)
    page = client.get(reverse("web:submission-detail", args=[submitted.pk])).content.decode()
    assert "The run failed: ConnectionError: worker lost" in page and 'id="retry-run"' in page


def test_a_retry_repeats_every_input_and_gives_the_same_figures(alice, submitted, monkeypatch):
    failed = _failed_run(submitted, alice, monkeypatch)
    retry = workflow.certification_run_retry(run=failed, actor=alice)
    assert retry.retry_of == failed and retry.status == RunStatus.QUEUED
    assert (retry.seed, retry.rounds, retry.shuffle_procedure) == (4242, 20_000, PROCEDURE)
    assert retry.rules_snapshot == failed.rules_snapshot
    assert stored_bytes(retry.shuffle_log) == stored_bytes(failed.shuffle_log)
    assert AuditEvent.objects.filter(action="certification_run.retry", object_id=str(retry.pk)).exists()
    pipeline.certification_run_perform_locally(run=retry, workers=1)
    # An independent run of the same inputs, from the start: the figures must be identical.
    fresh = _start(submitted, alice)
    pipeline.certification_run_perform_locally(run=fresh, workers=1)
    retry.refresh_from_db()
    fresh.refresh_from_db()
    assert retry.status == fresh.status == RunStatus.DONE
    assert _figures(retry) == _figures(fresh)
    assert retry.randomness["shuffle_battery"]["shuffles"] == 300


def test_the_api_retries_and_refuses_a_second_retry(api, alice, submitted, monkeypatch):
    failed = _failed_run(submitted, alice, monkeypatch)
    url = f"/api/v1/certification-runs/{failed.pk}/retry/"
    r = api(alice).post(url)
    assert r.status_code == 201 and r.json()["retry_of"] == failed.pk and r.json()["seed"] == 4242
    again = api(alice).post(url)
    assert again.status_code == 409 and "already retried" in again.json()["reason"]


def test_only_failed_runs_are_retried_and_only_by_certifiers(api, alice, audrey, submitted):
    run = _start(submitted, alice)
    assert api(audrey).post(f"/api/v1/certification-runs/{run.pk}/retry/").status_code == 403
    r = api(alice).post(f"/api/v1/certification-runs/{run.pk}/retry/")
    assert r.status_code == 409 and "only a failed run" in r.json()["reason"]
    assert CertificationRun.objects.count() == 1


def test_the_retry_button_queues_a_new_run(client, alice, submitted, monkeypatch):
    failed = _failed_run(submitted, alice, monkeypatch)
    client.force_login(alice)
    page = client.post(reverse("web:run-retry", args=[failed.pk]), follow=True).content.decode()
    retry = CertificationRun.objects.get(retry_of=failed)
    assert f"Retrying as {retry}" in page
