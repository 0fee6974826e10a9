"""Database sessions, read with one hand-written query (the session engine in settings).

Every signed-in request loads its session; the ORM spent longer compiling that lookup than
PostgreSQL spent answering it. Writing, expiry and everything else are Django's own.
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        model = self.model
        with connections[router.db_for_read(model)].cursor() as cursor:
            cursor.execute(
                f"SELECT session_data, expire_date FROM {model._meta.db_table} "
                "WHERE session_key = %s AND expire_date > %s",
                [self.session_key, timezone.now()],
            )
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return model(session_key=self.session_key, session_data=row[0], expire_date=row[1])
