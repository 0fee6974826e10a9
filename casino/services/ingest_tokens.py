"""Ingest tokens: made by an admin for named tables (secret shown once, only its hash kept),
revoked at once; every change audited. A token posts rounds and does nothing else."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.models import IngestToken, TableConfiguration
from casino.permissions import Role, has_role
from casino.services.api_tokens import token_digest
from casino.services.audit import audit_record

INGEST_TOKEN_PREFIX = "ti_"
_LAST_USED_RESOLUTION = timedelta(minutes=5)


def _picture(token: IngestToken) -> dict:
    # The hash stays out of the audit trail: it is the token's only copy.
    return {"name": token.name, "prefix": token.prefix,
            "tables": sorted(token.tables.values_list("table_id", flat=True)),
            "revoked_at": token.revoked_at.isoformat() if token.revoked_at else None}


def ingest_token_create(*, actor, name: str, tables: list[TableConfiguration]) -> tuple[IngestToken, str]:
    if not has_role(actor, Role.ADMIN):
        raise PermissionDenied(_("only an admin may make ingest tokens"))
    problems = {}
    if not name.strip():
        problems["name"] = _("Give the token a name.")
    if not tables:
        problems["tables"] = _("Name at least one table the token may post rounds for.")
    if problems:
        raise ValidationError(problems)
    secret = INGEST_TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        token = IngestToken.objects.create(name=name.strip(), prefix=secret[:10],
                                           secret_sha256=token_digest(secret), created_by=actor)
        token.tables.set(tables)
        audit_record(actor=actor, action="ingest_token.created", obj=token, before=None,
                     after=_picture(token))
    return token, secret


def ingest_token_revoke(*, token: IngestToken, actor) -> IngestToken:
    if not has_role(actor, Role.ADMIN):
        raise PermissionDenied(_("only an admin may revoke ingest tokens"))
    with transaction.atomic():
        token = IngestToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is not None:
            return token
        before = _picture(token)
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit_record(actor=actor, action="ingest_token.revoked", obj=token, before=before,
                     after=_picture(token))
    return token


def ingest_token_authenticate(secret: str) -> tuple[IngestToken, set[str]] | None:
    """The usable token with this secret and the ids of the tables it may post to."""
    if not secret.startswith(INGEST_TOKEN_PREFIX):
        return None
    token = IngestToken.objects.filter(secret_sha256=token_digest(secret), revoked_at=None).first()
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > _LAST_USED_RESOLUTION:
        IngestToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token, set(token.tables.values_list("table_id", flat=True))
