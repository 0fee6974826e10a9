"""A reviewer's approvals, rejections and revocations need a verified second factor.

Signed in with a password alone, each is refused (403, with the way to verify) and nothing
changes; after a code from the authenticator, the same request goes through.
"""

from __future__ import annotations

import time

import pytest
from django.urls import reverse
from django_otp.plugins.otp_totp.models import TOTPDevice

from casino.models import AuditEvent, CertificateRevocation, Submission, SubmissionStatus
from casino.second_factor import SEEN_SESSION_KEY
from tests.support.second_factor import give_device, next_code

pytestmark = pytest.mark.django_db

VERIFY = "/accounts/two-factor/verify/"


def password_only(client, user):
    client.force_login(user)
    return client


def enter_code(client, code: str, next_url: str = "/"):
    return client.post(VERIFY, {"code": code, "next": next_url})


def approve(client, submission):
    return client.post(reverse("web:submission-approve", args=[submission.pk]), {"reason": "figures agree"})


def test_without_a_verified_code_a_reviewer_cannot_approve_reject_or_revoke(
        client, rita, under_review, favourable_under_review, approved):
    password_only(client, rita)
    refused = approve(client, under_review)
    assert refused.status_code == 403
    page = refused.content.decode()
    assert "verified second factor" in page and VERIFY in page and "/accounts/two-factor/enrol/" in page
    rejected = client.post(reverse("web:submission-reject", args=[favourable_under_review.pk]),
                           {"reason": "the player has the edge"})
    assert rejected.status_code == 403
    run = approved.certification_run
    revoked = client.post(reverse("web:run-revoke", args=[run.pk]), {"reason": "wrong shuffle"})
    assert revoked.status_code == 403
    statuses = dict(Submission.objects.values_list("pk", "status"))
    assert statuses[under_review.pk] == statuses[favourable_under_review.pk] == SubmissionStatus.UNDER_REVIEW
    assert not CertificateRevocation.objects.exists()


def test_with_a_code_from_the_authenticator_the_reviewer_approves_rejects_and_revokes(
        client, rita, under_review, favourable_under_review, approved):
    device = give_device(rita)
    password_only(client, rita)
    assert enter_code(client, next_code(device), next_url="/submissions/").url == "/submissions/"
    assert approve(client, under_review).status_code == 302
    assert client.post(reverse("web:submission-reject", args=[favourable_under_review.pk]),
                       {"reason": "the player has the edge"}).status_code == 302
    run = approved.certification_run
    assert client.post(reverse("web:run-revoke", args=[run.pk]), {"reason": "wrong shuffle"}).status_code == 302
    under_review.refresh_from_db()
    favourable_under_review.refresh_from_db()
    assert under_review.status == SubmissionStatus.APPROVED
    assert favourable_under_review.status == SubmissionStatus.REJECTED
    assert CertificateRevocation.objects.filter(run=run).exists()
    assert AuditEvent.objects.filter(action="second_factor.verified", object_id=str(rita.pk)).count() == 1


def test_sign_in_leads_a_reviewer_to_the_code_and_an_officer_home(client, rita, alice):
    give_device(rita)
    for user, password in ((rita, "pw-rita"), (alice, "pw-alice")):
        user.set_password(password)
        user.save()
    signed = client.post("/accounts/login/", {"username": "rita", "password": "pw-rita"})
    assert signed.url.startswith(VERIFY)
    client.logout()
    assert client.post("/accounts/login/", {"username": "alice", "password": "pw-alice"}).url == "/"


def test_a_wrong_or_replayed_code_is_refused_and_changes_nothing(client, rita, under_review):
    device = give_device(rita)
    password_only(client, rita)
    wrong = enter_code(client, "000000" if next_code(device) != "000000" else "111111")
    assert wrong.status_code == 400 and "That code is wrong" in wrong.content.decode()
    assert approve(client, under_review).status_code == 403
    time.sleep(1.1)  # a failed code holds the device back for a second (django-otp's throttle)
    code = next_code(device)
    assert enter_code(client, code).status_code == 302
    client.logout()
    password_only(client, rita)
    replayed = enter_code(client, code)
    assert replayed.status_code == 400 and "already used" in replayed.content.decode()
    assert approve(client, under_review).status_code == 403
    under_review.refresh_from_db()
    assert under_review.status == SubmissionStatus.UNDER_REVIEW
    failures = AuditEvent.objects.filter(action="second_factor.failed", object_id=str(rita.pk))
    assert failures.count() == 2


def test_verification_lapses_after_the_idle_time_and_lasts_while_used(client, rita, under_review, settings):
    settings.TABLECERT_OTP_IDLE_MINUTES = 30
    device = give_device(rita)
    password_only(client, rita)
    enter_code(client, next_code(device))
    session = client.session
    session[SEEN_SESSION_KEY] = time.time() - 29 * 60  # used 29 minutes ago: still verified
    session.save()
    assert client.get("/").status_code == 200
    session = client.session
    assert time.time() - session[SEEN_SESSION_KEY] < 60  # the visit kept it alive
    session[SEEN_SESSION_KEY] = time.time() - 31 * 60  # idle for 31 minutes
    session.save()
    assert approve(client, under_review).status_code == 403
    under_review.refresh_from_db()
    assert under_review.status == SubmissionStatus.UNDER_REVIEW


def test_enrolment_shows_a_qr_code_and_a_wrong_confirmation_is_audited(client, rita):
    password_only(client, rita)
    page = client.get("/accounts/two-factor/enrol/")
    body = page.content.decode()
    assert page.status_code == 200 and "<svg" in body and "otpauth://totp/" in body and "<script" not in body.split("</main>")[0]
    device = TOTPDevice.objects.get(user=rita)
    assert not device.confirmed
    wrong = client.post("/accounts/two-factor/enrol/", {"code": "12"})
    assert wrong.status_code == 400 and "does not match" in wrong.content.decode()
    device.refresh_from_db()
    assert not device.confirmed
    assert AuditEvent.objects.filter(action="second_factor.enrolment_failed").count() == 1
    time.sleep(1.1)
    done = client.post("/accounts/two-factor/enrol/", {"code": next_code(device)})
    codes = done.context["codes"]
    assert done.status_code == 200 and len(codes) == 10 and codes[0] in done.content.decode()
    device.refresh_from_db()
    assert device.confirmed
    # The recovery codes are shown once, and a recovery code verifies a new session once.
    assert codes[0] not in client.get("/accounts/two-factor/").content.decode()
    client.logout()
    password_only(client, rita)
    assert enter_code(client, codes[0]).status_code == 302
    client.logout()
    password_only(client, rita)
    assert enter_code(client, codes[0]).status_code == 400


def test_a_second_authenticator_needs_the_first(client, rita):
    give_device(rita)
    password_only(client, rita)
    response = client.get("/accounts/two-factor/enrol/")
    assert response.status_code == 302 and response.url.startswith(VERIFY)
    assert TOTPDevice.objects.filter(user=rita).count() == 1


def test_the_admin_refuses_an_unverified_admins_change(client, adam, jurisdiction):
    password_only(client, adam)
    url = f"/admin/casino/jurisdiction/{jurisdiction.pk}/change/"
    assert client.get(url).status_code == 200
    response = client.post(url, {"code": jurisdiction.code, "name": "Renamed"})
    assert response.status_code == 403
    jurisdiction.refresh_from_db()
    assert jurisdiction.name != "Renamed"


def test_a_setting_extends_the_second_factor_to_every_role(client, alice, draft, settings):
    password_only(client, alice)
    edit = reverse("web:variant-edit", args=[draft.pk])
    settings.TABLECERT_OTP_REQUIRED_FOR_ALL = False
    assert client.post(edit, {}).status_code != 403  # an officer edits her paytable as before
    settings.TABLECERT_OTP_REQUIRED_FOR_ALL = True
    assert client.post(edit, {}).status_code == 403
