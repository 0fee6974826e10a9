"""Signed-in users arrive with their roles: one query per request for the user and its roles.

Every page and API call checks roles (casino.permissions.roles_of). The user is read (by
session or API token) with its role groups joined in (``permissions.with_role_names``), so
the roles need no second query. A role granted or withdrawn takes effect on the next
request, as before.
"""

from __future__ import annotations

from datetime import timedelta
from functools import cache

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from .models import ApiToken
from .permissions import remember_roles, roles_from_rows, with_role_names
from .services.api_tokens import TOKEN_PREFIX, token_digest

# last_used_at is rewritten at most this often, so a busy script does not write on every call.
_LAST_USED_RESOLUTION = timedelta(minutes=5)


# Built once per process and copied by every filter(), so no request's rows stay in them.
@cache
def _users_with_roles() -> QuerySet:
    return with_role_names(get_user_model()._default_manager.all())


@cache
def _tokens_with_roles() -> QuerySet:
    return with_role_names(Token.objects.select_related("user"), "user__")


@cache
def _scoped_tokens_with_roles() -> QuerySet:
    return with_role_names(ApiToken.objects.select_related("user"), "user__")


class RoleLoadingBackend(ModelBackend):
    """ModelBackend whose per-request user lookup brings the user's roles along."""

    def get_user(self, user_id):
        rows = list(_users_with_roles().filter(pk=user_id))
        if not rows or not self.user_can_authenticate(rows[0]):
            return None
        user = rows[0]
        remember_roles(user, roles_from_rows(rows))
        return user


class RoleLoadingTokenAuthentication(TokenAuthentication):
    """DRF's token authentication (same checks, same messages), the roles read along.

    Scoped tokens (``tc_...``) are found by the hash of their secret and must be neither
    revoked nor expired; old unscoped tokens still sign in, and only read
    (casino.second_factor.SecondFactorPermission).
    """

    def authenticate_credentials(self, key):
        if key.startswith(TOKEN_PREFIX):
            return self._scoped(key)
        rows = list(_tokens_with_roles().filter(key=key))
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token = rows[0]
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        remember_roles(token.user, roles_from_rows(rows))
        return token.user, token

    def _scoped(self, secret: str):
        rows = list(_scoped_tokens_with_roles().filter(secret_sha256=token_digest(secret)))
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token = rows[0]
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed(_("This API token was revoked."))
        if token.is_expired:
            raise exceptions.AuthenticationFailed(_("This API token has expired."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > _LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        remember_roles(token.user, roles_from_rows(rows))
        return token.user, token
