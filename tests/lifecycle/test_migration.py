"""Migration 0013 carries a populated installation forward with nothing lost.

The database is taken back to casino 0012, filled as an installation of that time was
(variants in two jurisdictions, approved, rejected and open submissions, tables, a variant
with two approved versions), then migrated to the latest state. Runs on PostgreSQL and on
SQLite (the embedded default), whichever the test database is.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("casino", "0012_paytable_version_figures")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest_targets():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def populate(apps) -> dict:
    User = apps.get_model("auth", "User")
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    Variant = apps.get_model("casino", "GameVariant")
    Paytable = apps.get_model("casino", "Paytable")
    Version = apps.get_model("casino", "PaytableVersion")
    Submission = apps.get_model("casino", "Submission")
    Table = apps.get_model("casino", "TableConfiguration")
    Run = apps.get_model("certification", "CertificationRun")

    officer = User.objects.create(username="old-officer")
    reviewer = User.objects.create(username="old-reviewer")
    nevada, _ = Jurisdiction.objects.get_or_create(code="nevada", defaults={"name": "Nevada"})
    home = Jurisdiction.objects.create(code="old-home", name="Old home")
    decided = timezone.now() - dt.timedelta(days=400)

    def variant_with(name, jurisdiction, statuses):
        variant = Variant.objects.create(name=name, family="seven_and_half", parameters={},
                                         jurisdiction=jurisdiction, status="approved")
        paytable = Paytable.objects.create(variant=variant, name=f"{name} paytable")
        versions = []
        for number, status in enumerate(statuses, start=1):
            version = Version.objects.create(paytable=paytable, number=number, status=status)
            run = Run.objects.create(variant=variant, paytable_version=version, status="done", rules_snapshot={},
                                     inputs_sha256=f"{number}" * 64, rounds=1000, seed=number,
                                     software_version="0.9", certificate_number=f"TC-{name}-{number}")
            Submission.objects.create(variant=variant, paytable_version=version, submitted_by=officer,
                                      status=status, reviewer=reviewer if status != "submitted" else None,
                                      decided_at=decided if status != "submitted" else None,
                                      decision_reason=f"{status} long ago", certification_run=run)
            versions.append(version)
        return variant, versions

    sette, sette_versions = variant_with("sette", nevada, ["approved", "approved", "rejected"])
    siete, siete_versions = variant_with("siete", home, ["approved", "submitted"])
    tables = {
        "NV-1": Table.objects.create(table_id="NV-1", variant=sette, paytable_version=sette_versions[0],
                                     status="active").pk,
        "NV-2": Table.objects.create(table_id="NV-2", variant=sette, paytable_version=sette_versions[1]).pk,
        "HM-1": Table.objects.create(table_id="HM-1", variant=siete, paytable_version=siete_versions[0],
                                     status="closed").pk,
    }
    return {"versions": [v.pk for v in sette_versions + siete_versions], "tables": tables,
            "nevada": nevada.pk, "home": home.pk, "decided": decided, "reviewer": reviewer.pk}


def test_approvals_become_decisions_and_tables_move_to_properties():
    latest = latest_targets()
    try:
        ids = populate(migrate(BEFORE))
        apps = migrate(latest)
    finally:
        migrate(latest)
    Decision = apps.get_model("casino", "RegulatorDecision")
    Filing = apps.get_model("casino", "RegulatorSubmission")
    Table = apps.get_model("casino", "TableConfiguration")
    Jurisdiction = apps.get_model("casino", "Jurisdiction")
    Submission = apps.get_model("casino", "Submission")

    sette_v1, sette_v2, sette_v3, siete_v1, siete_v2 = ids["versions"]
    # One filing and one approved decision per internally approved version, in its variant's jurisdiction.
    assert Filing.objects.count() == 3
    for version, jurisdiction in ((sette_v1, ids["nevada"]), (sette_v2, ids["nevada"]), (siete_v1, ids["home"])):
        filing = Filing.objects.get(paytable_version_id=version)
        assert filing.jurisdiction_id == jurisdiction and filing.certification_run_id is not None
        (decision,) = Decision.objects.filter(submission=filing)
        assert decision.status == "approved" and decision.recorded_by_id == ids["reviewer"]
        assert decision.effective == ids["decided"].date() and decision.expires is None
        assert decision.reference.startswith("internal review ") and decision.reason == "approved long ago"
    assert not Filing.objects.filter(paytable_version_id__in=[sette_v3, siete_v2]).exists()
    # The internal records themselves are untouched.
    assert Submission.objects.filter(status="approved").count() == 3
    assert Submission.objects.filter(status="submitted").count() == 1

    tables = {t.table_id: t for t in Table.objects.select_related("casino_property")}
    assert tables["NV-1"].casino_property.jurisdiction_id == ids["nevada"]
    assert tables["NV-1"].casino_property_id == tables["NV-2"].casino_property_id
    assert tables["HM-1"].casino_property.jurisdiction_id == ids["home"]
    assert tables["HM-1"].casino_property.name == "Old home floor"
    assert (tables["NV-1"].status, tables["NV-2"].status, tables["HM-1"].status) == ("active", "inactive", "closed")
    assert Jurisdiction.objects.get(pk=ids["nevada"]).field_trial_required is True
    assert Jurisdiction.objects.get(pk=ids["home"]).field_trial_required is False
