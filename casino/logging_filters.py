"""Log filters: a refused request is one line in the server log, not a traceback.

Django logs every 403 on ``django.request`` with the PermissionDenied it caught as
``exc_info``, so each refusal (a role missing, a second factor not verified) printed a full
traceback, as if the server had failed. A refusal is the server working: its line (method,
path, status, reason) is what an operator needs; a 500 keeps its traceback.
"""

from __future__ import annotations

import logging


class ForbiddenOnOneLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403 and record.exc_info:
            reason = str(record.exc_info[1] or "").strip()
            if reason:
                record.msg = f"{record.msg} ({reason.replace('%', '%%')})"
            record.exc_info = None
            record.exc_text = None
        return True
