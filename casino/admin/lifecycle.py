"""Admin for a game's life across jurisdictions: properties are added by admins through the
service; decisions, revocations and notices are read here and recorded elsewhere (pages, API,
commands), because each is appended through a service that checks and audits it."""

from __future__ import annotations

from django.contrib import admin

from casino.models import (
    CasinoProperty,
    CertificateRevocation,
    Notice,
    RegulatorDecision,
    RegulatorSubmission,
)
from casino.permissions import CAN_MANAGE_PROPERTIES
from casino.services.properties import casino_property_create

from .base import RoleAdmin


@admin.register(CasinoProperty)
class CasinoPropertyAdmin(RoleAdmin):
    list_display = ["name", "jurisdiction", "created_at"]
    list_filter = ["jurisdiction"]
    add_roles = CAN_MANAGE_PROPERTIES
    fields = ["name", "jurisdiction"]

    def has_change_permission(self, request, obj=None) -> bool:
        # A property's jurisdiction decides what its tables deal: it is set once.
        return False

    def save_model(self, request, obj, form, change):
        form.instance = casino_property_create(name=obj.name, jurisdiction=obj.jurisdiction, actor=request.user)
        obj.pk = form.instance.pk


class ReadOnlyAdmin(RoleAdmin):
    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DecisionInline(admin.TabularInline):
    model = RegulatorDecision
    fields = ["status", "reference", "effective", "expires", "conditions", "reason", "host_property",
              "table_limit", "letter", "recorded_by", "recorded_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RegulatorSubmission)
class RegulatorSubmissionAdmin(ReadOnlyAdmin):
    list_display = ["paytable_version", "jurisdiction", "certification_run", "submitted_by", "submitted_at"]
    list_filter = ["jurisdiction"]
    list_select_related = ["paytable_version__paytable", "jurisdiction", "certification_run", "submitted_by"]
    inlines = [DecisionInline]


@admin.register(RegulatorDecision)
class RegulatorDecisionAdmin(ReadOnlyAdmin):
    list_display = ["submission", "status", "reference", "effective", "expires", "recorded_by", "recorded_at"]
    list_filter = ["status", "submission__jurisdiction"]
    search_fields = ["reference"]


@admin.register(CertificateRevocation)
class CertificateRevocationAdmin(ReadOnlyAdmin):
    list_display = ["run", "revoked_by", "revoked_at", "reason"]


@admin.register(Notice)
class NoticeAdmin(ReadOnlyAdmin):
    list_display = ["title", "kind", "jurisdiction", "posted_at"]
    list_filter = ["kind", "jurisdiction"]
