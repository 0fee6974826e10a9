"""API tokens: made by their owner (secret shown once, only its hash kept), revoked by the
owner or an admin; every change audited."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.models import ApiToken, TokenScope
from casino.permissions import Role, has_role
from casino.services.audit import audit_record, snapshot

# Scoped tokens start with this, so authentication tells them from the old unscoped ones.
TOKEN_PREFIX = "tc_"
MAX_TOKEN_DAYS = 366


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def api_token_create(*, owner, name: str, scope: str, days: int | None = None,
                     second_factor_verified: bool) -> tuple[ApiToken, str]:
    """A new token and its secret, which is not stored and cannot be shown again."""
    days = settings.TABLECERT_API_TOKEN_DAYS if days is None else days
    problems = {}
    if not name.strip():
        problems["name"] = _("Give the token a name.")
    if scope not in TokenScope.values:
        problems["scope"] = _("Choose one of %(scopes)s.") % {"scopes": ", ".join(TokenScope.values)}
    if not 1 <= days <= MAX_TOKEN_DAYS:
        problems["days"] = _("A token lives between 1 and %(days)s days.") % {"days": MAX_TOKEN_DAYS}
    if problems:
        raise ValidationError(problems)
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(user=owner, name=name.strip(), scope=scope, prefix=secret[:10],
                     secret_sha256=token_digest(secret), second_factor_verified=second_factor_verified,
                     expires_at=timezone.now() + timedelta(days=days))
    with transaction.atomic():
        token.save()
        audit_record(actor=owner, action="api_token.created", obj=token, before=None, after=_picture(token))
    return token, secret


def _picture(token: ApiToken) -> dict:
    # The hash stays out of the audit trail: it is the token's only copy.
    return {k: v for k, v in snapshot(token).items() if k != "secret_sha256"}


def may_manage_token(user, token: ApiToken) -> bool:
    return token.user_id == user.pk or has_role(user, Role.ADMIN)


def api_token_revoke(*, token: ApiToken, actor) -> ApiToken:
    if not may_manage_token(actor, token):
        raise PermissionDenied(_("only the token's owner or an admin may revoke it"))
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is not None:
            return token
        before = _picture(token)
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit_record(actor=actor, action="api_token.revoked", obj=token, before=before, after=_picture(token))
    return token


def api_token_lookup(secret: str) -> ApiToken | None:
    return ApiToken.objects.select_related("user").filter(secret_sha256=token_digest(secret)).first()
