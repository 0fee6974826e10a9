"""What a browser test must never see: console errors, uncaught script errors, and a page
or an asset (stylesheet, script, image, font) that fails to load."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ASSET_TYPES = frozenset(
    {"document", "stylesheet", "script", "image", "font", "media", "manifest", "texttrack"}
)
# The request was cancelled because the test moved on (a navigation or a page closing);
# nothing failed to load.
CANCELLED = "net::ERR_ABORTED"


@dataclass
class PageProblems:
    problems: list[str] = field(default_factory=list)
    allowed: list[tuple[re.Pattern, int]] = field(default_factory=list)

    def allow(self, url_pattern: str, status: int) -> None:
        """Let responses with ``status`` from URLs matching ``url_pattern`` pass: a test
        that provokes them on purpose (an invalid form answered 400) says so."""
        self.allowed.append((re.compile(url_pattern), status))

    def found(self) -> list[str]:
        return list(self.problems)

    def watch(self, context) -> None:
        context.on("console", self._console)
        context.on("weberror", lambda error: self.problems.append(f"uncaught error: {error.error}"))
        context.on("response", self._response)
        context.on("requestfailed", self._request_failed)

    def _is_allowed(self, url: str, status: int | None = None) -> bool:
        return any(
            pattern.search(url) and (status is None or status == allowed)
            for pattern, allowed in self.allowed
        )

    def _console(self, message) -> None:
        if message.type != "error":
            return
        url = (message.location or {}).get("url", "")
        # The console repeats every response >= 400 as "Failed to load resource"; those
        # the test allowed are expected, the others are reported by _response too.
        if message.text.startswith("Failed to load resource") and self._is_allowed(url):
            return
        self.problems.append(f"console error: {message.text} ({url})")

    def _response(self, response) -> None:
        request = response.request
        if response.status < 400 or request.resource_type not in ASSET_TYPES:
            return
        if self._is_allowed(response.url, response.status):
            return
        self.problems.append(
            f"{request.resource_type} {response.url} answered {response.status}"
        )

    def _request_failed(self, request) -> None:
        if request.resource_type not in ASSET_TYPES or request.failure == CANCELLED:
            return
        self.problems.append(f"{request.resource_type} {request.url} failed: {request.failure}")
