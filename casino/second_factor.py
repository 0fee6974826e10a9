"""The second factor: who needs it, whether this request has it, and one refusal for all.

Reviewers and admins (every user with TABLECERT_OTP_REQUIRED_FOR_ALL) may approve, reject,
revoke, record regulator decisions, build packets and change jurisdictions and paytables
only from a session that passed a TOTP or recovery code, or with a write API token made
from such a session. The pages (``second_factor_required``), the API
(``SecondFactorPermission``, after ``RolePermission``) and the admin (``RoleAdmin``) all
ask ``second_factor_refusal``; nothing else decides.

A session stays verified while it is used: TABLECERT_OTP_IDLE_MINUTES without a request
and the verification lapses (``SecondFactorIdleMiddleware``).
"""

from __future__ import annotations

import time
from functools import wraps

import django_otp
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError
from django.urls import reverse
from django.utils.translation import gettext as _
from django_otp import DEVICE_ID_SESSION_KEY
from rest_framework import permissions as drf_permissions
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied

from .permissions import Role, has_role, roles_of

SECOND_FACTOR_ROLES = (Role.REVIEWER, Role.ADMIN)
SEEN_SESSION_KEY = "otp_seen_at"
# The idle stamp is rewritten at most this often, so ordinary pages do not save the session.
_SEEN_RESOLUTION_SECONDS = 60


class SecondFactorRequired(PermissionDenied):
    """A refusal that names where to enrol or verify (the 403 page and the API show both)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason

    def as_dict(self) -> dict:
        return {"detail": self.reason, **second_factor_links()}


def second_factor_links() -> dict:
    return {"verify_url": reverse("second-factor-verify"), "enrol_url": reverse("second-factor-enrol")}


def second_factor_applies(user) -> bool:
    if not roles_of(user):
        return False
    return settings.TABLECERT_OTP_REQUIRED_FOR_ALL or has_role(user, *SECOND_FACTOR_ROLES)


def _idle_limit() -> float:
    return settings.TABLECERT_OTP_IDLE_MINUTES * 60


def session_verify(request, device) -> None:
    """Mark the session as passed by ``device`` (django-otp's own key) and start the idle clock."""
    django_otp.login(request, device)
    request.session[SEEN_SESSION_KEY] = time.time()


def session_unverify(session) -> None:
    session.pop(DEVICE_ID_SESSION_KEY, None)
    session.pop(SEEN_SESSION_KEY, None)


def _session_fresh(session, now: float) -> bool:
    seen = session.get(SEEN_SESSION_KEY)
    return isinstance(seen, (int, float)) and 0 <= now - seen <= _idle_limit()


def session_verified_device(request):
    """The confirmed device of the signed-in user that verified this session, if still fresh."""
    from django_otp.models import Device

    session = getattr(request, "session", None)
    if session is None or DEVICE_ID_SESSION_KEY not in session or not _session_fresh(session, time.time()):
        return None
    device = Device.from_persistent_id(session[DEVICE_ID_SESSION_KEY])
    user = request.user
    if device is None or device.user_id != user.pk or not device.confirmed:
        return None
    return device


def token_write_refusal(auth) -> str | None:
    """Old unscoped tokens and read-only tokens read; only write tokens change anything."""
    from .models import ApiToken

    if isinstance(auth, Token):
        return _("This is an unscoped API token: it can only read. Create a scoped write token.")
    if isinstance(auth, ApiToken) and not auth.can_write:
        return _("This API token is read-only.")
    return None


def second_factor_refusal(request) -> str | None:
    """Why this request may not take a privileged action, or None when it may."""
    from .models import ApiToken

    user = request.user
    auth = getattr(request, "auth", None)
    refusal = token_write_refusal(auth)
    if refusal:
        return refusal
    if isinstance(auth, ApiToken):
        if auth.second_factor_verified or not second_factor_applies(user):
            return None
        return _("This API token was made without a verified second factor; create a new write "
                 "token after verifying your authenticator.")
    if not second_factor_applies(user) or session_verified_device(request) is not None:
        return None
    return _("This action needs a verified second factor: enrol an authenticator, or verify "
             "your code, then try again.")


def refuse_without_second_factor(request) -> None:
    """Raise SecondFactorRequired for a write the request may not make; reads pass."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    refusal = second_factor_refusal(request)
    if refusal:
        raise SecondFactorRequired(refusal)


def second_factor_required(view):
    """Page decorator: the view's writes need a verified second factor (for the roles above)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        refuse_without_second_factor(request)
        return view(request, *args, **kwargs)

    return wrapped


class SecondFactorPermission(drf_permissions.BasePermission):
    """API writes: a write token (or a session), and for the actions a view names in
    ``second_factor_actions`` (``"*"``: every write) a verified second factor. Listed after
    RolePermission, so a missing role is refused first, with its own message."""

    def has_permission(self, request, view) -> bool:
        if request.method in drf_permissions.SAFE_METHODS:
            return True
        guarded = getattr(view, "second_factor_actions", frozenset())
        if "*" in guarded or getattr(view, "action", None) in guarded:
            refusal = second_factor_refusal(request)
        else:
            refusal = token_write_refusal(getattr(request, "auth", None))
        if refusal:
            raise ApiPermissionDenied({"detail": refusal, **second_factor_links()})
        return True


class SecondFactorIdleMiddleware:
    """Keeps a used verification alive, and forgets one that lapsed.

    Works after the view: the lapse itself is enforced where it matters, in
    ``session_verified_device``; here a session the request read anyway is only brought up
    to date, so a page that never reads its session (or a database that is down) is left
    alone.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is None or not session.accessed:
            return response
        try:
            if DEVICE_ID_SESSION_KEY in session:
                now = time.time()
                if not _session_fresh(session, now):
                    session_unverify(session)
                elif now - session[SEEN_SESSION_KEY] > _SEEN_RESOLUTION_SECONDS:
                    session[SEEN_SESSION_KEY] = now
        except DatabaseError:
            pass  # the session could not be read: the response already says why
        return response
