"""A refused request writes one line to the server log (method, path, why), not a traceback;
a server error keeps its traceback."""

from __future__ import annotations

import logging

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_403_is_one_line_in_the_log(as_user, audrey, draft, caplog):
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = as_user(audrey).get(reverse("web:variant-edit", args=[draft.pk]))
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request" and getattr(r, "status_code", None) == 403]
    assert len(records) == 1
    line = logging.Formatter("%(levelname)s %(name)s %(message)s").format(records[0])
    assert "\n" not in line and "Traceback" not in line
    assert reverse("web:variant-edit", args=[draft.pk]) in line and "needs the role" in line


def test_an_error_keeps_its_traceback():
    from casino.logging_filters import ForbiddenOnOneLine

    try:
        raise RuntimeError("boom")
    except RuntimeError:
        import sys

        record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s",
                                   ("/x/",), sys.exc_info())
    record.status_code = 500
    assert ForbiddenOnOneLine().filter(record) and record.exc_info is not None
    assert "Traceback" in logging.Formatter().format(record)
