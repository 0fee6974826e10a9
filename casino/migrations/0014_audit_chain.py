"""The audit trail becomes a hash chain with signed checkpoints, and append-only in the data.

Today's events are chained in id order, as if each had been appended with its hash. Then,
on PostgreSQL, triggers refuse UPDATE and DELETE on the events and the checkpoints, so the
append-only rule no longer lives in Python alone. SQLite keeps the model guards (it rebuilds
a table on most ALTERs and would drop the triggers silently); there the chain shows any
change. TRUNCATE, used by test flushes, does not fire row triggers.

Self-contained: it needs only the events table of 0001 and the chain's hash function.
"""

import django.utils.timezone
from django.db import migrations, models

from casino.services.audit_chain import GENESIS_HASH, digest_of_row

INSTALL = """
CREATE OR REPLACE FUNCTION casino_append_only_guard() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% rows are append-only: % of row % refused', TG_TABLE_NAME, TG_OP, OLD.id;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER casino_auditevent_append_only
    BEFORE UPDATE OR DELETE ON casino_auditevent
    FOR EACH ROW EXECUTE FUNCTION casino_append_only_guard();

CREATE TRIGGER casino_auditcheckpoint_append_only
    BEFORE UPDATE OR DELETE ON casino_auditcheckpoint
    FOR EACH ROW EXECUTE FUNCTION casino_append_only_guard();
"""

REMOVE = """
DROP TRIGGER IF EXISTS casino_auditevent_append_only ON casino_auditevent;
DROP TRIGGER IF EXISTS casino_auditcheckpoint_append_only ON casino_auditcheckpoint;
DROP FUNCTION IF EXISTS casino_append_only_guard();
"""


def chain_existing_events(apps, schema_editor):
    AuditEvent = apps.get_model("casino", "AuditEvent")
    previous_id, previous_hash = None, GENESIS_HASH
    for event in AuditEvent.objects.using(schema_editor.connection.alias).order_by("id").iterator():
        event.previous_event_id, event.previous_hash = previous_id, previous_hash
        event.event_hash = digest_of_row(event)
        event.save(update_fields=["previous_event_id", "previous_hash", "event_hash"])
        previous_id, previous_hash = event.id, event.event_hash


def _run(schema_editor, sql: str) -> None:
    # A plain cursor: the schema editor would read the RAISE format's % as a query parameter.
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(sql)


def install_triggers(apps, schema_editor):
    _run(schema_editor, INSTALL)


def remove_triggers(apps, schema_editor):
    _run(schema_editor, REMOVE)


class Migration(migrations.Migration):
    dependencies = [("casino", "0013_regulator_decisions")]

    operations = [
        migrations.AlterField(
            model_name="auditevent",
            name="at",
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddField(
            model_name="auditevent",
            name="previous_event_id",
            field=models.BigIntegerField(blank=True, editable=False, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="auditevent",
            name="previous_hash",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="auditevent",
            name="event_hash",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.CreateModel(
            name="AuditCheckpoint",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("made_at", models.DateTimeField(db_index=True, default=django.utils.timezone.now, editable=False)),
                ("event_id", models.BigIntegerField(editable=False, null=True)),
                ("event_hash", models.CharField(editable=False, max_length=64)),
                ("event_count", models.PositiveBigIntegerField(editable=False)),
                ("payload", models.TextField(editable=False)),
                ("signature", models.BinaryField(editable=False)),
                ("signer_sha256", models.CharField(editable=False, max_length=64)),
            ],
            options={"ordering": ["-made_at", "-id"]},
        ),
        migrations.RunPython(chain_existing_events, migrations.RunPython.noop),
        migrations.RunPython(install_triggers, remove_triggers),
    ]
