"""Monthly re-certification: same inputs, current software, every moved figure flagged."""

import pytest
from django.core import mail

from certification.models import CertificationRun, RunStatus
from certification.services import pipeline, recertification
from certification.services.recertification import recertify_approved

pytestmark = pytest.mark.django_db


@pytest.fixture
def dispatched(monkeypatch):
    """Runs the re-certification in this process where a worker would, once it is sent."""
    sent = []

    def run_here(run_id):
        sent.append(run_id)
        pipeline.certification_run_perform_locally(run=CertificationRun.objects.get(pk=run_id), workers=1)

    monkeypatch.setattr(recertification, "run_dispatch", run_here)
    return sent


def _recertify(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        runs = recertify_approved()
    return [CertificationRun.objects.get(pk=r.pk) for r in runs]


def test_unchanged_software_moves_no_figure(approved, dispatched, django_capture_on_commit_callbacks):
    approving = approved.certification_run
    mail.outbox.clear()
    [run] = _recertify(django_capture_on_commit_callbacks)
    assert run.recertifies == approving and run.status == RunStatus.DONE
    assert (run.seed, run.rounds, run.rules_snapshot) == (approving.seed, approving.rounds, approving.rules_snapshot)
    assert run.verdict["recertification"] == {"compared_with": approving.certificate_number, "moved": []}
    [message] = mail.outbox
    assert message.to == ["alice@casino.example"] and "every figure unchanged" in message.subject


def test_a_figure_that_moved_is_flagged_with_before_and_after(approved, dispatched, django_capture_on_commit_callbacks):
    approving = approved.certification_run
    # As if the approval had been computed by software that paid the main bet differently.
    exact = approving.exact
    new_edge = exact["bets"]["main"]["house_edge"]
    exact["bets"]["main"].update(ev_fraction="-1/20", house_edge=0.05)
    CertificationRun.objects.filter(pk=approving.pk).update(exact=exact)
    mail.outbox.clear()
    [run] = _recertify(django_capture_on_commit_callbacks)
    moved = run.verdict["recertification"]["moved"]
    figures = {m["figure"]: m for m in moved}
    assert set(figures) == {"ev", "house_edge"} and all(m["bet"] == "main" for m in moved)
    assert figures["house_edge"] == {"bet": "main", "figure": "house_edge", "before": 0.05, "after": new_edge}
    assert figures["ev"]["before"] == "-1/20" and figures["ev"]["after"] == run.exact["bets"]["main"]["ev_fraction"]
    assert "2 figure(s) moved" in mail.outbox[0].subject and "main: ev -1/20 ->" in mail.outbox[0].body


def test_a_changed_verdict_is_flagged(approved, dispatched, django_capture_on_commit_callbacks):
    approving = approved.certification_run
    CertificationRun.objects.filter(pk=approving.pk).update(verdict={"approvable": False, "blocking": []})
    [run] = _recertify(django_capture_on_commit_callbacks)
    assert {"bet": "all", "figure": "verdict", "before": "not approvable", "after": "approvable"} in (
        run.verdict["recertification"]["moved"])


def test_a_second_firing_creates_nothing_and_retired_variants_are_skipped(
    approved, dispatched, django_capture_on_commit_callbacks
):
    assert len(_recertify(django_capture_on_commit_callbacks)) == 1
    assert _recertify(django_capture_on_commit_callbacks) == []
    CertificationRun.objects.filter(recertifies__isnull=False).update(status=RunStatus.FAILED)
    approved.variant.__class__.objects.filter(pk=approved.variant_id).update(status="retired")
    assert _recertify(django_capture_on_commit_callbacks) == []


def test_a_failed_recertification_tells_the_owner(approved, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(recertification, "run_dispatch", lambda run_id: None)
    [run] = _recertify(django_capture_on_commit_callbacks)
    mail.outbox.clear()
    monkeypatch.setattr("certification.odds.simulation.run_local", _broken)
    with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
        pipeline.certification_run_perform_locally(run=run, workers=1)
    [message] = mail.outbox
    assert "failed" in message.subject and "simulator down" in message.body


def _broken(*args, **kwargs):
    raise RuntimeError("simulator down")
