"""The embedded default shares one SQLite file between the web server and the worker.

A request reads (session, user) before it writes (last login, session); if the worker
commits in between, a transaction that only then asks for the write lock cannot have it
(SQLite refuses a stale reader at once, whatever the busy timeout), and a first sign-in
answered 503. Each transaction takes the write lock when it begins, so the other writer
waits its turn instead.
"""

from __future__ import annotations

import json
import shutil

from tests.foundation.test_settings import run
from tests.support.embedded import migrated_embedded

# Two threads, one connection each: the first reads in a transaction, the second writes and
# commits meanwhile, then the first writes.
INTERLEAVED = """
import json, threading, time, django
django.setup()
from django.db import connection, transaction
from django.contrib.auth import get_user_model

User = get_user_model()
User.objects.create(username="reader")
read, outcomes = threading.Event(), {}

def request_like():
    try:
        with transaction.atomic():
            User.objects.get(username="reader")
            read.set()
            time.sleep(0.5)
            User.objects.filter(username="reader").update(first_name="signed in")
        outcomes["request"] = "ok"
    except Exception as exc:
        outcomes["request"] = f"{type(exc).__name__}: {exc}"
    finally:
        read.set()
        connection.close()

def worker_like():
    read.wait(10)
    try:
        with transaction.atomic():
            User.objects.create(username="written by the worker")
        outcomes["worker"] = "ok"
    except Exception as exc:
        outcomes["worker"] = f"{type(exc).__name__}: {exc}"
    finally:
        connection.close()

threads = [threading.Thread(target=request_like), threading.Thread(target=worker_like)]
for t in threads:
    t.start()
for t in threads:
    t.join(60)
outcomes["users"] = User.objects.count()
print(json.dumps(outcomes))
"""


def test_a_request_and_the_worker_writing_at_once_both_succeed(tmp_path, tmp_path_factory):
    shutil.copytree(migrated_embedded(tmp_path_factory), tmp_path, dirs_exist_ok=True)
    out = run({"TABLECERT_VAR_DIR": str(tmp_path)}, "-c", INTERLEAVED)
    assert out.returncode == 0, out.stderr[-3000:]
    outcomes = json.loads(out.stdout.strip().splitlines()[-1])
    assert outcomes == {"request": "ok", "worker": "ok", "users": 2}, outcomes

