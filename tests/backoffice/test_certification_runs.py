"""Runs carry a reproducible snapshot and record the exact figures and the verdict."""

from fractions import Fraction

import pytest

from casino.rules import rules_from_dict
from certification.models import CertificationRun, RunStatus
from certification.services import runs as run_services

from .factories import JurisdictionFactory, make_variant

pytestmark = pytest.mark.django_db


def _run(alice, **kwargs):
    variant = make_variant(actor=alice, **kwargs)
    return run_services.certification_run_create(
        variant=variant,
        paytable_version=variant.paytable.latest_version,
        requested_by=alice,
        seed=42,
    )


def test_a_new_run_snapshots_the_full_rules_and_hashes_them(alice):
    run = _run(alice)
    assert run.status == RunStatus.QUEUED
    assert run.rules_snapshot["payouts"]["kd_first_card"] == 3
    assert run.rules_snapshot["player_max_cards"] == 2
    rules_from_dict(run.rules_snapshot)  # the snapshot is itself a valid variant
    assert run.inputs_sha256 == run_services.inputs_digest(run.rules_snapshot)
    assert len(run.inputs_sha256) == 64
    assert run.certificate_number == f"TC-{run.created_at:%Y}-{run.pk:06d}"
    assert run.seed == 42 and run.software_version


def test_seeds_are_drawn_when_not_given(alice):
    variant = make_variant(actor=alice)
    run = run_services.certification_run_create(
        variant=variant, paytable_version=variant.paytable.latest_version, requested_by=alice
    )
    assert 0 <= run.seed < 2**63


def test_executing_records_exact_figures_and_a_verdict(alice):
    run = _run(alice)
    run_services.certification_run_execute(run=run)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE and run.progress == 100 and run.finished_at
    assert run.exact["bets"]["main"]["house_edge"] == pytest.approx(0.10)
    assert run.verdict == {"approvable": True, "blocking": []}


def test_a_failing_engine_fails_the_run_with_its_error(alice, monkeypatch):
    run = _run(alice)

    def broken(rules, *, variant=""):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(run_services, "exact_figures", broken)
    with pytest.raises(RuntimeError):
        run_services.certification_run_execute(run=run)
    run.refresh_from_db()
    assert run.status == RunStatus.FAILED and "engine exploded" in run.error


def test_a_run_is_claimed_once(alice):
    run = _run(alice)
    assert run_services.certification_run_start(run=run) is True
    again = CertificationRun.objects.get(pk=run.pk)
    assert run_services.certification_run_start(run=again) is False


@pytest.mark.parametrize(
    ("edge", "approvable"),
    [
        (Fraction(-1, 100), False),
        (Fraction(1, 1000), False),
        (Fraction(5, 100), True),
        (Fraction(1, 5), False),
    ],
)
def test_verdict_bounds(db, edge, approvable):
    verdict = run_services.verdict_for(
        house_edges={"main": edge}, jurisdiction=JurisdictionFactory()
    )
    assert verdict["approvable"] is approvable
    if not approvable:
        assert verdict["blocking"][0]["bet"] == "main"


def test_a_bet_without_bounds_is_only_checked_for_player_advantage(db):
    jurisdiction = JurisdictionFactory(code="open", house_edge_bounds={})
    verdict = run_services.verdict_for(
        house_edges={"bonus": Fraction(9, 10)}, jurisdiction=jurisdiction
    )
    assert verdict["approvable"]
