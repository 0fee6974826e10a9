"""Personas and records for the certification-run tests, on the real exact engine.

Figures are compared run against run here, so the back office's stand-in engine is left out.
"""

from __future__ import annotations

import pytest

from casino import workflow
from tests.backoffice import conftest as backoffice
from tests.backoffice.factories import make_approved, make_submission, make_table

alice, rita, adam, audrey = backoffice.alice, backoffice.rita, backoffice.adam, backoffice.audrey
oscar, jurisdiction, api = backoffice.oscar, backoffice.jurisdiction, backoffice.api

# Inside the default jurisdiction's bounds (main 0.5 %-15 %), so it can be approved.
FAIR_PRESET = "sette-e-mezzo"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def submitted(alice, jurisdiction):
    return make_submission(officer=alice, preset=FAIR_PRESET, name="Sette e mezzo", jurisdiction=jurisdiction)


@pytest.fixture
def approved(alice, rita, jurisdiction):
    return make_approved(officer=alice, reviewer=rita, preset=FAIR_PRESET, name="Sette e mezzo",
                         jurisdiction=jurisdiction)


@pytest.fixture
def active_table(adam, approved):
    table = make_table(admin=adam, variant=approved.variant, version=approved.paytable_version,
                       shuffling_method="wash,riffle,riffle,box,riffle,cut")
    return workflow.table_activate(table=table, actor=adam)
