"""Enrolling an authenticator (QR code), recovery codes, and verifying a session's code."""

from __future__ import annotations

import base64

import segno
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, resolve_url
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from casino.forms.security import CodeForm, EnrolmentCodeForm
from casino.second_factor import second_factor_applies, session_verified_device, session_verify
from casino.services.second_factor import (
    CodeTooSoon,
    has_confirmed_device,
    recovery_codes_issue,
    second_factor_check,
    totp_enrolment_confirm,
    totp_enrolment_start,
)

from .access import page


def _next(request: HttpRequest) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(wanted, {request.get_host()}, request.is_secure()):
        return wanted
    return resolve_url("home")


class SignInView(auth_views.LoginView):
    """Password first; reviewers and admins then go on to their code (or to enrolment)."""

    def get_success_url(self) -> str:
        target = super().get_success_url()
        user = self.request.user
        if not second_factor_applies(user):
            return target
        step = "second-factor-verify" if has_confirmed_device(user) else "second-factor-enrol"
        return f"{reverse(step)}?{urlencode({'next': target})}"


@login_required
def second_factor_home(request: HttpRequest) -> HttpResponse:
    return page(request, "security/second_factor.html", {
        "title": _("Second factor"),
        "enrolled": has_confirmed_device(request.user),
        "verified": session_verified_device(request) is not None,
        "required": second_factor_applies(request.user),
    })


def too_soon(exc: CodeTooSoon) -> str:
    return ngettext(
        "After a wrong code the authenticator waits before it checks another: wait %(seconds)s "
        "second, then enter the code your app shows.",
        "After a wrong code the authenticator waits before it checks another: wait %(seconds)s "
        "seconds, then enter the code your app shows.", exc.seconds) % {"seconds": exc.seconds}


@login_required
def second_factor_enrol(request: HttpRequest) -> HttpResponse:
    """Show a new secret as a QR code and as text; a code from the app confirms it.

    Replacing an authenticator already in use needs a session verified with it, or a
    stolen password alone would be enough to take over the second factor.
    """
    user = request.user
    if has_confirmed_device(user) and session_verified_device(request) is None:
        messages.error(request, _("Verify with your current authenticator before enrolling a new one."))
        return redirect(f"{reverse('second-factor-verify')}?{urlencode({'next': reverse('second-factor-enrol')})}")
    device = totp_enrolment_start(user=user)
    form = EnrolmentCodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            codes = totp_enrolment_confirm(device=device, code=form.cleaned_data["code"])
        except CodeTooSoon as exc:
            form.add_error("code", too_soon(exc))
        else:
            if codes is not None:
                session_verify(request, device)
                return page(request, "security/recovery_codes.html", {
                    "title": _("Your recovery codes"), "codes": codes, "next": _next(request)})
            form.add_error("code", _("That code does not match the new secret. Check the clock of your "
                                     "device and enter the code it shows now."))
    secret = base64.b32encode(device.bin_key).decode()
    return page(request, "security/enrol.html", {
        "title": _("Set up an authenticator"), "form": form, "next": _next(request),
        "qr_svg": mark_safe(segno.make(device.config_url, error="m").svg_inline(scale=4, omitsize=False, dark="#000", light="#fff")),
        "secret": " ".join(secret[i:i + 4] for i in range(0, len(secret), 4)),
        "otpauth_uri": device.config_url,
    }, status=400 if form.errors else 200)


@login_required
def second_factor_verify(request: HttpRequest) -> HttpResponse:
    user = request.user
    if not has_confirmed_device(user):
        return redirect(f"{reverse('second-factor-enrol')}?{urlencode({'next': _next(request)})}")
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            device = second_factor_check(user=user, code=form.cleaned_data["code"])
        except CodeTooSoon as exc:
            form.add_error("code", too_soon(exc))
        else:
            if device is not None:
                session_verify(request, device)
                return redirect(_next(request))
            form.add_error("code", _("That code is wrong or was already used. Enter the code your "
                                     "authenticator shows now."))
    return page(request, "security/verify.html", {
        "title": _("Enter your code"), "form": form, "next": _next(request),
    }, status=400 if form.errors else 200)


@require_POST
@login_required
def recovery_codes_new(request: HttpRequest) -> HttpResponse:
    if session_verified_device(request) is None:
        messages.error(request, _("Verify your code before making new recovery codes."))
        return redirect(f"{reverse('second-factor-verify')}?{urlencode({'next': reverse('second-factor')})}")
    codes = recovery_codes_issue(user=request.user)
    return page(request, "security/recovery_codes.html", {
        "title": _("Your recovery codes"), "codes": codes, "next": reverse("second-factor")})
