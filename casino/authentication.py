"""Signed-in users arrive with their roles: one short query per request where there were two.

Every page and API call checks roles (casino.permissions.roles_of). Loading the user (by
session or API token) and then its role groups through the ORM cost two queries whose
compilation took five times longer than running them; these read both with one hand-written
query. A role granted or withdrawn takes effect on the next request, as before.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from .permissions import Role, remember_roles


def _user_with_roles_sql(*, by_token: bool = False) -> str:
    user = get_user_model()
    groups = user.groups.through._meta.db_table
    marks = ", ".join(["%s"] * len(Role.ALL))
    roles = (f"LEFT JOIN {groups} m ON m.user_id = u.id "
             f"LEFT JOIN {Group._meta.db_table} g ON g.id = m.group_id AND g.name IN ({marks}) ")
    if by_token:
        return (f"SELECT u.*, t.created AS token_created, g.name AS role_name "
                f"FROM {Token._meta.db_table} t JOIN {user._meta.db_table} u ON u.id = t.user_id "
                f"{roles}WHERE t.key = %s")
    return f"SELECT u.*, g.name AS role_name FROM {user._meta.db_table} u {roles}WHERE u.id = %s"


def _user_of(rows) -> object:
    user = rows[0]
    remember_roles(user, frozenset(row.role_name for row in rows if row.role_name))
    return user


class RoleLoadingBackend(ModelBackend):
    """ModelBackend whose per-request user lookup brings the user's roles along."""

    def get_user(self, user_id):
        rows = list(get_user_model()._default_manager.raw(_user_with_roles_sql(), [*Role.ALL, user_id]))
        if not rows or not self.user_can_authenticate(rows[0]):
            return None
        return _user_of(rows)


class RoleLoadingTokenAuthentication(TokenAuthentication):
    """DRF's token authentication (same checks, same messages), the roles read along."""

    def authenticate_credentials(self, key):
        sql = _user_with_roles_sql(by_token=True)
        rows = list(get_user_model()._default_manager.raw(sql, [*Role.ALL, key]))
        if not rows:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = _user_of(rows)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, Token(key=key, user=user, created=user.token_created)
