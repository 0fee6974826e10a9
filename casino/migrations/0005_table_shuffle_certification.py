"""A table's shuffle certification becomes its own record instead of a certification run.

Links already recorded are carried over: each (table, run) pair, current or in the table's
history, becomes a ShuffleCertification holding that run's shuffle evidence and pointing back
at the run, so no table loses the evidence it was linked to.
"""

import django.db.models.deletion
from django.db import migrations, models

TARGET = "certification.shufflecertification"
HELP = "Latest certification of this table's shuffle log and procedure."


def _passed(randomness: dict):
    battery, procedure = randomness.get("shuffle_battery"), randomness.get("procedure")
    if not isinstance(battery, dict) and not isinstance(procedure, dict):
        return None
    ok = True
    if isinstance(battery, dict):
        ok = battery.get("verdict") == "pass" and not any(t.get("flagged") for t in battery.get("tests", []))
    if isinstance(procedure, dict):
        ok = ok and bool(procedure.get("enough"))
    return ok


def carry_over(apps, schema_editor):
    Table = apps.get_model("casino", "TableConfiguration")
    History = apps.get_model("casino", "HistoricalTableConfiguration")
    Run = apps.get_model("certification", "CertificationRun")
    Certification = apps.get_model("certification", "ShuffleCertification")
    existing = set(Table.objects.values_list("pk", flat=True))
    made: dict[tuple[int, int], int] = {}

    def certification_for(table_id: int, run_id: int):
        if table_id not in existing:
            return None
        key = (table_id, run_id)
        if key not in made:
            run = Run.objects.filter(pk=run_id).first()
            if run is None:
                return None
            randomness = run.randomness if isinstance(run.randomness, dict) else {}
            made[key] = Certification.objects.create(
                table_id=table_id, source_run=run, procedure=run.shuffle_procedure,
                status=run.status, battery=randomness.get("shuffle_battery"),
                procedure_result=randomness.get("procedure"), passed=_passed(randomness),
                error=run.error, finished_at=run.finished_at,
            ).pk
        return made[key]

    for table in Table.objects.exclude(shuffle_certification__isnull=True):
        Table.objects.filter(pk=table.pk).update(
            shuffle_certificate_id=certification_for(table.pk, table.shuffle_certification_id)
        )
    for row in History.objects.exclude(shuffle_certification__isnull=True):
        History.objects.filter(pk=row.pk).update(
            shuffle_certificate_id=certification_for(row.id, row.shuffle_certification_id)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0004_paytable_immutability_triggers"),
        ("certification", "0004_retries_shuffle_logs_summaries"),
    ]

    operations = [
        migrations.AddField(
            model_name="tableconfiguration",
            name="shuffle_certificate",
            field=models.ForeignKey(blank=True, help_text=HELP, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=TARGET),
        ),
        migrations.AddField(
            model_name="historicaltableconfiguration",
            name="shuffle_certificate",
            field=models.ForeignKey(blank=True, db_constraint=False, help_text=HELP, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name="+", to=TARGET),
        ),
        migrations.RunPython(carry_over, migrations.RunPython.noop),
        # The old column goes in 0006: PostgreSQL refuses to alter a table with the pending
        # foreign-key checks these updates leave until the transaction ends.
    ]
