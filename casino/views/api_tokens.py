"""API tokens on a page: the owner's (every token, for admins), a new one, revoking one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from casino.forms.security import TokenCreateForm
from casino.models import ApiToken
from casino.permissions import Role, has_role
from casino.second_factor import session_verified_device
from casino.services.api_tokens import api_token_create, api_token_revoke

from .access import page


def _listing(request: HttpRequest, **extra) -> dict:
    tokens = ApiToken.objects.select_related("user")
    is_admin = has_role(request.user, Role.ADMIN)
    if not is_admin:
        tokens = tokens.filter(user=request.user)
    return {"title": _("API tokens"), "tokens": tokens, "show_owner": is_admin,
            "legacy": Token.objects.filter(user=request.user).exists(), **extra}


@login_required
def token_list(request: HttpRequest) -> HttpResponse:
    form = TokenCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            token, secret = api_token_create(
                owner=request.user, name=form.cleaned_data["name"], scope=form.cleaned_data["scope"],
                days=form.cleaned_data["days"],
                second_factor_verified=session_verified_device(request) is not None)
        except ValidationError as exc:
            for field, problems in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            return page(request, "security/tokens.html", _listing(
                request, form=TokenCreateForm(), new_token=token, new_secret=secret))
    return page(request, "security/tokens.html", _listing(request, form=form),
                status=400 if form.errors else 200)


@require_POST
@login_required
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=pk)
    api_token_revoke(token=token, actor=request.user)  # PermissionDenied: the 403 page
    messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
    return redirect("token-list")
