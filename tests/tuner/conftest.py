"""The back office's personas for the tuner's tests (alice the officer, rita the reviewer,
adam the admin, audrey the auditor, oscar without a role), with the real exact engine."""

from __future__ import annotations

from tests.backoffice import conftest as backoffice

alice, rita, adam, audrey = backoffice.alice, backoffice.rita, backoffice.adam, backoffice.audrey
oscar, jurisdiction, api = backoffice.oscar, backoffice.jurisdiction, backoffice.api
