"""Records for the regulator pages: an internally approved version, and jurisdictions it fits
and one whose minimums it misses (fixtures imported by the test modules that use them)."""

from __future__ import annotations

import pytest

from casino.models import CasinoProperty, DecisionStatus
from casino.services.regulators import regulator_decision_record
from tests.backoffice.factories import JurisdictionFactory, make_approved

BOUNDS = {"main": {"min": "0.005", "max": "0.15"}, "*": {"min": "0.005", "max": "0.35"}}
# The smallest PDF a reader opens; the upload checks look at its first bytes.
PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n" \
      b"trailer<</Root 1 0 R>>\n%%EOF\n"


@pytest.fixture
def approved(alice, rita, jurisdiction):
    """Sette e mezzo v1, submitted by alice and approved by rita (so approved at home)."""
    return make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette life",
                         jurisdiction=jurisdiction)


@pytest.fixture
def version(approved):
    return approved.paytable_version


@pytest.fixture
def sierra(db):
    return JurisdictionFactory(code="sierra", name="Sierra Gaming Board", house_edge_bounds=BOUNDS)


@pytest.fixture
def tahoe(db):
    return JurisdictionFactory(code="tahoe", name="Tahoe Commission", house_edge_bounds=BOUNDS)


@pytest.fixture
def strict(db):
    """A profile the small certification run cannot serve."""
    return JurisdictionFactory(code="strict", name="Strict Commission", house_edge_bounds=BOUNDS,
                               min_simulated_rounds=10_000_000)


@pytest.fixture
def sierra_casino(sierra):
    return CasinoProperty.objects.create(name="Sierra Grand", jurisdiction=sierra)


def decide(version, jurisdiction, status, actor, **terms):
    return regulator_decision_record(paytable_version=version, jurisdiction=jurisdiction, status=status,
                                     actor=actor, **terms)


@pytest.fixture
def approved_in_sierra(version, sierra, alice):
    """Filed in Sierra by alice (who submitted it) and approved there."""
    decide(version, sierra, DecisionStatus.SUBMITTED, alice)
    return decide(version, sierra, DecisionStatus.APPROVED, alice, reference="SGB-1")
