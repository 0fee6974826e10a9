"""Every page sends a Content-Security-Policy without 'unsafe-inline', and none needs it:
no inline script, event handler or style attribute anywhere (they live in static/)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.http import HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.urls import reverse
from django.views.decorators.clickjacking import xframe_options_sameorigin

from casino.middleware import ContentSecurityPolicyMiddleware

from .test_pages_by_role import ADMIN, AUDITOR, OFFICER, REVIEWER, pages, world  # noqa: F401

pytestmark = pytest.mark.django_db

ADMIN_PAGES = ["/admin/", "/admin/casino/auditevent/", "/admin/casino/auditcheckpoint/",
               "/admin/casino/paytableversion/", "/admin/casino/gamevariant/"]


class InlineCode(HTMLParser):
    """Collects what a policy without 'unsafe-inline' would block."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self._in_inline_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")
            if name == "style":
                self.found.append(f"<{tag} style={value!r}>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")
        # A JSON data block is not run, so a policy lets it be.
        if tag == "script" and "src" not in attributes and attributes.get("type") != "application/json":
            self._in_inline_script = True

    def handle_data(self, data):
        if self._in_inline_script and data.strip():
            self.found.append(f"<script>{data.strip()[:60]}…")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_inline_script = False


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def assert_strict_policy(response, url):
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, url
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'", url
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'", url
    assert inline_code(response.content.decode()) == [], url


def test_every_page_sends_a_strict_policy_and_holds_no_inline_code(client, world):  # noqa: F811
    signed_in = {name: world["users"][name] for name in (OFFICER, REVIEWER, ADMIN, AUDITOR)}
    checked = 0
    for url, allowed in pages(world):
        client.force_login(signed_in[sorted(allowed & set(signed_in))[0]])
        response = client.get(url)
        if response["Content-Type"].startswith("text/html"):
            assert_strict_policy(response, url)
            checked += 1
    client.force_login(signed_in[ADMIN])
    for url in ADMIN_PAGES:
        response = client.get(url)
        assert response.status_code == 200, url
        assert_strict_policy(response, url)
        checked += 1
    assert checked >= 17


def test_the_dashboard_of_each_role_and_the_sign_in_page(client, world):  # noqa: F811
    response = client.get(reverse("login"))
    assert_strict_policy(response, "login")
    for user in world["users"].values():
        client.force_login(user)
        assert_strict_policy(client.get(reverse("home")), f"home as {user}")


def test_the_dashboard_script_moved_to_a_static_file(client, world):  # noqa: F811
    client.force_login(world["users"][ADMIN])
    body = client.get(reverse("home")).content.decode()
    assert 'src="/static/js/worker-check.js"' in body and "data-url=" in body


def test_a_page_its_site_may_frame_allows_its_own_site_only(rf):
    # The reviewer's embedded draft PDF is such a view (xframe_options_sameorigin).
    @xframe_options_sameorigin
    def framed(request):
        return HttpResponse("<p>framed</p>")

    def pdf(request):
        return HttpResponse(b"%PDF-1.7", content_type="application/pdf")

    def wrapped(view):
        return ContentSecurityPolicyMiddleware(XFrameOptionsMiddleware(view))

    response = wrapped(framed)(rf.get("/"))
    assert response["X-Frame-Options"] == "SAMEORIGIN"
    assert response["Content-Security-Policy"].endswith("frame-ancestors 'self'")
    # A policy on the PDF itself could blank the browser's viewer: files go without.
    assert "Content-Security-Policy" not in wrapped(pdf)(rf.get("/"))


def test_security_headers_on_plain_http(client, world):  # noqa: F811
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    # The embedded default runs on plain http: no HSTS, no redirect to https.
    assert "Strict-Transport-Security" not in response
