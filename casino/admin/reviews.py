from __future__ import annotations

from functools import cache

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.http import HttpResponse
from django.template import engines

from casino import workflow
from casino.models import Attachment, AuditEvent, ReviewComment, Submission, TableConfiguration
from casino.permissions import CAN_CONFIGURE_TABLES, CAN_DECIDE, CAN_RUN_CERTIFICATION, has_role
from casino.services.tables import (
    EDITABLE_FIELDS,
    table_configuration_create,
    table_configuration_update,
)

from .base import RoleAdmin

REJECT_PAGE_SOURCE = """{% extends "admin/base_site.html" %}
{% block content %}
<form method="post">{% csrf_token %}
  <p>Reject {{ queryset|length }} submission(s):</p>
  <ul>{% for s in queryset %}<li>{{ s }}</li>{% endfor %}</ul>
  <p><label for="reason">Reason (recorded and shown to the submitter)</label><br>
  <textarea id="reason" name="reason" rows="4" cols="80" required></textarea></p>
  {% for s in queryset %}<input type="hidden" name="{{ checkbox }}" value="{{ s.pk }}">{% endfor %}
  <input type="hidden" name="action" value="reject">
  <input type="hidden" name="confirm" value="yes">
  <input type="submit" value="Reject">
</form>
{% endblock %}"""


@cache
def reject_page():
    # Compiled on first use: building the template engine at import loads every tag library
    # (DRF's among them), a quarter of a second of every process's start.
    return engines["django"].from_string(REJECT_PAGE_SOURCE)


class CommentInline(admin.TabularInline):
    model = ReviewComment
    fields = ["author", "body", "created_at"]
    readonly_fields = fields
    extra = 0

    def has_view_permission(self, request, obj=None) -> bool:
        return True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class AttachmentInline(CommentInline):
    model = Attachment
    fields = ["original_name", "content_type", "size", "sha256", "uploaded_by", "uploaded_at"]
    readonly_fields = fields


@admin.register(Submission)
class SubmissionAdmin(RoleAdmin):
    list_display = ["__str__", "status", "submitted_by", "reviewer", "submitted_at", "decided_at"]
    # Named, because the admin's automatic join skips nullable keys (reviewer): one query a row.
    list_select_related = ["variant", "paytable_version", "submitted_by", "reviewer"]
    list_filter = ["status"]
    readonly_fields = [
        "variant",
        "paytable_version",
        "status",
        "submitted_by",
        "reviewer",
        "decision_reason",
        "certification_run",
        "submitted_at",
        "updated_at",
        "decided_at",
    ]
    inlines = [CommentInline, AttachmentInline]
    actions = ["start_certification", "mark_under_review", "approve", "reject"]

    def has_certify_permission(self, request) -> bool:
        return has_role(request.user, *CAN_RUN_CERTIFICATION)

    def has_decide_permission(self, request) -> bool:
        return has_role(request.user, *CAN_DECIDE)

    @admin.action(description="Start a certification run", permissions=["certify"])
    def start_certification(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda s: workflow.submission_start_certification(submission=s, actor=request.user),
            "Certification runs queued",
        )

    @admin.action(description="Send to review (certification finished)", permissions=["certify"])
    def mark_under_review(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda s: workflow.submission_mark_under_review(submission=s, actor=request.user),
            "Under review",
        )

    @admin.action(description="Approve", permissions=["decide"])
    def approve(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda s: workflow.submission_approve(submission=s, actor=request.user),
            "Approved",
        )

    @admin.action(description="Reject (asks for a reason)", permissions=["decide"])
    def reject(self, request, queryset):
        reason = request.POST.get("reason", "").strip()
        if request.POST.get("confirm") == "yes" and reason:
            self.run_each(
                request,
                queryset,
                lambda s: workflow.submission_reject(
                    submission=s, actor=request.user, reason=reason
                ),
                "Rejected",
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "queryset": queryset,
            "checkbox": helpers.ACTION_CHECKBOX_NAME,
            "title": "Reject submissions",
        }
        return HttpResponse(reject_page().render(context, request))


class TableConfigurationAdminForm(forms.ModelForm):
    class Meta:
        model = TableConfiguration
        fields = "__all__"  # noqa: DJ007 (the admin's own field set, as without this form)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "penetration" in self.fields:
            self.fields["penetration"].required = False
        for name in ("channel", "stake_level"):
            if name in self.fields:
                # Left empty, a table keeps (or starts with) its current channel and stake level.
                self.fields[name].required = False
        if "casino_property" in self.fields and self.instance.pk is None:
            # Left empty, a new table stands in the first property of its variant's jurisdiction.
            self.fields["casino_property"].required = False

    def clean_channel(self) -> str:
        return self.cleaned_data.get("channel") or self.instance.channel

    def clean_stake_level(self) -> str:
        return self.cleaned_data.get("stake_level") or self.instance.stake_level

    def clean_penetration(self) -> float:
        # Left empty, a table shuffles before every round, as every table did before.
        value = self.cleaned_data.get("penetration")
        return 0.0 if value is None else value


@admin.register(TableConfiguration)
class TableConfigurationAdmin(RoleAdmin):
    form = TableConfigurationAdminForm
    list_display = ["table_id", "casino_property", "pit", "variant", "paytable_version", "status", "seats",
                    "decks"]
    list_filter = ["status", "casino_property", "pit", "channel", "stake_level"]
    readonly_fields = ["status", "created_at", "updated_at"]
    change_roles = add_roles = CAN_CONFIGURE_TABLES
    actions = ["activate", "deactivate", "close"]

    def get_readonly_fields(self, request, obj=None):
        return [*self.readonly_fields, "table_id"] if obj else self.readonly_fields

    def has_tables_permission(self, request) -> bool:
        return has_role(request.user, *CAN_CONFIGURE_TABLES)

    def save_model(self, request, obj, form, change):
        if change:
            changes = {
                name: form.cleaned_data[name]
                for name in EDITABLE_FIELDS
                if name in form.changed_data
            }
            table_configuration_update(table=obj, actor=request.user, **changes)
        else:
            fields = {
                name: form.cleaned_data[name]
                for name in EDITABLE_FIELDS
                if name in form.cleaned_data
            }
            form.instance = table_configuration_create(
                actor=request.user, table_id=obj.table_id, **fields
            )
            obj.pk = form.instance.pk

    @admin.action(description="Activate (put on the floor)", permissions=["tables"])
    def activate(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda t: workflow.table_activate(table=t, actor=request.user),
            "Activated",
        )

    @admin.action(description="Deactivate", permissions=["tables"])
    def deactivate(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda t: workflow.table_deactivate(table=t, actor=request.user),
            "Deactivated",
        )

    @admin.action(description="Close for good", permissions=["tables"])
    def close(self, request, queryset):
        self.run_each(
            request, queryset, lambda t: workflow.table_close(table=t, actor=request.user), "Closed"
        )


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = ["at", "actor", "action", "object_type", "object_id"]
    list_select_related = ["actor"]
    list_filter = ["action", "object_type"]
    search_fields = ["object_id", "message"]
    readonly_fields = [
        "at",
        "actor",
        "action",
        "object_type",
        "object_id",
        "before",
        "after",
        "message",
        "previous_event_id",
        "previous_hash",
        "event_hash",
    ]

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
