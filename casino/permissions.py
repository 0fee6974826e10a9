"""Roles, and who may do what; one place, used by the views, the API, the admin and the workflow."""

from __future__ import annotations

from django.contrib.auth.models import Group
from django.db.models import F, FilteredRelation, Q, QuerySet
from django.utils.translation import gettext_lazy as _
from rest_framework import permissions


class Role:
    OFFICER = "Compliance officer"
    REVIEWER = "Reviewer"
    ADMIN = "Admin"
    AUDITOR = "Auditor"
    # A regulator's staff: reads what was filed in its own jurisdictions, nothing else.
    REGULATOR = "Regulator"
    # Floor surveillance staff: read rounds, open, annotate and close cases; nothing else.
    SURVEILLANCE = "Surveillance"
    BACK_OFFICE = (OFFICER, REVIEWER, ADMIN, AUDITOR)
    ALL = (*BACK_OFFICE, REGULATOR, SURVEILLANCE)


def roles_setup() -> list[Group]:
    """Create the role groups (idempotent); rights come from membership, not model permissions."""
    return [Group.objects.get_or_create(name=name)[0] for name in Role.ALL]


def roles_of(user) -> frozenset[str]:
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return frozenset()
    if user.is_superuser:
        return frozenset(Role.BACK_OFFICE)
    cached = getattr(user, "_tablecert_roles", None)
    if cached is None:
        cached = user._tablecert_roles = _role_names(user.pk)
    return cached


def _role_names(user_id: int) -> frozenset[str]:
    return frozenset(Group.objects.filter(user=user_id, name__in=Role.ALL).values_list("name", flat=True))


def with_role_names(rows: QuerySet, user_path: str = "") -> QuerySet:
    """``rows`` (users, or rows with a user at ``user_path``, e.g. ``"user__"``) with the
    user's role names joined in: one row per role, or one row with ``role_name`` None.

    The same join as ``user.groups.filter(name__in=Role.ALL)``, read with the user instead of
    after it, so a request learns who and in which roles with one query.
    """
    groups = f"{user_path}groups"
    return rows.annotate(
        role=FilteredRelation(groups, condition=Q(**{f"{groups}__name__in": Role.ALL}))
    ).annotate(role_name=F("role__name"))


def roles_from_rows(rows: list) -> frozenset[str]:
    """The role names of rows read through ``with_role_names``."""
    return frozenset(row.role_name for row in rows if row.role_name)


def remember_roles(user, roles: frozenset[str]) -> None:
    """Roles loaded together with the user (casino.authentication), so roles_of need not query."""
    user._tablecert_roles = roles


def has_role(user, *roles: str) -> bool:
    return bool(roles_of(user) & set(roles))


# What each kind of action needs. Segregation of duties is checked in the workflow on top.
# The back office reads everything; a regulator reads only through casino.services.regulator_scope.
CAN_READ = Role.BACK_OFFICE
CAN_READ_REGULATED = (*Role.BACK_OFFICE, Role.REGULATOR)
CAN_AUTHOR_VARIANT = (Role.OFFICER,)
CAN_EDIT_PAYTABLE = (Role.OFFICER, Role.ADMIN)
CAN_SUBMIT = (Role.OFFICER,)
CAN_RUN_CERTIFICATION = (Role.OFFICER, Role.REVIEWER)
CAN_DECIDE = (Role.REVIEWER,)
CAN_RETIRE = (Role.REVIEWER, Role.ADMIN)
CAN_CONFIGURE_TABLES = (Role.ADMIN,)
CAN_COMMENT = (Role.OFFICER, Role.REVIEWER)
CAN_ATTACH = (Role.OFFICER, Role.REVIEWER)
CAN_EDIT_JURISDICTIONS = (Role.ADMIN,)
# Searching for approvable versions and drafting one; every role may read the results.
CAN_TUNE = (Role.OFFICER, Role.ADMIN)
# Preparing a commission packet; every role may read packets.
CAN_PREPARE_PACKET = (Role.OFFICER, Role.ADMIN)
# Uploading a table's field results; every role may read them.
CAN_UPLOAD_FIELD_RESULTS = (Role.ADMIN, Role.OFFICER)
# Filing a version with a regulator and transcribing the regulator's letters (submitted,
# field trial, approved, rejected, withdrawn).
CAN_RECORD_DECISIONS = (Role.OFFICER, Role.ADMIN)
# Revoking an approval or a certificate; whoever submitted the variant may not (checked on top).
CAN_REVOKE = (Role.REVIEWER, Role.ADMIN)
CAN_MANAGE_PROPERTIES = (Role.ADMIN,)
# Asking for final approval after a field trial: admins, and the variant's own compliance
# officers (its owner or whoever submitted the version; checked on top).
CAN_REQUEST_FINAL_APPROVAL = (Role.OFFICER, Role.ADMIN)
# Surveillance cases and the rounds behind them: the surveillance role alone (no back-office
# role reads them, and the surveillance role reads nothing else).
CAN_SURVEIL = (Role.SURVEILLANCE,)


class RolePermission(permissions.BasePermission):
    """Reads for every role; writes for the roles a view names per action.

    A view sets ``write_roles`` (all unsafe methods) and may refine it per action with
    ``action_roles = {"approve": CAN_DECIDE, "comments:POST": CAN_COMMENT, ...}``.
    """

    message = _("Your role does not allow this.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not roles_of(user):
            return False
        action = getattr(view, "action", None)
        action_roles = getattr(view, "action_roles", {})
        for key in (f"{action}:{request.method}", action):
            if key in action_roles:
                return has_role(user, *action_roles[key])
        if request.method in permissions.SAFE_METHODS:
            return has_role(user, *CAN_READ)
        return has_role(user, *getattr(view, "write_roles", ()))
