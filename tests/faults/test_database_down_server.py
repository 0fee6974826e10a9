"""A real gunicorn whose database refuses connections answers 503, never a traceback."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.server import free_port, start_server


@pytest.fixture
def server_without_database(tmp_path: Path):
    closed = free_port()  # nothing listens here: every connection is refused
    server = start_server(
        env={"DATABASE_URL": f"postgres://postgres@127.0.0.1:{closed}/tablecert",
             "CELERY_BROKER_URL": "redis://127.0.0.1:6379/12", "DJANGO_DEBUG": "False"},
        log=tmp_path / "gunicorn.log", workers=1,
    )
    yield server
    server.stop()


def _get(url: str, headers: dict | None = None) -> tuple[int, dict, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


@pytest.mark.parametrize(
    "path,headers,kind",
    [
        ("/health/", {}, "json"),
        ("/api/v1/variants/", {"Authorization": "Token 0123456789abcdef"}, "json"),
        ("/variants/", {"Cookie": "sessionid=abcdefghijklmnopqrstuvwxyz012345"}, "text"),
    ],
)
def test_requests_get_a_clean_503(server_without_database, path, headers, kind):
    status, response_headers, body = _get(server_without_database.base_url + path, headers)
    assert status == 503, body[:500]
    assert "Traceback" not in body
    if kind == "json":
        assert response_headers["Content-Type"] == "application/json"
        json.loads(body)
    else:
        assert response_headers["Content-Type"].startswith("text/plain")
