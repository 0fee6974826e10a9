"""A browser's part, from outside the containers: cookies, CSRF, the second factor, the API.

Speaks plain HTTP to the stack's published port and sends what the TLS proxy in front of
`web` would add (X-Forwarded-Proto: https), so the production settings (secure cookies,
redirect to https) apply as in a real installation. Secure cookies are kept by hand: the
standard library's cookie jar would not send them over plain HTTP.
"""

from __future__ import annotations

import base64
import json
import re
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

from tests.support.totp_codes import code_at, pick_step


@dataclass
class Answer:
    status: int
    headers: dict
    body: bytes

    def json(self):
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Client:
    def __init__(self, base_url: str, timeout: float = 60, authenticator: Path | None = None):
        self.base = base_url.rstrip("/")
        # The authenticator app: its secret kept between runs, as a phone keeps it.
        self.authenticator = authenticator
        self.cookies: dict[str, str] = {}
        self.timeout = timeout
        self._opener = urllib.request.build_opener(_NoRedirect)
        self.totp_key: bytes | None = None
        self._last_step = -1

    def request(self, method: str, path: str, *, form: dict | None = None,
                body: dict | None = None, headers: dict | None = None) -> Answer:
        sent = {"X-Forwarded-Proto": "https", "Origin": self.base, "Referer": self.base + "/",
                "Accept": "text/html,application/json", **(headers or {})}
        data = None
        if form is not None:
            data = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if method != "GET" and "csrftoken" in self.cookies:
            sent["X-CSRFToken"] = self.cookies["csrftoken"]
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(self.base + path, data=data, headers=sent, method=method)
        try:
            response = self._opener.open(request, timeout=self.timeout)
            status, head, content = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, head, content = error.code, error.headers, error.read()
        for value in head.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return Answer(status, dict(head.items()), content)

    def get(self, path: str, **kw) -> Answer:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw) -> Answer:
        return self.request("POST", path, **kw)

    def api(self, method: str, path: str, body: dict | None = None, expect=(200, 201, 202)):
        answer = self.request(method, "/api/v1/" + path.lstrip("/"), body=body,
                              headers={"Accept": "application/json"})
        if answer.status not in expect:
            raise AssertionError(f"{method} /api/v1/{path} answered {answer.status}: "
                                 f"{answer.text[:600]}")
        return answer.json()

    # -- signing in --------------------------------------------------------------------
    def _form_post(self, path: str, fields: dict) -> Answer:
        page = self.get(path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert token, f"{path} answered {page.status} with no form: {page.text[:300]}"
        return self.post(path, form={"csrfmiddlewaretoken": token.group(1), **fields})

    def _code(self) -> str:
        assert self.totp_key or (self.authenticator and self.authenticator.exists()), (
            "the account has an authenticator this client does not know")
        if self.totp_key is None and self.authenticator and self.authenticator.exists():
            saved = json.loads(self.authenticator.read_text())
            self.totp_key, self._last_step = base64.b32decode(saved["key"]), saved["last_step"]
        step = pick_step(int(time.time()) // 30, self._last_step)
        self._last_step = step
        if self.authenticator:
            self.authenticator.write_text(json.dumps(
                {"key": base64.b32encode(self.totp_key).decode(), "last_step": step}))
        return code_at(self.totp_key, step)

    def sign_in(self, username: str, password: str) -> None:
        """Password, then the second factor: enrol an authenticator the first time (the secret
        read off the page as an app would scan it), else type its code."""
        answer = self._form_post("/accounts/login/", {"username": username, "password": password})
        assert answer.status == 302, f"sign-in answered {answer.status}: {answer.text[:300]}"
        where = answer.headers.get("Location", "")
        if "/accounts/two-factor/enrol/" in where:
            page = self.get(where)
            secret = re.search(r'id="totp-secret">([^<]+)<', page.text)
            assert secret, f"the enrolment page shows no secret ({page.status})"
            self.totp_key = base64.b32decode(unescape(secret.group(1)).replace(" ", ""))
            self._last_step = -1
            answer = self._form_post(where, {"code": self._code()})
            assert answer.status in (200, 302), f"enrolment answered {answer.status}"
            assert answer.status == 302 or "recovery" in answer.text.lower(), answer.text[:500]
        elif "/accounts/two-factor/verify/" in where:
            answer = self._form_post(where, {"code": self._code()})
            assert answer.status == 302, f"the second factor answered {answer.status}"
        assert self.get("/").status == 200, "the dashboard did not open after signing in"
