"""Under the Content-Security-Policy the scripts that used to be inline still work.

The ``browser`` fixture fails a test on any console error, and chromium reports every
script or style the policy refuses as one; here it also listens for the violation events.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from casino.permissions import Role
from tests.backoffice.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]

LISTEN = """() => { window.cspViolations = [];
  document.addEventListener("securitypolicyviolation",
    e => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI)); }"""


def test_the_dashboard_worker_check_runs_from_its_static_script(sign_in, start_worker, page_problems):
    start_worker(concurrency=1)
    page = sign_in(UserFactory(username="adele", roles=[Role.ADMIN]))
    page.context.add_init_script(f"({LISTEN})()")
    page.goto("/")
    policy = page.evaluate("() => fetch('/').then(r => r.headers.get('content-security-policy'))")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    page.get_by_role("button", name="Check the worker").click()
    expect(page.locator("#worker-check-result")).to_contain_text("answered", timeout=30_000)
    # An inline script slipped into the page is refused: the policy is enforced, not decorative.
    ran = page.evaluate("""() => { window.injected = false;
      const s = document.createElement("script"); s.textContent = "window.injected = true;";
      document.body.appendChild(s); return window.injected; }""")
    assert ran is False
    violations = page.evaluate("window.cspViolations")
    assert violations == ["script-src-elem inline"], violations
    # That refusal, provoked on purpose, is the one console error this page may show.
    refused = [p for p in page_problems.problems if "inline script violates the following Content Security Policy" in p]
    assert len(refused) == 1, page_problems.problems
    page_problems.problems.remove(refused[0])
