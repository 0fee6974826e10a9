"""The shuffle-certification migrations carry a populated floor forward, not only an empty one.

The database is taken back to the state before casino 0005, filled the way an installation
of that time was (variants, an approved paytable, tables linked to certification runs, the
tables' history), then migrated forward to the latest state.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("casino", "0004_paytable_immutability_triggers"),
          ("certification", "0004_retries_shuffle_logs_summaries")]
BATTERY = {"verdict": "pass", "tests": [{"name": "rising sequences", "flagged": False}]}
PROCEDURE = {"enough": True, "tv_distance": 0.01}


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest_targets():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def populate(apps) -> dict[str, int]:
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    Variant = apps.get_model("casino", "GameVariant")
    Paytable = apps.get_model("casino", "Paytable")
    Version = apps.get_model("casino", "PaytableVersion")
    Table = apps.get_model("casino", "TableConfiguration")
    History = apps.get_model("casino", "HistoricalTableConfiguration")
    Run = apps.get_model("certification", "CertificationRun")

    jurisdiction = Jurisdiction.objects.create(code="old", name="Old jurisdiction")
    ids = {}
    for name in ("sette-e-mezzo", "siete-y-media"):
        variant = Variant.objects.create(name=name, family="seven_and_half", parameters={},
                                         jurisdiction=jurisdiction, preset=name, status="approved")
        paytable = Paytable.objects.create(variant=variant, name=f"{name} paytable")
        version = Version.objects.create(paytable=paytable, number=1, status="approved")
        ids[name] = (variant, version)
    variant, version = ids["sette-e-mezzo"]
    passed = Run.objects.create(
        variant=variant, paytable_version=version, status="done", rules_snapshot={},
        inputs_sha256="0" * 64, rounds=1000, seed=1, software_version="0.1.0",
        shuffle_procedure="wash,riffle,riffle,box,riffle,cut",
        randomness={"shuffle_battery": BATTERY, "procedure": PROCEDURE},
        certificate_number="TC-OLD-1",
    )
    failed = Run.objects.create(
        variant=variant, paytable_version=version, status="failed", rules_snapshot={},
        inputs_sha256="1" * 64, rounds=1000, seed=2, software_version="0.1.0",
        error="worker lost", certificate_number="TC-OLD-2",
    )
    linked = Table.objects.create(table_id="SM-01", variant=variant, paytable_version=version,
                                  status="active", shuffle_certification=passed)
    Table.objects.create(table_id="SM-02", variant=variant, paytable_version=version,
                         status="inactive")
    other_variant, other_version = ids["siete-y-media"]
    relinked = Table.objects.create(table_id="SY-01", variant=other_variant,
                                    paytable_version=other_version, shuffle_certification=failed)
    # The history remembers an earlier link of SY-01, to the run that passed.
    History.objects.create(id=relinked.pk, table_id="SY-01", pit="", bet_limits={}, seats=7,
                           decks=1, shuffling_method="", status="inactive",
                           variant_id=other_variant.pk, paytable_version_id=other_version.pk,
                           shuffle_certification_id=passed.pk, created_at=relinked.created_at,
                           updated_at=relinked.updated_at, history_date=relinked.created_at,
                           history_type="~")
    return {"linked": linked.pk, "relinked": relinked.pk, "passed": passed.pk, "failed": failed.pk}


def test_a_populated_floor_migrates_forward_with_its_evidence():
    latest = latest_targets()
    try:
        ids = populate(migrate(BEFORE))
        apps = migrate(latest)
    finally:
        migrate(latest)
    Table = apps.get_model("casino", "TableConfiguration")
    History = apps.get_model("casino", "HistoricalTableConfiguration")
    Certification = apps.get_model("certification", "ShuffleCertification")

    linked = Table.objects.get(pk=ids["linked"])
    certification = Certification.objects.get(pk=linked.shuffle_certification_id)
    assert certification.table_id == linked.pk and certification.source_run_id == ids["passed"]
    assert certification.passed is True and certification.battery == BATTERY
    assert certification.procedure == "wash,riffle,riffle,box,riffle,cut"
    assert Table.objects.get(table_id="SM-02").shuffle_certification_id is None

    relinked = Table.objects.get(pk=ids["relinked"])
    current = Certification.objects.get(pk=relinked.shuffle_certification_id)
    assert current.source_run_id == ids["failed"] and current.passed is None
    assert current.status == "failed" and current.error == "worker lost"
    remembered = History.objects.get(id=ids["relinked"], history_type="~")
    earlier = Certification.objects.get(pk=remembered.shuffle_certification_id)
    assert earlier.table_id == relinked.pk and earlier.source_run_id == ids["passed"]
    # One certification per (table, run) pair, however many rows referred to it.
    assert Certification.objects.count() == 3
