"""The embedded default (SQLite) has no trigger to stop raw SQL: the chain shows the change.

One process on a fresh SQLite file: the migration chains the events an older installation
already had, the services append more, then an UPDATE, a DELETE and an INSERT are each made
with raw SQL, checked, and undone.
"""

from __future__ import annotations

import json

from tests.foundation.test_settings import run

SCRIPT = """
import io, json, django
django.setup()
from django.core.management import call_command, CommandError
from django.db import connection, transaction
from django.contrib.auth import get_user_model
from casino.services.audit import audit_record

def verify():
    out = io.StringIO()
    try:
        call_command("verify-audit", "--json", stdout=out)
    except CommandError as exc:
        return {"error": str(exc), **json.loads(out.getvalue())}
    return json.loads(out.getvalue())

def sql(statement, params=()):
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall()

call_command("migrate", "casino", "0012", verbosity=0)
call_command("migrate", "auth", verbosity=0)
# Events of an installation before the chain (written as the old code did, plain rows).
sql("INSERT INTO casino_auditevent (at, action, object_type, object_id, before, after, message) "
    "VALUES ('2026-01-05 10:00:00.123456', 'variant.create', 'GameVariant', '1', NULL, "
    "'{\\"penetration\\": 0.75, \\"seats\\": 7.0}', ''), "
    "('2026-01-05 11:00:00', 'variant.submitted', 'GameVariant', '1', '{\\"b\\": 1, \\"a\\": \\"é\\"}', NULL, 'x')")
call_command("migrate", verbosity=0)
result = {"migrated": verify()}
User = get_user_model()
user = User.objects.create(username="officer")
for n in range(4):
    with transaction.atomic():
        audit_record(actor=user, action=f"user.step{n}", obj=user, before={"n": n},
                     after={"n": n + 1, "share": 0.25})
result["whole"] = verify()
ids = [row[0] for row in sql("SELECT id FROM casino_auditevent ORDER BY id")]
result["ids"] = ids

saved = sql("SELECT message FROM casino_auditevent WHERE id = %s", [ids[3]])[0][0]
sql("UPDATE casino_auditevent SET message = 'rewritten' WHERE id = %s", [ids[3]])
result["updated"] = verify()
sql("UPDATE casino_auditevent SET message = %s WHERE id = %s", [saved, ids[3]])

row = sql("SELECT * FROM casino_auditevent WHERE id = %s", [ids[2]])[0]
sql("DELETE FROM casino_auditevent WHERE id = %s", [ids[2]])
result["deleted"] = verify()
sql("INSERT INTO casino_auditevent VALUES (" + ", ".join(["%s"] * len(row)) + ")", row)
result["restored"] = verify()

sql("INSERT INTO casino_auditevent (id, at, action, object_type, object_id, message, "
    "previous_event_id, previous_hash, event_hash) VALUES (%s, '2026-02-01 00:00:00', "
    "'user.step9', 'User', '1', '', NULL, %s, %s)", [ids[-1] + 50, "0" * 64, "e" * 64])
result["inserted"] = verify()
print(json.dumps(result))
"""


def test_raw_sql_changes_on_sqlite_are_named(tmp_path):
    out = run({"TABLECERT_VAR_DIR": str(tmp_path)}, "-c", SCRIPT)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    ids = result["ids"]
    assert len(ids) == 6
    assert result["migrated"]["ok"] and result["migrated"]["events"] == 2
    assert result["whole"]["ok"] and result["whole"]["events"] == 6
    assert result["restored"]["ok"]
    for case, kind, event_id in (("updated", "changed", ids[3]), ("deleted", "deleted", ids[2]),
                                 ("inserted", "inserted", ids[-1] + 50)):
        report = result[case]
        assert not report["ok"], case
        assert (report["broken"]["kind"], report["broken"]["event_id"]) == (kind, event_id), case
        assert f"event {event_id}" in report["error"], case
