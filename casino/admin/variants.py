from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.utils.html import format_html_join

from casino import workflow
from casino.models import GameVariant, Jurisdiction, Paytable, PaytableLine, PaytableVersion
from casino.permissions import (
    CAN_AUTHOR_VARIANT,
    CAN_EDIT_JURISDICTIONS,
    CAN_EDIT_PAYTABLE,
    CAN_RETIRE,
    CAN_SUBMIT,
    has_role,
)
from casino.rules import RuleValidationError
from casino.selectors import paytable_version_house_edges
from casino.services.jurisdictions import jurisdiction_save
from casino.services.paytables import validated_payouts

from .base import RoleAdmin


@admin.register(Jurisdiction)
class JurisdictionAdmin(RoleAdmin):
    list_display = ["code", "name", "regulation_reference", "min_simulated_rounds"]
    change_roles = add_roles = CAN_EDIT_JURISDICTIONS
    fieldsets = [
        (None, {"fields": ["code", "name", "house_edge_bounds"]}),
        ("Submission packet", {"fields": [
            "regulator", "regulation_reference", "submission_title", "packet_documents",
            "min_simulated_rounds", "randomness_required", "house_edge_term", "applicant_term",
            "signatory_block", "language"]}),
        ("Life after the packet", {"fields": [
            "field_trial_required", "field_trial_days", "field_trial_min_rounds",
            "approval_valid_years"]}),
    ]

    def save_model(self, request, obj, form, change):
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        jurisdiction_save(jurisdiction=obj, changes=changes, actor=request.user)


@admin.register(GameVariant)
class GameVariantAdmin(RoleAdmin):
    list_display = [
        "name",
        "family",
        "status",
        "jurisdiction",
        "preset",
        "created_by",
        "updated_at",
    ]
    list_select_related = ["jurisdiction", "created_by"]
    list_filter = ["status", "family", "jurisdiction"]
    search_fields = ["name"]
    readonly_fields = [
        "name",
        "family",
        "parameters",
        "jurisdiction",
        "preset",
        "status",
        "revised_from",
        "created_by",
        "created_at",
        "updated_at",
    ]
    actions = ["submit_latest_version", "retire", "revise"]

    def has_submit_permission(self, request) -> bool:
        return has_role(request.user, *CAN_SUBMIT)

    def has_retire_permission(self, request) -> bool:
        return has_role(request.user, *CAN_RETIRE)

    def has_revise_permission(self, request) -> bool:
        return has_role(request.user, *CAN_AUTHOR_VARIANT)

    @admin.action(
        description="Submit the latest paytable version for certification", permissions=["submit"]
    )
    def submit_latest_version(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda v: workflow.submission_submit(
                variant=v, paytable_version=v.paytable.latest_version, actor=request.user
            ),
            "Submitted",
        )

    @admin.action(description="Retire the selected approved variants", permissions=["retire"])
    def retire(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda v: workflow.variant_retire(variant=v, actor=request.user),
            "Retired",
        )

    @admin.action(
        description="Revise the selected rejected variants into new drafts", permissions=["revise"]
    )
    def revise(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda v: workflow.variant_revise(variant=v, actor=request.user),
            "Revised",
        )


@admin.register(Paytable)
class PaytableAdmin(RoleAdmin):
    list_display = ["name", "variant", "created_at"]
    readonly_fields = ["name", "variant", "created_at"]


class LineFormSet(forms.BaseInlineFormSet):
    def clean(self):
        super().clean()
        if any(self.errors):
            return
        payouts = {}
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE") or not data.get("name"):
                continue
            payouts[data["name"]] = data["payout"]
        try:
            self.payouts = validated_payouts(
                variant=self.instance.paytable.variant, payouts=payouts
            )
        except RuleValidationError as exc:
            raise ValidationError([f"{key}: {msg}" for key, msg in exc.errors.items()]) from None


class PaytableLineInline(admin.TabularInline):
    model = PaytableLine
    formset = LineFormSet
    fields = ["name", "payout"]
    extra = 0

    def _draft(self, request, obj) -> bool:
        return obj is not None and not obj.is_locked and has_role(request.user, *CAN_EDIT_PAYTABLE)

    def has_view_permission(self, request, obj=None) -> bool:
        return True

    def has_change_permission(self, request, obj=None) -> bool:
        return self._draft(request, obj)

    def has_add_permission(self, request, obj=None) -> bool:
        return self._draft(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return self._draft(request, obj)


@admin.register(PaytableVersion)
class PaytableVersionAdmin(RoleAdmin):
    list_display = ["__str__", "status", "supersedes", "created_by", "created_at"]
    list_select_related = ["paytable", "supersedes__paytable", "created_by"]
    list_filter = ["status"]
    inlines = [PaytableLineInline]
    change_roles = CAN_EDIT_PAYTABLE
    actions = ["new_version"]

    def get_readonly_fields(self, request, obj=None):
        fixed = [
            "paytable",
            "number",
            "supersedes",
            "status",
            "created_by",
            "created_at",
            "house_edge_preview",
        ]
        return fixed if obj is not None and not obj.is_locked else [*fixed, "note"]

    def is_editable(self, obj) -> bool:
        return not obj.is_locked

    def has_new_version_permission(self, request) -> bool:
        return has_role(request.user, *CAN_EDIT_PAYTABLE)

    @admin.display(description="House edge per bet (exact engine)")
    def house_edge_preview(self, obj):
        try:
            edges = paytable_version_house_edges(obj)
        except RuleValidationError as exc:
            return f"not a playable variant: {exc}"
        except Exception as exc:  # the preview must never break the page
            return f"not available: {type(exc).__name__}: {exc}"
        return format_html_join(
            "",
            "<div>{}: {} ({})</div>",
            (
                (bet, f"{float(edge):.4%}", f"{edge.numerator}/{edge.denominator}")
                for bet, edge in edges.items()
            ),
        )

    @admin.action(
        description="Create a new draft version from the selected one", permissions=["new_version"]
    )
    def new_version(self, request, queryset):
        self.run_each(
            request,
            queryset,
            lambda v: workflow.paytable_version_create(
                paytable=v.paytable, actor=request.user, payouts=v.payouts, note=f"from v{v.number}"
            ),
            "New draft versions",
        )

    def save_model(self, request, obj, form, change):
        # The version and its lines are saved together by the workflow in save_related.
        pass

    def save_related(self, request, form, formsets, change):
        lines = next((fs for fs in formsets if isinstance(fs, LineFormSet)), None)
        payouts = getattr(lines, "payouts", form.instance.payouts)
        workflow.paytable_version_update(
            version=form.instance,
            actor=request.user,
            payouts=payouts,
            note=form.cleaned_data.get("note"),
        )
        for formset in formsets:
            # The admin's change message reads these; the workflow saved the lines instead.
            formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
