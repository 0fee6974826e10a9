"""Rows and credentials for a load run: the back office data set, sessions and API tokens.

Needs Django set up against the database the server under test uses.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token

from casino.models import GameVariant, Submission
from casino.rules import PRESETS
from certification.services import runs as run_services
from tests.backoffice.engine import fake_analyze
from tests.support.dataset import build_backoffice

from .loadgen import Client, Target

PAGE_LISTS = ["/", "/variants/", "/submissions/", "/tables/", "/audit/"]
API_LISTS = ["/api/v1/variants/", "/api/v1/submissions/", "/api/v1/tables/",
             "/api/v1/paytable-versions/", "/api/v1/audit-events/"]
# Presets whose exact figures the preview computes at once (others are deferred anyway).
PREVIEW_PRESETS = ["seven-half-casino", "seven-half-home", "siete-y-media", "nine-ten-eleven"]


def seed() -> object:
    """The data set, made with the predictable stand-in engine (seeding needs no real maths)."""
    real = run_services.exact_figures
    run_services.exact_figures = fake_analyze
    try:
        return build_backoffice(variants=30, approved=6, tables_each=3)
    finally:
        run_services.exact_figures = real


def _session_cookie(user) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    # What signing in through the login page stores (the first backend that can load users).
    session[BACKEND_SESSION_KEY] = "casino.authentication.RoleLoadingBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def preview_body(name: str) -> bytes:
    from casino.forms import RuleParametersForm

    rules = PRESETS[name]
    form = RuleParametersForm(family=rules.family, initial_rules=rules)
    data = {"family": rules.family}
    for field_name, form_field in form.fields.items():
        value = form_field.initial
        if isinstance(value, bool):
            if value:
                data[field_name] = "on"
            continue
        data[field_name] = "" if value is None else str(value)
    return urlencode(data).encode()


def targets() -> list[Target]:
    variants = list(GameVariant.objects.order_by("id").values_list("pk", flat=True)[:10])
    submissions = list(Submission.objects.order_by("id").values_list("pk", flat=True)[:10])
    found = [Target("page-list", p) for p in PAGE_LISTS]
    found += [Target("page-detail", f"/variants/{pk}/") for pk in variants[:5]]
    found += [Target("page-detail", f"/submissions/{pk}/") for pk in submissions[:5]]
    found += [Target("api-list", p) for p in API_LISTS]
    found += [Target("api-detail", f"/api/v1/variants/{pk}/") for pk in variants[:5]]
    found += [Target("api-detail", f"/api/v1/submissions/{pk}/") for pk in submissions[:5]]
    return found


def clients(count: int, who) -> list[Client]:
    """``count`` clients: readers of every role by session or token, and officers previewing."""
    readers = [who.officer, who.reviewer, who.admin, who.auditor]
    everything = targets()
    web = [t for t in everything if t.group.startswith("page")]
    api = [t for t in everything if t.group.startswith("api")]
    previews = [Target("preview", "/variants/preview/", "POST", preview_body(name),
                       "application/x-www-form-urlencoded") for name in PREVIEW_PRESETS]
    made = []
    for n in range(count):
        user = readers[n % len(readers)]
        kind = n % 5
        if kind == 4:  # one client in five is an officer editing a variant: pages and preview
            csrf = secrets.token_hex(16)
            made.append(Client(previews + web[:2], {
                "Cookie": f"sessionid={_session_cookie(who.officer)}; csrftoken={csrf}",
                "X-CSRFToken": csrf,
            }))
        elif kind % 2 == 0:
            made.append(Client(web, {"Cookie": f"sessionid={_session_cookie(user)}"}))
        else:
            token, _ = Token.objects.get_or_create(user=user)
            made.append(Client(api, {"Authorization": f"Token {token.key}"}))
    return made
