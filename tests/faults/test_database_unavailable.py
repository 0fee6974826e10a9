"""The database away for a moment: every request fails cleanly with a 503 and writes nothing.

The outage is simulated in-process by making every new cursor fail with OperationalError,
as a dropped connection does (the real-server check is in test_database_down_server.py).
"""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection
from django.test import Client

from casino.models import AuditEvent, GameVariant, Paytable, PaytableLine, PaytableVersion
from casino.permissions import Role
from tests.backoffice.factories import JurisdictionFactory, UserFactory, preset_parts
from tests.support.second_factor import verified_client

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

JSON_PATHS = ["/health/", "/api/v1/variants/", "/api/v1/submissions/", "/api/v1/tables/"]
PAGE_PATHS = ["/", "/variants/", "/submissions/", "/tables/", "/audit/", "/admin/",
              "/variants/1/", "/submissions/1/"]


def _refuse(*args, **kwargs):
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: refused')


@pytest.fixture
def officer_client():
    user = UserFactory(username="olga", roles=[Role.OFFICER], is_superuser=True)
    client = Client(raise_request_exception=False)
    verified_client(client, user)
    return client


@pytest.fixture
def database_down(monkeypatch):
    def down():
        connection.close()
        monkeypatch.setattr(connection, "ensure_connection", _refuse)
        monkeypatch.setattr(connection, "connect", _refuse)

    yield down
    monkeypatch.undo()


def _assert_clean_503(response, json_expected: bool) -> None:
    body = response.content.decode()
    assert response.status_code == 503, (response.status_code, body[:500])
    assert "Traceback" not in body and "OperationalError" not in body
    assert response["Retry-After"]
    if json_expected:
        assert response["Content-Type"] == "application/json"
        assert response.json()
    else:
        assert response["Content-Type"].startswith("text/plain")
        assert "database is unavailable" in body


@pytest.mark.parametrize("path", JSON_PATHS)
def test_api_and_health_answer_503_json(officer_client, database_down, path):
    database_down()
    _assert_clean_503(officer_client.get(path), json_expected=True)


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_pages_answer_a_plain_503(officer_client, database_down, path):
    database_down()
    _assert_clean_503(officer_client.get(path), json_expected=False)


def test_login_answers_a_plain_503(database_down):
    UserFactory(username="olga")
    database_down()
    client = Client(raise_request_exception=False)
    response = client.post("/accounts/login/", {"username": "olga", "password": "wrong-password"})
    _assert_clean_503(response, json_expected=False)


def test_the_server_log_names_the_cause_the_visitor_is_spared(database_down, caplog):
    UserFactory(username="olga")
    database_down()
    client = Client(raise_request_exception=False)
    with caplog.at_level("WARNING", logger="casino.middleware"):
        response = client.post("/accounts/login/", {"username": "olga", "password": "x"})
    _assert_clean_503(response, json_expected=False)
    logged = [r.getMessage() for r in caplog.records if r.name == "casino.middleware"]
    assert logged == ['POST /accounts/login/ answered 503: OperationalError: connection to '
                      'server at "127.0.0.1", port 5432 failed: refused'], logged


def test_api_write_answers_503_json(officer_client, database_down):
    database_down()
    response = officer_client.post("/api/v1/variants/", {"name": "x"}, content_type="application/json")
    _assert_clean_503(response, json_expected=True)


MODELS = (GameVariant, Paytable, PaytableVersion, PaytableLine, AuditEvent,
          GameVariant.history.model, PaytableLine.history.model)


def _counts() -> dict:
    return {m.__name__: m.objects.count() for m in MODELS}


def test_a_write_whose_audit_fails_leaves_nothing(officer_client, monkeypatch):
    family, parameters, payouts = preset_parts("seven-half-casino")
    body = {"name": "Half-written", "family": family, "parameters": parameters,
            "payouts": payouts, "jurisdiction": JurisdictionFactory().pk}
    before = _counts()

    def audit_fails(*args, **kwargs):
        # The variant, its paytable and lines are already written when the audit row fails.
        assert GameVariant.objects.filter(name="Half-written").exists()
        _refuse()

    monkeypatch.setattr(AuditEvent, "save", audit_fails)
    response = officer_client.post("/api/v1/variants/", body, content_type="application/json")

    _assert_clean_503(response, json_expected=True)
    assert _counts() == before
    monkeypatch.undo()
    response = officer_client.post("/api/v1/variants/", body, content_type="application/json")
    assert response.status_code == 201, response.content


def test_a_workflow_step_whose_audit_fails_changes_nothing(officer_client, monkeypatch):
    from casino.models import Submission
    from tests.backoffice.factories import make_variant

    variant = make_variant(actor=None, name="To submit")
    version = variant.paytable.latest_version
    before = (_counts(), Submission.objects.count(), Submission.history.model.objects.count())
    monkeypatch.setattr(AuditEvent, "save", lambda *args, **kwargs: _refuse())

    response = officer_client.post(f"/variants/{variant.pk}/submit/")

    _assert_clean_503(response, json_expected=False)
    assert (_counts(), Submission.objects.count(), Submission.history.model.objects.count()) == before
    variant.refresh_from_db()
    version.refresh_from_db()
    assert (variant.status, version.status) == ("draft", "draft")
