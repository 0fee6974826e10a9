"""Schemathesis fuzzes every operation of the API against its own OpenAPI schema: no 500s.

Bounded (a few examples per operation, derandomised) so it runs in well under two minutes.
"""

import json
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from casino.permissions import Role
from tests.support.module_data import built_once_per_module
from tests.support.second_factor import verified_client

from .factories import JurisdictionFactory, UserFactory, make_approved, make_submission, make_table

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.core import NotSet  # noqa: E402

SCHEMA = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
EXAMPLES = 12


def _request(client: APIClient, case):
    path = case.formatted_path
    if case.query:
        path += "?" + urlencode(case.query, doseq=True)
    body = None if isinstance(case.body, NotSet) else case.body
    media = case.media_type or "application/json"
    if body is None:
        return client.generic(case.method, path)
    if media.startswith("multipart/") or media == "application/x-www-form-urlencoded":
        # Form encodings are flat: nested values travel as JSON text, files as uploads.
        fields = {
            key: _flat(key, value)
            for key, value in (body.items() if isinstance(body, dict) else [])
        }
        fields = {key: value for key, value in fields.items() if value is not None}
        if media.startswith("multipart/"):
            return getattr(client, case.method.lower())(path, fields, format="multipart")
        return client.generic(case.method, path, urlencode(fields, doseq=True), content_type=media)
    return client.generic(case.method, path, json.dumps(body), content_type="application/json")


def _flat(key, value):
    if key == "file" or isinstance(value, bytes):
        raw = value if isinstance(value, bytes) else str(value).encode()
        return SimpleUploadedFile("upload.bin", raw)
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return value


def _build_rows():
    JurisdictionFactory()
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    adam = UserFactory(username="adam", roles=[Role.ADMIN])
    approved = make_approved(officer=alice, reviewer=rita)
    make_submission(officer=alice, name="pending")
    make_table(admin=adam, variant=approved.variant)
    # A superuser holds every role, so the fuzzer reaches every write path past the role checks.
    return UserFactory(username="root", is_superuser=True)


root = built_once_per_module(_build_rows)


@pytest.fixture
def root_client(db, root):
    # A client of its own per test: what one operation's examples do to its cookies stays there.
    return verified_client(APIClient(), root)


@pytest.mark.parametrize(
    "operation", OPERATIONS, ids=[f"{op.method.upper()} {op.path}" for op in OPERATIONS]
)
def test_no_server_errors(root_client, operation):
    @hypothesis_settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy())
    def fuzz(case):
        case.headers = {
            k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"
        }
        response = _request(root_client, case)
        assert response.status_code < 500, (
            f"{case.method} {case.formatted_path}: {response.status_code}"
        )

    fuzz()
