"""Creating a variant through the API: every malformed or absurd body is a 400 naming the
field, and leaves no row behind."""

from __future__ import annotations

import json

import pytest

from tests.backoffice.factories import preset_parts

from .conftest import row_counts
from .corpus import RULE_FILES

pytestmark = pytest.mark.django_db
URL = "/api/v1/variants/"


def _body(where, **changes) -> dict:
    family, parameters, payouts = preset_parts("seven-half-casino")
    body = {"name": "Bad input", "family": family, "parameters": parameters,
            "payouts": payouts, "jurisdiction": where.pk}
    body.update(changes)
    return body


def _refused(client, data, content_type="application/json", status=400):
    before = row_counts()
    response = client.generic("POST", URL, data, content_type=content_type)
    assert response.status_code == status, response.content[:500]
    assert b"Traceback" not in response.content
    assert row_counts() == before
    return response.json()


@pytest.mark.parametrize("label,raw", [
    ("truncated", b'{"name": "x", "family": '),
    ("array", b"[1, 2]"),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
    ("not UTF-8", '{"name": "é"}'.encode("latin-1")),
    ("UTF-16", '{"name": "x"}'.encode("utf-16")),
    ("binary garbage", bytes(range(256)) * 8),
])
def test_unparseable_bodies(as_user, alice, label, raw):
    answer = _refused(as_user(alice), raw)
    assert answer


def _rule_cases():
    for label, raw in RULE_FILES:
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict) and "family" in data:
            yield label, data


@pytest.mark.parametrize("label,rules", list(_rule_cases()), ids=[c[0] for c in _rule_cases()])
def test_absurd_rules_name_the_field(as_user, alice, jurisdiction, label, rules):
    family = rules.pop("family")
    payouts = rules.pop("payouts")
    body = _body(jurisdiction, family=family, parameters=rules,
                 payouts={k: v for k, v in payouts.items() if v is not None})
    answer = _refused(as_user(alice), json.dumps(body))
    assert any(key.startswith(("family", "parameters", "payouts", "decks", "dealer", "no_such"))
               or "." in key for key in answer), answer


@pytest.mark.parametrize("changes,field", [
    ({"name": "x" * 10_000}, "name"),
    ({"name": ""}, "name"),
    ({"parameters": "decks=1"}, "parameters"),
    ({"payouts": ["1"]}, "payouts"),
    ({"payouts": {"win": {"nested": 1}}}, "payouts"),
    ({"jurisdiction": 10**12}, "jurisdiction"),
    ({"jurisdiction": "one"}, "jurisdiction"),
    ({"preset": "no-such-preset"}, "preset"),
])
def test_bad_fields_are_named(as_user, alice, jurisdiction, changes, field):
    answer = _refused(as_user(alice), json.dumps(_body(jurisdiction, **changes)))
    assert field in answer, answer


def test_a_body_over_the_upload_limit_is_refused(as_user, alice, jurisdiction, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = _body(jurisdiction, name="x" * 20_000)
    answer = _refused(as_user(alice), json.dumps(body), status=413)
    assert "too large" in json.dumps(answer).lower()
