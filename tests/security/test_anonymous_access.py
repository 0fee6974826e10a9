"""No endpoint answers an anonymous visitor, except the login page and the health check.

Every URL pattern of the project is enumerated from the resolver, given sample arguments
that match its converters, and requested without credentials with GET and with POST: the
answer must be a redirect to a login page, 401 or 403 (405 counts only for the method a
view does not take) — never 200, never a 5xx.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve

pytestmark = pytest.mark.django_db

# Public on purpose: signing in, the load balancer's probe, and the site's icon (a redirect
# to a static file, which the login page needs as much as its stylesheet).
# Checking a certificate file against the register is public too (casino.api.public), and the
# language switcher is on the login page: it only sets the language cookie.
ALLOWED = {"login", "health", "admin:login", "logout", "admin:logout", "favicon", "web:verify",
           "public-certificate", "set_language"}
LOGIN_PAGES = ("/accounts/login/", "/admin/login/")
GROUP = re.compile(r"\(\?P<(\w+)>((?:[^()]|\([^()]*\))*)\)")
SAMPLES = ("1", "casino", "gamevariant", "x")


def _sample(name: str, regex: str) -> str:
    # A format suffix must name a renderer, or the API answers 404 before checking anyone.
    for value in (("json", ".json") if name == "format" else ()) + SAMPLES:
        if re.fullmatch(regex, value):
            return value
    first = regex.split("|")[0].strip("()")
    if re.fullmatch(regex, first):
        return first
    raise AssertionError(f"no sample value for <{name}> matching {regex!r}")


def _path(regexes: list[str]) -> str:
    text = "".join(r.lstrip("^").removesuffix(r"\Z").removesuffix("$") for r in regexes)
    text = GROUP.sub(lambda m: _sample(m.group(1), m.group(2)), text)
    return "/" + text.replace(r"\.", ".").replace("/?", "/").replace("\\", "")


def _patterns(resolver: URLResolver, prefix: list[str], namespace: str):
    for entry in resolver.url_patterns:
        regexes = prefix + [entry.pattern.regex.pattern]
        if isinstance(entry, URLResolver):
            ns = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _patterns(entry, regexes, ns)
        elif isinstance(entry, URLPattern):
            yield f"{namespace}{entry.name or entry.lookup_str}", _path(regexes)


ENDPOINTS = sorted(set(_patterns(get_resolver(), [], "")))


def test_the_enumeration_covers_the_project():
    names = {name for name, _ in ENDPOINTS}
    assert {"web:variant-list", "web:rules-preview", "gamevariant-list", "api-schema"} <= names
    assert len(ENDPOINTS) > 80


@pytest.mark.parametrize("name,path", [e for e in ENDPOINTS if e[0] not in ALLOWED],
                         ids=[e[0] for e in ENDPOINTS if e[0] not in ALLOWED])
def test_anonymous_requests_are_refused(name, path):
    assert resolve(path), path
    client = Client(raise_request_exception=False)
    guarded = False
    for method in ("get", "post"):
        response = getattr(client, method)(path)
        status = response.status_code
        assert status != 200 and status < 500, f"{method.upper()} {path} ({name}) -> {status}"
        if status in (301, 302):
            assert response["Location"].startswith(LOGIN_PAGES), (path, response["Location"])
        else:
            assert status in (401, 403, 405), f"{method.upper()} {path} ({name}) -> {status}"
        guarded |= status != 405
    assert guarded, f"{path} ({name}) only ever answered 405"


@pytest.mark.parametrize("path", ["/accounts/login/", "/health/"])
def test_login_and_health_are_public(path):
    assert Client().get(path).status_code == 200


def test_the_icon_is_public_and_leads_to_a_static_file():
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("/img/favicon.svg")
