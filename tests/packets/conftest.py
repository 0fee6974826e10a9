"""Personas, a certified submission and helpers for the packet and signing tests (real engine)."""

from __future__ import annotations

import importlib
import io
import pkgutil
import zipfile

import pytest

from casino.models import Jurisdiction
from certification.services.pipeline import certification_run_perform_locally
from certification.services.runs import certification_run_create
from tests.backoffice import conftest as backoffice
from tests.backoffice.factories import make_submission

alice, rita, adam, audrey = backoffice.alice, backoffice.rita, backoffice.adam, backoffice.audrey
oscar, api = backoffice.oscar, backoffice.api

PROCEDURE = "wash,riffle,riffle,box,riffle,cut"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _profiles(request):
    """The shipped profiles, as the data migration writes them (a transactional test elsewhere
    may have flushed them)."""
    marker = request.node.get_closest_marker("django_db")
    names = request.fixturenames
    if marker is None and "db" not in names and "transactional_db" not in names:
        return
    transactional = "transactional_db" in names or bool(marker and marker.kwargs.get("transaction"))
    request.getfixturevalue("transactional_db" if transactional else "db")
    from django.apps import apps

    add_shipped_profiles(apps)


def add_shipped_profiles(apps) -> None:
    """Run the data migrations that ship profiles, found by their topic (numbers change)."""
    import casino.migrations

    for name in sorted(m.name for m in pkgutil.iter_modules(casino.migrations.__path__)
                       if m.name.endswith("_profiles_shipped")):
        importlib.import_module(f"casino.migrations.{name}").add_profiles(apps, None)


@pytest.fixture
def nevada(db):
    return Jurisdiction.objects.get(code="nevada")


def certify(*, variant, rounds: int = 20_000, procedure: str = PROCEDURE):
    from casino.rules import rules_from_dict
    from certification.services.evidence import evidence_validate
    from certification.services.runs import rules_snapshot

    version = variant.paytable.latest_version
    deck = rules_from_dict(rules_snapshot(variant=variant, paytable_version=version)).deck_size
    evidence = evidence_validate(shuffle_log=None, rng_bits=None, rng_format="binary",
                                 shuffle_procedure=procedure, deck_size=deck)
    run = certification_run_create(variant=variant, paytable_version=variant.paytable.latest_version,
                                   requested_by=None, rounds=rounds, seed=11, evidence=evidence)
    certification_run_perform_locally(run=run, workers=1)
    run.refresh_from_db()
    return run


@pytest.fixture
def certified(alice, nevada):
    """A submitted sette-e-mezzo, certified with a small simulation and the seed's procedure."""
    submission = make_submission(officer=alice, preset="sette-e-mezzo", name="Sette e mezzo",
                                 jurisdiction=nevada)
    return submission, certify(variant=submission.variant)


def unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def rezip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, blob in files.items():
            archive.writestr(name, blob)
    return buffer.getvalue()
