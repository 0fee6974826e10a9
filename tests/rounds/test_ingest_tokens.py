"""Ingest tokens: posting only, for the named tables, refused once revoked; made and revoked
by an admin, audited; the hash kept, never the secret."""

from __future__ import annotations

import msgspec
import pytest
from django.core.exceptions import PermissionDenied

from casino.models import AuditEvent, IngestToken, Round
from casino.permissions import Role
from casino.services.api_tokens import token_digest
from casino.services.ingest_tokens import ingest_token_create, ingest_token_revoke
from tests.backoffice.factories import UserFactory
from tests.rounds.generate import make_batch, make_rounds

pytestmark = pytest.mark.django_db


def post(client, secret, batch_id="t-1"):
    body = msgspec.json.encode(make_batch(batch_id, make_rounds(3, seed=1)))
    return client.post("/api/v1/rounds/", data=body, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {secret}")


def test_only_the_hash_is_kept_and_the_making_is_audited(adam, table):
    token, secret = ingest_token_create(actor=adam, name="studio 2", tables=[table])
    assert token.secret_sha256 == token_digest(secret) and secret not in str(vars(token))
    event = AuditEvent.objects.get(action="ingest_token.created")
    assert event.after["tables"] == ["T-01"] and "secret_sha256" not in event.after


def test_only_an_admin_makes_one(table):
    officer = UserFactory(username="alice", roles=[Role.OFFICER])
    with pytest.raises(PermissionDenied):
        ingest_token_create(actor=officer, name="x", tables=[table])


def test_a_revoked_token_is_refused_at_once(client, adam, token_secret):
    assert post(client, token_secret).status_code == 201
    token = IngestToken.objects.get()
    ingest_token_revoke(token=token, actor=adam)
    assert post(client, token_secret, "t-2").status_code == 401
    assert AuditEvent.objects.filter(action="ingest_token.revoked").count() == 1
    assert Round.objects.count() == 3


def test_no_token_or_another_kind_is_refused(client, token_secret):
    assert client.post("/api/v1/rounds/", data=b"{}", content_type="application/json").status_code == 401
    response = client.post("/api/v1/rounds/", data=b"{}", content_type="application/json",
                           HTTP_AUTHORIZATION="Token " + token_secret)
    assert response.status_code == 401


def test_an_ingest_token_reads_nothing(client, token_secret):
    for path in ("/api/v1/tables/", "/api/v1/variants/", "/api/v1/audit-events/"):
        response = client.get(path, HTTP_AUTHORIZATION=f"Bearer {token_secret}")
        assert response.status_code in (401, 403), path
        response = client.get(path, HTTP_AUTHORIZATION=f"Token {token_secret}")
        assert response.status_code in (401, 403), path
    assert client.get("/api/v1/rounds/", HTTP_AUTHORIZATION=f"Bearer {token_secret}").status_code == 405


def test_the_command_makes_lists_and_revokes(adam, table, capsys):
    from django.core.management import call_command

    call_command("ingest_token", "create", "--name", "Studio 1", "--table", "T-01", "--user", "adam")
    secret = capsys.readouterr().out.split()[0]
    assert secret.startswith("ti_")
    token = IngestToken.objects.get(name="Studio 1")
    call_command("ingest_token", "list")
    assert f"{token.prefix}  Studio 1  [T-01]  active" in capsys.readouterr().out
    call_command("ingest_token", "revoke", token.prefix, "--user", "adam")
    token.refresh_from_db()
    assert token.revoked_at is not None
