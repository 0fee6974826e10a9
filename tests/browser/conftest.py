"""Debian's chromium driven by Playwright against pytest-django's live server."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.pages import PageProblems
from tests.support.second_factor import enter_code_in_browser, give_device

# Playwright's sync API runs an event loop in this thread; the test's own database calls
# are still synchronous, so Django's guard against ORM calls from async code does not apply.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PASSWORD = "a-long-browser-test-password"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (CI installs Debian's chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page_problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def browser(chromium_browser, page_problems, monkeypatch) -> Iterator:
    """Chromium, where every context a test opens is watched for console errors and for
    pages or assets that fail to load; any of them fails the test."""
    open_context = chromium_browser.new_context

    def watched_context(*args, **kwargs):
        context = open_context(*args, **kwargs)
        page_problems.watch(context)
        return context

    monkeypatch.setattr(chromium_browser, "new_context", watched_context)
    yield chromium_browser
    problems = page_problems.found()
    assert not problems, "the browser saw problems:\n  " + "\n  ".join(problems)


@pytest.fixture
def shoot() -> Callable:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


@pytest.fixture
def sign_in(browser, live_server) -> Callable:
    """A fresh browser context per user, signed in through the real login form."""
    contexts = []

    def open_as(user):
        user.set_password(PASSWORD)
        user.save(update_fields=["password"])
        context = browser.new_context(viewport={"width": 1360, "height": 900}, base_url=live_server.url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        give_device(user)
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(user.username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        enter_code_in_browser(page, user)
        page.wait_for_url(f"{live_server.url}/")
        return page

    yield open_as
    for context in contexts:
        context.close()
