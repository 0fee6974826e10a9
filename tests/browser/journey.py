"""A new user's first certificate, step by step in the browser, against a running server.

Shared by the tests that drive the server exactly as ``make run`` (or production's gunicorn)
starts it, and by the script that draws the README's pictures.
"""

from __future__ import annotations

import base64
import re
import time
from dataclasses import dataclass, field

from playwright.sync_api import expect

from tests.support.totp_codes import code_at, pick_step

LIVE_EDGE_SECONDS = 1.0
"""How soon the house edge must follow a payout while the user types."""
CERTIFICATION_TIMEOUT_MS = 300_000
WALKTHROUGH = {"preset": "sette-e-mezzo", "name": "Sette e Mezzo, reale 5 to 2",
               "payout_label": "Natural (reale)", "payout": "5/2", "table": "SM-01"}
"""The README's "Your first certificate in five minutes", in the same words."""


@dataclass
class FirstCertificate:
    submission_url: str = ""
    live_edge_seconds: float = 0.0
    progress_seen: list[int] = field(default_factory=list)
    certificate: bytes = b""


# What an authenticator app on the user's phone holds: the secret read off the enrolment
# page, and the last time step whose code was typed (a code is accepted once).
_AUTHENTICATORS: dict[str, dict] = {}


def sign_in(page, username: str, password: str) -> None:
    """Password, then the second factor: reviewers and admins enrol an authenticator the
    first time (the secret is read off the page, as an app would scan it), later type a code."""
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    if "/accounts/two-factor/enrol/" in page.url:
        secret = page.locator("#totp-secret").inner_text().replace(" ", "")
        _AUTHENTICATORS[username] = {"key": base64.b32decode(secret), "last_t": -1}
        _type_code(page, username, button="Confirm")
        expect(page.locator("#recovery-codes li")).to_have_count(10)
        page.get_by_role("link", name="Continue").click()
    elif "/accounts/two-factor/verify/" in page.url:
        _type_code(page, username, button="Verify")
    expect(page).to_have_url(re.compile(r"^https?://[^/]+/$"))


def _type_code(page, username: str, *, button: str) -> None:
    app = _AUTHENTICATORS[username]
    t = pick_step(int(time.time()) // 30, app["last_t"])
    app["last_t"] = t
    page.get_by_label("Code", exact=True).fill(code_at(app["key"], t))
    page.get_by_role("button", name=button).click()


def certify_from_preset(page, *, preset: str, name: str, payout_label: str, payout: str,
                        rounds: int | None = None) -> FirstCertificate:
    """New variant from ``preset`` -> a payout changed -> submit -> certification -> PDF.

    ``rounds`` None leaves the simulated rounds at the form's default, as the README says.
    """
    done = FirstCertificate()
    page.get_by_role("link", name="New variant").first.click()
    page.locator(f'a.choice[href$="preset={preset}"]').click()
    # The form's script prices what is typed; a person cannot type before it has loaded.
    page.wait_for_load_state("load")
    page.get_by_label("Variant name").fill(name)
    edge = page.locator('#edge-table tr[data-bet="main"] .house-edge')
    expect(edge).to_contain_text("%")
    before = edge.inner_text()
    started = time.monotonic()
    page.get_by_label(payout_label).fill(payout)
    expect(edge).not_to_have_text(before, timeout=10_000)
    done.live_edge_seconds = time.monotonic() - started

    page.get_by_role("button", name="Create draft variant").click()
    expect(page.locator("h1")).to_contain_text(name)
    page.get_by_role("button", name="Submit paytable v1 for certification").click()
    expect(page.locator("#submission-status")).to_contain_text("Submitted")
    done.submission_url = page.url
    if rounds is not None:
        page.get_by_label("Simulated rounds").fill(str(rounds))
    page.get_by_role("button", name="Start the certification").click()
    bar = page.get_by_role("progressbar", name="Certification progress")
    expect(bar).to_be_visible()

    deadline = time.monotonic() + CERTIFICATION_TIMEOUT_MS / 1000
    link = page.get_by_role("link", name="Download the certificate (PDF)")
    while not link.is_visible():
        assert time.monotonic() < deadline, f"no certificate after {CERTIFICATION_TIMEOUT_MS} ms"
        if bar.is_visible():
            value = int(bar.get_attribute("aria-valuenow") or 0)
            if not done.progress_seen or value != done.progress_seen[-1]:
                done.progress_seen.append(value)
        page.wait_for_timeout(250)
    expect(page.locator("#run-step")).to_contain_text("Done")
    with page.expect_download() as download:
        link.click()
    path = download.value.path()
    with open(path, "rb") as handle:
        done.certificate = handle.read()
    return done


def approve(page, *, name: str, reason: str) -> None:
    """A reviewer who did not submit it approves the variant from the review queue."""
    page.get_by_role("link", name="Review queue").click()
    page.get_by_role("link", name=name).click()
    page.get_by_label("Reason").fill(reason)
    page.get_by_role("button", name="Approve").click()
    expect(page.locator("#submission-status")).to_contain_text("Approved")


def open_a_table(page, *, table_id: str, name: str) -> None:
    """An admin puts the approved paytable on a new table and opens it."""
    page.get_by_role("link", name="Tables", exact=True).click()
    page.get_by_role("link", name="New table").click()
    page.get_by_label("Table id").fill(table_id)
    choose_version(page, f"{name} — paytable v1")
    page.get_by_role("button", name="Create table").click()
    row = page.locator(f'tr[data-table="{table_id}"]')
    expect(row).to_contain_text(name)
    row.get_by_role("button", name="Open").click()
    expect(page.locator(f'tr[data-table="{table_id}"]')).to_contain_text("Active")


def choose_version(page, version: str) -> None:
    """Picks a version in the new-table form; its label goes on to say where it may be dealt."""
    field = page.get_by_label("Approved paytable version")
    option = field.locator("option", has_text=version)
    expect(option).to_have_count(1)
    assert "may be dealt in" in option.inner_text()
    field.select_option(value=option.get_attribute("value"))
