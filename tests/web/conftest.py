"""Personas and records for the page tests, shared with the back-office tests.

The pages show real figures, so these tests run the real exact engine (a few hundred
milliseconds per variant, cached by the pages) instead of the back office's stand-in.
"""

from __future__ import annotations

import pytest

from tests.backoffice import conftest as backoffice
from tests.backoffice.factories import make_submission, make_under_review, make_variant
from tests.support.second_factor import verified_client
from tests.web import regulator_world as regulators

# The back office's personas (alice the officer, rita the reviewer, adam the admin, audrey the
# auditor, oscar without a role, victor reviewer and admin), without its stand-in engine.
alice, rita, adam, audrey = backoffice.alice, backoffice.rita, backoffice.adam, backoffice.audrey
oscar, victor, jurisdiction = backoffice.oscar, backoffice.victor, backoffice.jurisdiction
# The regulator pages' records: an approved version, jurisdictions and a property.
approved, version, approved_in_sierra = regulators.approved, regulators.version, regulators.approved_in_sierra
sierra, tahoe, strict, sierra_casino = regulators.sierra, regulators.tahoe, regulators.strict, regulators.sierra_casino

# Inside the default jurisdiction's bounds (main 0.5 %-15 %): the approvable path.
FAIR_PRESET = "sette-e-mezzo"
# A negative house edge on the main bet: the player has the advantage.
PLAYER_FAVOURABLE_PRESET = "seven-half-home"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def as_user(client):
    def login(user):
        return verified_client(client, user)

    return login


@pytest.fixture
def draft(alice, jurisdiction):
    return make_variant(actor=alice, preset=FAIR_PRESET, name="Sette house", jurisdiction=jurisdiction)


@pytest.fixture
def submitted(alice, jurisdiction):
    return make_submission(officer=alice, preset=FAIR_PRESET, name="Sette submitted", jurisdiction=jurisdiction)


@pytest.fixture
def under_review(alice, jurisdiction):
    return make_under_review(officer=alice, preset=FAIR_PRESET, name="Sette review", jurisdiction=jurisdiction)


@pytest.fixture
def favourable_under_review(alice, jurisdiction):
    return make_under_review(
        officer=alice, preset=PLAYER_FAVOURABLE_PRESET, name="Home rules", jurisdiction=jurisdiction
    )
