"""Personas and a small world for a game's life across jurisdictions.

Unit tests use the back office's stand-in engine and jurisdictions of their own whose profiles
ask little (so the internal run fits them); the whole-life test uses the shipped profiles and a
real worker.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from casino import workflow
from casino.models import Jurisdiction
from casino.services.properties import casino_property_create
from casino.services.regulators import regulator_decision_record
from tests.backoffice import conftest as backoffice
from tests.backoffice.factories import UserFactory, make_approved, make_table

alice, rita, adam, audrey = backoffice.alice, backoffice.rita, backoffice.adam, backoffice.audrey
oscar, victor, api, jurisdiction = backoffice.oscar, backoffice.victor, backoffice.api, backoffice.jurisdiction
fake_engine = backoffice.fake_engine

BOUNDS = {"main": {"min": "0.005", "max": "0.15"}, "*": {"min": "0.005", "max": "0.35"}}
TODAY = dt.date.today


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def olga(db):
    """A second compliance officer: files and transcribes letters, submitted nothing."""
    from casino.permissions import Role

    return UserFactory(username="olga", roles=[Role.OFFICER])


def make_jurisdiction(code: str, name: str, **profile) -> Jurisdiction:
    return Jurisdiction.objects.create(code=code, name=name, house_edge_bounds=BOUNDS, **profile)


@pytest.fixture
def silver(db):
    """A Nevada-like regulator: field trial of 180 days first."""
    return make_jurisdiction("silver", "Silver State", field_trial_required=True, field_trial_days=180)


@pytest.fixture
def garden(db):
    """A regulator that approves directly, for five years."""
    return make_jurisdiction("garden", "Garden State", approval_valid_years=5)


@pytest.fixture
def strict(db):
    """A laboratory that asks for more simulated rounds than the internal run made."""
    return make_jurisdiction("strict", "Strict laboratory", min_simulated_rounds=10_000_000)


@pytest.fixture
def approved(alice, rita, jurisdiction):
    """sette-e-mezzo, internally approved in its own ("default") jurisdiction."""
    return make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name="Sette e mezzo",
                         jurisdiction=jurisdiction)


@pytest.fixture
def version(approved):
    return approved.paytable_version


@pytest.fixture
def silver_casino(adam, silver):
    return casino_property_create(name="Silver Palace", jurisdiction=silver, actor=adam)


@pytest.fixture
def garden_casino(adam, garden):
    return casino_property_create(name="Garden Resort", jurisdiction=garden, actor=adam)


def record(version, jurisdiction, status, actor, **kwargs):
    return regulator_decision_record(paytable_version=version, jurisdiction=jurisdiction, status=status,
                                     actor=actor, **kwargs)


def field_trial_then_approve(version, silver, host, actor, *, limit=2, expires=None):
    record(version, silver, "submitted", actor, reference="SS-1")
    record(version, silver, "field_trial", actor, reference="SS-FT-1", host_property=host, table_limit=limit,
           effective=TODAY() - dt.timedelta(days=181), expires=TODAY() + dt.timedelta(days=30))
    return record(version, silver, "approved", actor, reference="SS-A-1", expires=expires)


def open_table(admin, version, place, table_id):
    table = make_table(admin=admin, variant=version.paytable.variant, version=version, table_id=table_id,
                       casino_property=place)
    return workflow.table_activate(table=table, actor=admin)


def now():
    return timezone.now()


def add_shipped_profiles(apps) -> None:
    """The shipped profiles as migrations 0009 and 0013 write them (a transactional test
    flushes the database, migrations' data included); found by topic, numbers change."""
    import importlib
    import pkgutil

    import casino.migrations

    names = {m.name for m in pkgutil.iter_modules(casino.migrations.__path__)}
    shipped = next(n for n in names if n.endswith("_jurisdiction_profiles_shipped"))
    importlib.import_module(f"casino.migrations.{shipped}").add_profiles(apps, None)
    decisions = next(n for n in names if n.endswith("_regulator_decisions"))
    for code, profile in importlib.import_module(f"casino.migrations.{decisions}").FIELD_TRIALS.items():
        Jurisdiction.objects.filter(code=code).update(**profile)
