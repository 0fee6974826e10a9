"""A correct code right after a wrong one: the page says the real reason (the authenticator
waits after a wrong code, for so many seconds), not "wrong code" or "check your clock"; after
the wait the same kind of code is accepted. Enrolment does not offer recovery codes that do
not exist yet."""

from __future__ import annotations

import datetime as dt
import html
import time

import pytest
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.support.second_factor import give_device, next_code
from tests.support.totp_codes import code_at

pytestmark = pytest.mark.django_db

VERIFY, ENROL = "/accounts/two-factor/verify/", "/accounts/two-factor/enrol/"


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def error_of(response) -> str:
    body = html.unescape(response.content.decode())
    return body[body.index('id="id_code_errors"'):].split("</ul>")[0]


def let_the_wait_pass(device):
    device.throttling_failure_timestamp -= dt.timedelta(seconds=5)
    device.save(update_fields=["throttling_failure_timestamp"])


def test_a_right_code_just_after_a_wrong_one_is_told_to_wait_then_accepted(client, rita):
    device = give_device(rita)
    client.force_login(rita)
    code = next_code(device)
    assert client.post(VERIFY, {"code": wrong(code)}).status_code == 400
    refused = client.post(VERIFY, {"code": code, "next": "/"})
    assert refused.status_code == 400
    said = error_of(refused)
    assert "wait 1 second" in said and "That code is wrong" not in said and "clock" not in said
    let_the_wait_pass(TOTPDevice.objects.get(pk=device.pk))
    accepted = client.post(VERIFY, {"code": code, "next": "/"})
    assert accepted.status_code == 302


def test_enrolment_says_the_wait_not_the_clock_and_never_offers_recovery_codes(client, oscar):
    client.force_login(oscar)
    page = client.get(ENROL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "recovery codes are made once it is confirmed" in page
    assert "or one of your recovery codes" not in page
    device = TOTPDevice.objects.get(user=oscar, confirmed=False)
    code = code_at(device.bin_key, int(time.time()) // 30)
    assert client.post(ENROL, {"code": wrong(code)}).status_code == 400
    said = error_of(client.post(ENROL, {"code": code}, HTTP_ACCEPT_LANGUAGE="it"))
    assert "aspetta 1 secondo" in said and "orologio" not in said
    let_the_wait_pass(TOTPDevice.objects.get(pk=device.pk))
    assert "recovery" in client.post(ENROL, {"code": code}).content.decode().lower()
    assert TOTPDevice.objects.get(pk=device.pk).confirmed
