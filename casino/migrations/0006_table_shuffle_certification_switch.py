from django.db import migrations

TABLES = ("casino_tableconfiguration", "casino_historicaltableconfiguration")


def index_follows_the_column_back(apps, schema_editor):
    """Reverse only. SQLite rebuilds a table to rename a column and names its index after the
    new name; renamed back, the column keeps that index, whose name the field added next
    (the old ``shuffle_certification``) needs. Give the index the name of its column again."""
    connection = schema_editor.connection
    for table in TABLES:
        taken = schema_editor._create_index_name(table, ["shuffle_certification_id"], suffix="")
        with connection.cursor() as cursor:
            index = connection.introspection.get_constraints(cursor, table).get(taken)
        if not index or index["columns"] != ["shuffle_certificate_id"]:
            continue
        own = schema_editor._create_index_name(table, ["shuffle_certificate_id"], suffix="")
        quote = schema_editor.quote_name
        schema_editor.execute(f"DROP INDEX {quote(taken)}")
        schema_editor.execute(f"CREATE INDEX {quote(own)} ON {quote(table)} ({quote('shuffle_certificate_id')})")


class Migration(migrations.Migration):
    dependencies = [("casino", "0005_table_shuffle_certification")]

    operations = [
        migrations.RemoveField(model_name="tableconfiguration", name="shuffle_certification"),
        migrations.RemoveField(model_name="historicaltableconfiguration", name="shuffle_certification"),
        # Runs, in reverse, between the renames back and the old fields' return.
        migrations.RunPython(migrations.RunPython.noop, index_follows_the_column_back),
        migrations.RenameField(model_name="tableconfiguration", old_name="shuffle_certificate", new_name="shuffle_certification"),
        migrations.RenameField(model_name="historicaltableconfiguration", old_name="shuffle_certificate", new_name="shuffle_certification"),
    ]
