"""A short load run (10 clients, 5 s) on a real gunicorn: every request answers, none fails.

The full run with figures is ``make load`` (tests/load/run_load.py).
"""

from __future__ import annotations

import pytest

from tests.support.server import start_server
from tests.support.workers import _test_database_url

from .loadgen import format_report, run_load
from .seed import clients, seed

# A load run takes the machine: alone, not beside the parallel part of the suite.
pytestmark = [pytest.mark.slow, pytest.mark.serial, pytest.mark.services,
              pytest.mark.django_db(transaction=True)]


def test_ten_clients_for_five_seconds_get_no_error(tmp_path, settings):
    who = seed()
    server = start_server(
        env={"DATABASE_URL": _test_database_url(), "TABLECERT_VAR_DIR": str(tmp_path),
             "DJANGO_DEBUG": "False"},
        log=tmp_path / "gunicorn.log", workers=2,
    )
    try:
        report = run_load(port=server.port, clients=clients(10, who), seconds=5, think=0.1,
                          max_requests=5000)
    finally:
        server.stop()
    print(format_report(report))
    assert report["_total"]["errors"] == 0, format_report(report)
    assert {"page-list", "page-detail", "api-list", "api-detail", "preview"} <= set(report)
    assert all(g["requests"] > 0 for name, g in report.items() if not name.startswith("_"))
