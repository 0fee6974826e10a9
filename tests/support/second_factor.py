"""Test users with a verified second factor, as a person would have after entering a code.

``verified_client`` signs a Django or DRF test client in and marks its session verified with
django-otp's own ``login`` (casino.second_factor.session_verify), the step the verify page
takes. ``next_code`` is the code an authenticator app shows, never one already used.
"""

from __future__ import annotations

import time

from django.http import HttpRequest
from django_otp.plugins.otp_totp.models import TOTPDevice

from casino.second_factor import session_verify
from tests.support.totp_codes import code_at, pick_step


def give_device(user) -> TOTPDevice:
    """The user's confirmed authenticator (one is made the first time)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=True).first()
    return device or TOTPDevice.objects.create(user=user, name="Test authenticator", confirmed=True)


def next_code(device: TOTPDevice) -> str:
    """The code an app shows now, never one the device already accepted."""
    device.refresh_from_db()
    # The device's own counter: its clock offset (drift) learnt from earlier codes included.
    now_t = int(time.time() - device.t0) // device.step + device.drift
    t = pick_step(now_t, device.last_t, step=device.step)
    return code_at(device.bin_key, t, step=device.step, digits=device.digits)


def verify_session(client, user) -> TOTPDevice:
    """Mark a signed-in test client's session as verified by the user's device."""
    device = give_device(user)
    request = HttpRequest()
    request.session = client.session
    request.user = user
    session_verify(request, device)
    request.session.save()
    return device


def verified_client(client, user):
    """``client`` signed in as ``user`` with a session verified by a second factor."""
    client.force_login(user)
    verify_session(client, user)
    return client


def enter_code_in_browser(page, user) -> None:
    """On the verify page a sign-in leads reviewers and admins to: type the app's code."""
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    if "/accounts/two-factor/verify/" in page.url:
        # By the field's name and the form's button: the page may be in any language.
        page.locator("input[name=code]").fill(next_code(give_device(user)))
        page.locator("form:has(input[name=code]) button[type=submit]").click()
