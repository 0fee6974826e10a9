"""Submitted, approved and rejected paytable versions cannot change, even by raw SQL.

PostgreSQL only: the SQLite embedded default relies on the model guards, because SQLite
rebuilds a table on most ALTERs and would silently drop its triggers. TRUNCATE (used by test
flushes) does not fire row triggers.
"""

from django.db import migrations

INSTALL = """
CREATE OR REPLACE FUNCTION casino_paytableline_guard() RETURNS trigger AS $$
DECLARE locked text;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        SELECT status INTO locked FROM casino_paytableversion
            WHERE id = OLD.version_id AND status <> 'draft';
        IF locked IS NOT NULL THEN
            RAISE EXCEPTION 'paytable version % is % and its lines never change', OLD.version_id, locked;
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT status INTO locked FROM casino_paytableversion
            WHERE id = NEW.version_id AND status <> 'draft';
        IF locked IS NOT NULL THEN
            RAISE EXCEPTION 'paytable version % is % and its lines never change', NEW.version_id, locked;
        END IF;
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER casino_paytableline_guard
    BEFORE INSERT OR UPDATE OR DELETE ON casino_paytableline
    FOR EACH ROW EXECUTE FUNCTION casino_paytableline_guard();

CREATE OR REPLACE FUNCTION casino_paytableversion_guard() RETURNS trigger AS $$
BEGIN
    IF OLD.status <> 'draft' THEN
        IF TG_OP = 'DELETE' THEN
            RAISE EXCEPTION 'paytable version % is % and cannot be deleted', OLD.id, OLD.status;
        END IF;
        IF NEW.status = 'draft'
           OR (NEW.paytable_id, NEW.number, NEW.supersedes_id, NEW.note, NEW.created_by_id)
              IS DISTINCT FROM (OLD.paytable_id, OLD.number, OLD.supersedes_id, OLD.note, OLD.created_by_id)
        THEN
            RAISE EXCEPTION 'paytable version % is % and never changes', OLD.id, OLD.status;
        END IF;
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER casino_paytableversion_guard
    BEFORE UPDATE OR DELETE ON casino_paytableversion
    FOR EACH ROW EXECUTE FUNCTION casino_paytableversion_guard();
"""

REMOVE = """
DROP TRIGGER IF EXISTS casino_paytableline_guard ON casino_paytableline;
DROP FUNCTION IF EXISTS casino_paytableline_guard();
DROP TRIGGER IF EXISTS casino_paytableversion_guard ON casino_paytableversion;
DROP FUNCTION IF EXISTS casino_paytableversion_guard();
"""


def _run(schema_editor, sql: str) -> None:
    # A plain cursor: the schema editor would read the RAISE format's % as a query parameter.
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(sql)


def install(apps, schema_editor):
    _run(schema_editor, INSTALL)


def remove(apps, schema_editor):
    _run(schema_editor, REMOVE)


class Migration(migrations.Migration):
    dependencies = [("casino", "0003_roles")]

    operations = [migrations.RunPython(install, remove)]
