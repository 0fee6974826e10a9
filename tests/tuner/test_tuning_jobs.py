"""Tuning jobs on real workers: the same answer as the local search, each analysis recorded
once however often a chunk is delivered, and drafts that are exactly the suggested variants."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from casino.models import AuditEvent, GameVariant, PaytableVersion
from certification.models import RunStatus, TuningEvaluation, TuningJob
from certification.odds.analysis import analyze
from certification.odds.tuner import LocalEvaluator, tune
from certification.services.tuning import (
    tuning_chunk_run,
    tuning_job_create,
    tuning_job_perform_locally,
    tuning_job_step,
)
from certification.services.tuning_drafts import tuning_suggestion_draft
from certification.services.tuning_requests import tuning_request_of, variant_base
from tests.backoffice.factories import make_variant

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

VARY = ["dealer_stands_at=5:7:1/2", "ties=push,dealer", "payouts.seven_and_half=1:2:1/2"]
BAND = (Fraction(2, 100), Fraction(5, 100))


def _wait(job: TuningJob, timeout: float = 240) -> TuningJob:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.finished:
            return job
        time.sleep(0.3)
    raise AssertionError(f"tuning {job.pk} still {job.status} after {timeout} s ({job.step})")


def _local(job: TuningJob) -> dict:
    with LocalEvaluator() as evaluate:
        data = tune(tuning_request_of(job), evaluate).to_json()
    return {k: v for k, v in data.items() if k != "seconds"}


def _answer(job: TuningJob) -> dict:
    return {k: v for k, v in job.result.items() if k not in ("seconds", "points")}


@pytest.fixture
def siete(alice, jurisdiction):
    return make_variant(actor=alice, preset="siete-y-media", name="Siete house",
                        jurisdiction=jurisdiction)


def test_two_workers_give_the_local_answer(start_worker, siete, alice):
    start_worker(concurrency=1, name="tune-a")
    start_worker(concurrency=1, name="tune-b")
    job = _wait(tuning_job_create(variant=siete, actor=alice, vary=VARY, band=BAND))
    assert job.status == RunStatus.DONE, job.error
    assert _answer(job) == _local(job)
    assert job.result["suggestions"], "the band is reachable with these knobs"
    assert job.evaluated == TuningEvaluation.objects.filter(job=job).count() == job.result["evaluated"]
    assert job.progress == 100
    assert AuditEvent.objects.filter(action="tuning_job.create", object_id=str(job.pk)).exists()
    assert AuditEvent.objects.filter(action="tuning_job.done", object_id=str(job.pk)).exists()


def test_a_batch_delivered_twice_is_recorded_once(start_worker, siete, alice):
    job = tuning_job_create(variant=siete, actor=alice, vary=VARY, band=BAND, dispatch=False)
    tuning_job_step(job_id=job.pk)  # sends the base variant to the broker; no worker yet
    job.refresh_from_db()
    first_batch, keys = job.batch, list(job.awaiting)
    assert keys == [""]
    # This process analyses the batch itself and moves the job on; the workers then get
    # the same batch from the broker, find it recorded, and leave the job alone.
    assert tuning_chunk_run(job_id=job.pk, batch=first_batch, keys=keys) == 1
    assert tuning_chunk_run(job_id=job.pk, batch=first_batch, keys=keys) == 0
    start_worker(concurrency=2, name="tune-dup")
    job = _wait(job)
    assert job.status == RunStatus.DONE, job.error
    assert _answer(job) == _local(job)
    rows = TuningEvaluation.objects.filter(job=job)
    assert rows.count() == len(set(rows.values_list("key", flat=True))) == job.result["evaluated"]


def test_a_payout_only_suggestion_on_a_draft_is_its_next_paytable_version(alice, jurisdiction):
    home = make_variant(actor=alice, preset="seven-half-home", name="Home", jurisdiction=jurisdiction)
    job = tuning_job_create(variant=home, actor=alice, vary=["payouts.win=1/2:1:1/4"],
                            band=(Fraction(0), Fraction(1, 2)), dispatch=False)
    job = tuning_job_perform_locally(job_id=job.pk)
    assert job.status == RunStatus.DONE, job.error
    suggestion = job.result["suggestions"][0]
    version = tuning_suggestion_draft(job=job, index=0, actor=alice)
    assert isinstance(version, PaytableVersion)
    assert version.paytable.variant == home and version.number == 2
    assert version.provenance["tuning_job"] == job.pk
    assert version.provenance["changes"] == suggestion["changes"]
    home.refresh_from_db()
    _, rules = variant_base(home)
    edge = analyze(rules).bets["main"].house_edge
    assert edge == Fraction(suggestion["bets"]["main"]["house_edge_fraction"])
    assert AuditEvent.objects.filter(action="paytable_version.create", object_id=str(version.pk)).exists()
    assert AuditEvent.objects.filter(action="tuning_job.draft", object_id=str(job.pk)).exists()


def test_a_rule_change_is_a_new_draft_variant_that_remembers_its_source(siete, alice, adam):
    job = tuning_job_create(variant=siete, actor=adam, vary=VARY, band=BAND, dispatch=False)
    job = tuning_job_perform_locally(job_id=job.pk)
    index = next(i for i, s in enumerate(job.result["suggestions"])
                 if any(not k.startswith("payouts.") for k in s["changes"]))
    suggestion = job.result["suggestions"][index]
    made = tuning_suggestion_draft(job=job, index=index, actor=adam)
    assert isinstance(made, GameVariant) and made.status == "draft"
    assert made.created_by == adam
    assert made.provenance == {
        "source_variant": siete.pk, "source_paytable_version": job.paytable_version_id,
        "tuning_job": job.pk, "suggestion": index, "changes": suggestion["changes"],
        "bet": "main", "band": ["1/50", "1/20"],
    }
    _, rules = variant_base(made)
    bets = analyze(rules).bets
    assert bets["main"].house_edge == Fraction(suggestion["bets"]["main"]["house_edge_fraction"])
    assert BAND[0] <= bets["main"].house_edge <= BAND[1]
    assert AuditEvent.objects.filter(action="variant.create", object_id=str(made.pk)).exists()


def test_roles_are_enforced_by_the_services(siete, alice, rita, audrey):
    for outsider in (rita, audrey):
        with pytest.raises(PermissionDenied):
            tuning_job_create(variant=siete, actor=outsider, vary=VARY, band=BAND, dispatch=False)
    job = tuning_job_perform_locally(job_id=tuning_job_create(
        variant=siete, actor=alice, vary=VARY, band=BAND, dispatch=False).pk)
    with pytest.raises(PermissionDenied):
        tuning_suggestion_draft(job=job, index=0, actor=rita)
    assert not GameVariant.objects.exclude(pk=siete.pk).exists()


def test_bad_requests_name_the_field_and_leave_nothing(siete, alice):
    cases = [
        ({"vary": ["dealer_stands_at=9"]}, "vary"),
        ({"vary": ["shoes=2"]}, "vary"),
        ({"vary": VARY, "band": (Fraction(1, 10), Fraction(1, 20))}, "band"),
        ({"vary": VARY, "bet": "bonus"}, "bet"),
        ({"vary": VARY, "limit": 0}, "limit"),
        ({"vary": [f"payouts.{line}=0:20:1/2" for line in
                   ("win", "seven_and_half", "natural", "shoot_seven")]}, "max_changes"),
    ]
    for kwargs, field in cases:
        with pytest.raises(ValidationError) as caught:
            tuning_job_create(variant=siete, actor=alice, dispatch=False, **({"band": BAND} | kwargs))
        assert field in caught.value.message_dict, (kwargs, caught.value.message_dict)
    assert not TuningJob.objects.exists()


def test_an_unfinished_search_or_a_missing_suggestion_cannot_be_drafted(siete, alice):
    from casino.services.errors import WorkflowError

    job = tuning_job_create(variant=siete, actor=alice, vary=VARY, band=BAND, dispatch=False)
    with pytest.raises(WorkflowError):
        tuning_suggestion_draft(job=job, index=0, actor=alice)
    job = tuning_job_perform_locally(job_id=job.pk)
    with pytest.raises(ValidationError, match="no suggestion 99"):
        tuning_suggestion_draft(job=job, index=99, actor=alice)


def test_a_job_whose_batch_was_lost_is_resumed_by_the_watchdog(start_worker, siete, alice):
    from datetime import timedelta

    from django.utils import timezone

    from casino.celery import app
    from certification.services.tuning import tuning_jobs_resume

    job = tuning_job_create(variant=siete, actor=alice, vary=VARY, band=BAND, dispatch=False)
    tuning_job_step(job_id=job.pk)
    app.control.purge()  # the batch never reaches a worker
    TuningJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=30))
    start_worker(concurrency=1, name="tune-resume")
    assert tuning_jobs_resume(older_than_minutes=15) == 1
    job = _wait(job)
    assert job.status == RunStatus.DONE, job.error
    assert _answer(job) == _local(job)


def test_the_certificate_inputs_of_a_tuned_draft_are_its_rules_alone(siete, alice):
    from certification.services.runs import rules_snapshot

    job = tuning_job_perform_locally(job_id=tuning_job_create(
        variant=siete, actor=alice, vary=["dealer_stands_at=5:7:1/2"], band=(Fraction(-1), Fraction(1)),
        dispatch=False).pk)
    made = tuning_suggestion_draft(job=job, index=1, actor=alice)
    snapshot = rules_snapshot(variant=made, paytable_version=made.paytable.latest_version)
    assert made.provenance["changes"] == job.result["suggestions"][1]["changes"]
    assert "provenance" not in snapshot
    assert Fraction(str(snapshot["dealer_stands_at"])) != 6
