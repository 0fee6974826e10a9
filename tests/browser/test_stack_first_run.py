"""The first-run journey of test_first_run.py, in chromium, against the compose stack's web.

Runs when TABLECERT_STACK_URL names a running stack (`make stack-test` sets it; STACK_PROJECT
names the stack, default tablecert-stack) and is skipped otherwise. The browser sends what the
TLS proxy in front of `web` would add (X-Forwarded-Proto: https). The users are new each time:
an administrator and a reviewer made in the stack with its own management commands.
"""

from __future__ import annotations

import os
import re
import secrets

import pytest

from tests.browser.journey import WALKTHROUGH, approve, certify_from_preset, open_a_table, sign_in
from tests.browser.test_first_run import (
    VIEWPORT,
    assert_first_certificate,
    assert_styled_and_scripted,
)

STACK_URL = os.environ.get("TABLECERT_STACK_URL", "")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.serial,
    pytest.mark.skipif(not STACK_URL, reason="TABLECERT_STACK_URL is not set (make stack-test sets it)"),
]


def test_the_readme_walkthrough_on_the_compose_stack(browser, tmp_path):
    from tests.stack.runs import verify_files
    from tests.stack.stack import Stack

    stack = Stack()
    suffix = secrets.token_hex(3)
    created = stack.manage("ensure_demo_admin", "--username", f"walker-{suffix}")
    admin_user, admin_password = re.search(r"username '([^']+)', password '([^']+)'",
                                           created).groups()
    name = f"{WALKTHROUGH['name']} ({suffix})"
    proxy = {"X-Forwarded-Proto": "https"}

    admin_context = browser.new_context(base_url=STACK_URL, viewport=VIEWPORT,
                                        accept_downloads=True, extra_http_headers=proxy)
    admin = admin_context.new_page()
    admin.set_default_timeout(60_000)
    sign_in(admin, admin_user, admin_password)
    assert_styled_and_scripted(admin)
    done = certify_from_preset(admin, preset=WALKTHROUGH["preset"], name=name,
                               payout_label=WALKTHROUGH["payout_label"],
                               payout=WALKTHROUGH["payout"])
    assert_first_certificate(done)
    downloaded = tmp_path / "sette.pdf"
    downloaded.write_bytes(done.certificate)
    verify_files(stack, {"certificate": downloaded})

    made = stack.manage("setup_roles", "--user", f"rosa-{suffix}", "--role", "reviewer",
                        "--create")
    password = re.search(r"password '([^']+)'", made).group(1)
    reviewer_context = browser.new_context(base_url=STACK_URL, viewport=VIEWPORT,
                                           extra_http_headers=proxy)
    reviewer = reviewer_context.new_page()
    reviewer.set_default_timeout(60_000)
    sign_in(reviewer, f"rosa-{suffix}", password)
    approve(reviewer, name=name, reason="Exact and simulated figures agree.")

    open_a_table(admin, table_id=f"SM-{suffix}", name=name)
    reviewer_context.close()
    admin_context.close()
