"""The audit trail's signed checkpoints, read-only: they are made by the daily job only."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpResponse

from casino.models import AuditCheckpoint
from casino.permissions import has_role
from casino.services.audit_integrity import checkpoint_export

from .base import RoleAdmin


@admin.register(AuditCheckpoint)
class AuditCheckpointAdmin(admin.ModelAdmin):
    list_display = ["made_at", "event_id", "event_count", "event_hash"]
    readonly_fields = ["made_at", "event_id", "event_hash", "event_count", "payload",
                       "signer_sha256"]
    exclude = ["signature"]
    actions = ["export"]

    def has_module_permission(self, request) -> bool:
        return has_role(request.user, *RoleAdmin.view_roles)

    def has_view_permission(self, request, obj=None) -> bool:
        return has_role(request.user, *RoleAdmin.view_roles)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description="Download as a checkpoint file (for verify-audit --checkpoint)",
                  permissions=["view"])
    def export(self, request, queryset):
        newest = queryset.order_by("-made_at", "-id").first()
        response = HttpResponse(checkpoint_export(newest), content_type="application/json")
        response["Content-Disposition"] = (
            f'attachment; filename="audit-checkpoint-{newest.made_at:%Y%m%d-%H%M%S}.json"')
        return response
