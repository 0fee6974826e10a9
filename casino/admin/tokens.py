"""API tokens in the admin: scoped tokens (list, revoke) and the old unscoped ones, flagged.

django-otp's own device admins are removed: a device added there would come with a key the
adder knows, a way round the second factor. Users enrol on /accounts/two-factor/ only.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy

from casino.models import ApiToken
from casino.permissions import Role, has_role
from casino.services.api_tokens import api_token_revoke

from .base import REFUSALS, SecondFactorAdminMixin, _text


@admin.register(ApiToken)
class ApiTokenAdmin(SecondFactorAdminMixin, admin.ModelAdmin):
    """Admins see and revoke every token; tokens are made by their owners on /accounts/tokens/."""

    list_display = ["name", "user", "scope", "second_factor_verified", "prefix", "created_at",
                    "expires_at", "last_used_at", "revoked_at"]
    list_filter = ["scope", "second_factor_verified"]
    search_fields = ["name", "user__username", "prefix"]
    readonly_fields = list_display
    actions = ["revoke"]

    def has_module_permission(self, request) -> bool:
        return has_role(request.user, Role.ADMIN)

    def has_view_permission(self, request, obj=None) -> bool:
        return has_role(request.user, Role.ADMIN)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_revoke_permission(self, request) -> bool:
        return has_role(request.user, Role.ADMIN)

    @admin.action(description=_("Revoke the selected tokens"), permissions=["revoke"])
    def revoke(self, request, queryset):
        for token in queryset:
            try:
                api_token_revoke(token=token, actor=request.user)
            except REFUSALS as exc:
                self.message_user(request, f"{token}: {_text(exc)}", level="error")


admin.site.unregister(TokenProxy)
for device_model in (TOTPDevice, StaticDevice):
    if admin.site.is_registered(device_model):
        admin.site.unregister(device_model)


@admin.register(TokenProxy)
class UnscopedTokenAdmin(SecondFactorAdminMixin, TokenAdmin):
    """The old DRF tokens: they still sign in, read-only, until replaced by scoped ones."""

    list_display = ("key", "user", "created", "unscoped")

    def has_module_permission(self, request) -> bool:
        return has_role(request.user, Role.ADMIN)

    def has_view_permission(self, request, obj=None) -> bool:
        return has_role(request.user, Role.ADMIN)

    @admin.display(description=_("Scope"))
    def unscoped(self, obj) -> str:
        return str(_("Unscoped: read-only, replace it"))
