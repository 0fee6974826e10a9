"""API tokens: named, scoped, expiring, hashed; only a write token made from a session
verified with a second factor approves. Old unscoped tokens still read, and only read."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from casino.models import ApiToken, AuditEvent, SubmissionStatus, TokenScope
from casino.services.api_tokens import api_token_create, token_digest
from tests.support.second_factor import verified_client

from .factories import make_under_review

pytestmark = pytest.mark.django_db


def with_token(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def approve(client, submission):
    return client.post(f"/api/v1/submissions/{submission.pk}/approve/", {"reason": "ok"}, format="json")


def status_of(submission) -> str:
    submission.refresh_from_db()
    return submission.status


@pytest.fixture
def under_review(alice, jurisdiction):
    return make_under_review(officer=alice, jurisdiction=jurisdiction)


def test_a_reviewer_session_without_a_code_cannot_approve_or_reject(rita, under_review):
    client = APIClient()
    client.force_login(rita)
    refused = approve(client, under_review)
    assert refused.status_code == 403
    assert "second factor" in refused.json()["detail"] and refused.json()["verify_url"] == "/accounts/two-factor/verify/"
    rejected = client.post(f"/api/v1/submissions/{under_review.pk}/reject/", {"reason": "no"}, format="json")
    assert rejected.status_code == 403
    assert status_of(under_review) == SubmissionStatus.UNDER_REVIEW
    assert approve(verified_client(client, rita), under_review).status_code == 200
    assert status_of(under_review) == SubmissionStatus.APPROVED


def test_read_only_expired_and_revoked_tokens_cannot_approve(rita, under_review):
    _, read_only = api_token_create(owner=rita, name="dashboards", scope=TokenScope.READ,
                                    second_factor_verified=True)
    assert with_token(read_only).get("/api/v1/submissions/").status_code == 200
    refused = approve(with_token(read_only), under_review)
    assert refused.status_code == 403 and "read-only" in refused.json()["detail"]
    expired, expired_secret = api_token_create(owner=rita, name="old", scope=TokenScope.WRITE,
                                               second_factor_verified=True)
    ApiToken.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    answer = approve(with_token(expired_secret), under_review)
    assert answer.status_code in (401, 403) and "expired" in answer.json()["detail"]
    revoked, revoked_secret = api_token_create(owner=rita, name="gone", scope=TokenScope.WRITE,
                                               second_factor_verified=True)
    ApiToken.objects.filter(pk=revoked.pk).update(revoked_at=timezone.now())
    assert approve(with_token(revoked_secret), under_review).status_code in (401, 403)
    assert status_of(under_review) == SubmissionStatus.UNDER_REVIEW


def test_a_write_token_approves_only_if_made_from_a_verified_session(rita, under_review):
    password_only = APIClient()
    password_only.force_login(rita)
    made = password_only.post("/api/v1/tokens/", {"name": "ci", "scope": "write"}, format="json")
    assert made.status_code == 201 and made.json()["second_factor_verified"] is False
    refused = approve(with_token(made.json()["secret"]), under_review)
    assert refused.status_code == 403 and "without a verified second factor" in refused.json()["detail"]
    assert status_of(under_review) == SubmissionStatus.UNDER_REVIEW

    made = verified_client(APIClient(), rita).post("/api/v1/tokens/", {"name": "release", "scope": "write",
                                                                       "days": 7}, format="json")
    token = ApiToken.objects.get(pk=made.json()["id"])
    assert token.second_factor_verified and token.expires_at - timezone.now() > timedelta(days=6)
    assert approve(with_token(made.json()["secret"]), under_review).status_code == 200
    assert status_of(under_review) == SubmissionStatus.APPROVED
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_only_the_hash_of_a_secret_is_kept_and_it_is_shown_once(client, rita):
    verified_client(client, rita)
    page = client.post("/accounts/tokens/", {"name": "nightly export", "scope": "read", "days": "30"})
    secret = page.context["new_secret"]
    assert page.status_code == 200 and secret in page.content.decode()
    token = ApiToken.objects.get(name="nightly export")
    assert token.secret_sha256 == token_digest(secret)
    assert all(secret not in str(value) for value in ApiToken.objects.filter(pk=token.pk).values().get().values())
    assert not AuditEvent.objects.filter(action="api_token.created", after__icontains=token.secret_sha256).exists()
    listing = client.get("/accounts/tokens/").content.decode()
    assert "nightly export" in listing and secret not in listing


def test_owners_and_admins_revoke_others_may_not(client, rita, alice, adam):
    token, secret = api_token_create(owner=rita, name="ci", scope=TokenScope.READ, second_factor_verified=False)
    assert verified_client(APIClient(), alice).post(f"/api/v1/tokens/{token.pk}/revoke/").status_code == 404
    assert verified_client(client, alice).post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 403
    assert with_token(secret).get("/api/v1/tokens/").json()["count"] == 1
    revoked = verified_client(APIClient(), adam).post(f"/api/v1/tokens/{token.pk}/revoke/")
    assert revoked.status_code == 200 and revoked.json()["revoked_at"]
    assert with_token(secret).get("/api/v1/variants/").status_code in (401, 403)
    assert AuditEvent.objects.filter(action="api_token.revoked", actor=adam).count() == 1
    other, _ = api_token_create(owner=rita, name="mine", scope=TokenScope.READ, second_factor_verified=False)
    verified_client(client, rita).post(f"/accounts/tokens/{other.pk}/revoke/")
    other.refresh_from_db()
    assert other.revoked_at is not None


def test_a_token_cannot_make_tokens_and_bad_input_names_the_field(rita):
    _, secret = api_token_create(owner=rita, name="ci", scope=TokenScope.WRITE, second_factor_verified=True)
    assert with_token(secret).post("/api/v1/tokens/", {"name": "x", "scope": "write"}, format="json").status_code == 403
    client = verified_client(APIClient(), rita)
    bad = client.post("/api/v1/tokens/", {"name": "x", "scope": "admin", "days": 0}, format="json")
    assert bad.status_code == 400 and {"scope", "days"} <= set(bad.json())
    assert ApiToken.objects.count() == 1


def test_an_old_unscoped_token_reads_cannot_write_and_is_flagged_in_the_admin(client, rita, adam, under_review):
    legacy = Token.objects.create(user=rita)
    assert with_token(legacy.key).get("/api/v1/submissions/").status_code == 200
    refused = approve(with_token(legacy.key), under_review)
    assert refused.status_code == 403 and "unscoped" in refused.json()["detail"]
    assert status_of(under_review) == SubmissionStatus.UNDER_REVIEW
    admin_page = verified_client(client, adam).get("/admin/authtoken/tokenproxy/")
    assert admin_page.status_code == 200 and "Unscoped: read-only" in admin_page.content.decode()
    api_token_create(owner=rita, name="scoped one", scope=TokenScope.WRITE, second_factor_verified=True)
    scoped_page = client.get("/admin/casino/apitoken/")
    assert scoped_page.status_code == 200 and "scoped one" in scoped_page.content.decode()
