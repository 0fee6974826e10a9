"""Admin access by role; every change goes through a service, never a bare ``save()``."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from simple_history.admin import SimpleHistoryAdmin

from casino.models import ImmutableRecordError
from casino.permissions import CAN_READ, has_role
from casino.rules import RuleValidationError
from casino.second_factor import refuse_without_second_factor
from casino.services.errors import WorkflowError

REFUSALS = (
    WorkflowError,
    PermissionDenied,
    ValidationError,
    RuleValidationError,
    ImmutableRecordError,
)


class SecondFactorAdminMixin:
    """Every change made through these admin pages (forms, actions, list edits) needs the
    verified second factor that the pages and the API ask for (casino.second_factor)."""

    def changeform_view(self, request, *args, **kwargs):
        refuse_without_second_factor(request)
        return super().changeform_view(request, *args, **kwargs)

    def changelist_view(self, request, *args, **kwargs):
        refuse_without_second_factor(request)
        return super().changelist_view(request, *args, **kwargs)

    def delete_view(self, request, *args, **kwargs):
        refuse_without_second_factor(request)
        return super().delete_view(request, *args, **kwargs)


class RoleAdmin(SecondFactorAdminMixin, SimpleHistoryAdmin):
    view_roles: tuple[str, ...] = CAN_READ
    change_roles: tuple[str, ...] = ()
    add_roles: tuple[str, ...] = ()

    def has_module_permission(self, request) -> bool:
        return has_role(request.user, *self.view_roles)

    def has_view_permission(self, request, obj=None) -> bool:
        return has_role(request.user, *self.view_roles)

    def has_change_permission(self, request, obj=None) -> bool:
        return has_role(request.user, *self.change_roles) and (obj is None or self.is_editable(obj))

    def has_add_permission(self, request) -> bool:
        return has_role(request.user, *self.add_roles)

    def has_delete_permission(self, request, obj=None) -> bool:
        # Regulated records are retired or closed, never deleted.
        return False

    def has_change_history_permission(self, request, obj=None) -> bool:
        # Reverting from history would bypass the workflow and its audit trail.
        return False

    def revert_disabled(self, request, obj=None) -> bool:
        return True

    def is_editable(self, obj) -> bool:
        return True

    def run_each(self, request, queryset, service, done: str) -> None:
        """Call a workflow service per selected row, reporting each refusal by name."""
        succeeded = 0
        for obj in queryset:
            try:
                service(obj)
                succeeded += 1
            except REFUSALS as exc:
                messages.error(request, f"{obj}: {_text(exc)}")
        if succeeded:
            messages.success(request, f"{done}: {succeeded}")


def _text(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and hasattr(exc, "error_dict"):
        return "; ".join(f"{k}: {', '.join(v)}" for k, v in exc.message_dict.items())
    if isinstance(exc, ValidationError):
        return "; ".join(exc.messages)
    return str(exc)
