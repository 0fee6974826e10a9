"""Enrolling an authenticator, recovery codes, and checking a code; every outcome audited."""

from __future__ import annotations

import math

from django.db import transaction
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from casino.services.audit import audit_record

AUTHENTICATOR_NAME = "Authenticator"
RECOVERY_NAME = "Recovery codes"
RECOVERY_CODE_COUNT = 10


class CodeTooSoon(Exception):
    """A code arrived while the authenticator makes its user wait after wrong ones (django-otp
    doubles the wait after each: 1 s, 2 s, 4 s...). The code was not checked: saying so is the
    real reason, where "wrong code" or "check your clock" would send the user looking for
    a fault that is not there."""

    def __init__(self, seconds: int):
        super().__init__(f"wait {seconds} s after a wrong code")
        self.seconds = seconds


def _wait_seconds(device) -> int:
    """How long ``device`` refuses every code after wrong ones (0: it checks codes now)."""
    allowed, data = device.verify_is_allowed()
    if allowed or not data or not data.get("locked_until"):
        return 0
    return max(1, math.ceil((data["locked_until"] - timezone.now()).total_seconds()))


def _audit(user, action: str, message: str = "", after: dict | None = None) -> None:
    with transaction.atomic():
        audit_record(actor=user, action=action, obj=user, before=None, after=after, message=message)


def has_confirmed_device(user) -> bool:
    return (TOTPDevice.objects.filter(user=user, confirmed=True).exists()
            or StaticDevice.objects.filter(user=user, confirmed=True, token_set__isnull=False).exists())


def totp_enrolment_start(*, user) -> TOTPDevice:
    """The user's pending authenticator (a fresh secret the first time), not yet usable."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).order_by("-id").first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name=AUTHENTICATOR_NAME, confirmed=False)
    return device


def totp_enrolment_confirm(*, device: TOTPDevice, code: str) -> list[str] | None:
    """Confirm the pending device with a code from the app; returns fresh recovery codes,
    or None (audited) when the code does not match, or raises ``CodeTooSoon`` while the
    device makes its user wait after a wrong code. The device replaces any older one."""
    user = device.user
    wait = _wait_seconds(device)
    if wait:
        _audit(user, "second_factor.enrolment_failed", "a code too soon after a wrong one")
        raise CodeTooSoon(wait)
    if not device.verify_token(code.strip()):
        _audit(user, "second_factor.enrolment_failed", "the code did not match the new authenticator")
        return None
    with transaction.atomic():
        TOTPDevice.objects.filter(user=user).exclude(pk=device.pk).delete()
        device.confirmed = True
        device.save(update_fields=["confirmed"])
        codes = _recovery_codes_replace(user)
        audit_record(actor=user, action="second_factor.enrolled", obj=user, before=None,
                     after={"device": device.persistent_id}, message="authenticator enrolled")
    return codes


def recovery_codes_issue(*, user) -> list[str]:
    """New recovery codes (shown once); the old ones stop working."""
    with transaction.atomic():
        codes = _recovery_codes_replace(user)
        audit_record(actor=user, action="second_factor.recovery_codes", obj=user, before=None, after=None,
                     message=f"{len(codes)} new recovery codes; the previous ones no longer work")
    return codes


def _recovery_codes_replace(user) -> list[str]:
    device, _ = StaticDevice.objects.get_or_create(user=user, name=RECOVERY_NAME, defaults={"confirmed": True})
    device.token_set.all().delete()
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODE_COUNT)]
    StaticToken.objects.bulk_create(StaticToken(device=device, token=code) for code in codes)
    return codes


def second_factor_check(*, user, code: str):
    """The confirmed device accepting ``code`` (a TOTP code, or a recovery code, which is
    then used up), or None. A code already used is refused (django-otp's ``last_t``); a
    code sent while the authenticator makes its user wait raises ``CodeTooSoon``."""
    code = code.strip().replace(" ", "")
    candidates = []
    if code.isdigit():
        authenticators = list(TOTPDevice.objects.filter(user=user, confirmed=True))
        wait = min((_wait_seconds(d) for d in authenticators), default=0)
        if wait:
            _audit(user, "second_factor.failed", "a code too soon after a wrong one")
            raise CodeTooSoon(wait)
        candidates += authenticators
    if code:
        candidates += StaticDevice.objects.filter(user=user, confirmed=True)
    device = next((c for c in candidates if c.verify_token(code.lower())), None)
    if device is None:
        _audit(user, "second_factor.failed", "a wrong, used or throttled code")
    else:
        _audit(user, "second_factor.verified", "", after={"device": device.persistent_id})
    return device
