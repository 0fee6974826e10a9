"""Revoking a certificate over the API needs a verified second factor: an unverified
session or a token made without one is refused and the register is unchanged."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from casino.models import CertificateRevocation, TokenScope
from casino.selectors import certificate_status
from casino.services.api_tokens import api_token_create
from certification.services.certificates import certificate_issue_approved

pytestmark = pytest.mark.django_db


@pytest.fixture
def certificate(approved, rita):
    run = approved.certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    run.refresh_from_db()
    return run


def revoke(client, run):
    return client.post(f"/api/v1/certificates/{run.certificate_number}/revoke/",
                       {"reason": "the shuffle was not the one certified"}, format="json")


def with_token(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def test_revoking_needs_a_verified_session_or_a_token_made_from_one(certificate, adam):
    password_only = APIClient()
    password_only.force_login(adam)
    assert revoke(password_only, certificate).status_code == 403
    _, unverified = api_token_create(owner=adam, name="cron", scope=TokenScope.WRITE, second_factor_verified=False)
    assert revoke(with_token(unverified), certificate).status_code == 403
    _, read_only = api_token_create(owner=adam, name="read", scope=TokenScope.READ, second_factor_verified=True)
    assert revoke(with_token(read_only), certificate).status_code == 403
    assert not CertificateRevocation.objects.exists()
    assert certificate_status(run=certificate).state != "revoked"

    _, verified = api_token_create(owner=adam, name="release", scope=TokenScope.WRITE, second_factor_verified=True)
    assert revoke(with_token(verified), certificate).status_code == 200
    assert certificate_status(run=certificate).state == "revoked"
