"""Two regulators' worlds side by side: what Sierra's regulator may read, and Tahoe's records
it must never see. Sam reads Sierra only; both versions are certified, approved and issued."""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from casino.models import Notice, NoticeKind
from casino.services.regulator_scope import regulator_scope_grant
from certification.models import CertificationRun, PacketJob, RunStatus
from certification.services.certificates import certificate_issue_approved
from tests.backoffice.factories import UserFactory, make_approved
from tests.lifecycle import conftest as lifecycle

alice, rita, adam, audrey = lifecycle.alice, lifecycle.rita, lifecycle.adam, lifecycle.audrey
oscar, api, jurisdiction, fake_engine = lifecycle.oscar, lifecycle.api, lifecycle.jurisdiction, lifecycle.fake_engine
_media = lifecycle._media
record, open_table, make_jurisdiction = lifecycle.record, lifecycle.open_table, lifecycle.make_jurisdiction


@pytest.fixture
def sierra(db):
    return make_jurisdiction("sierra", "Sierra Gaming Board")


@pytest.fixture
def tahoe(db):
    return make_jurisdiction("tahoe", "Tahoe Commission")


@pytest.fixture
def sam(sierra):
    """Sierra's regulator."""
    user = UserFactory(username="sam", is_staff=False)
    regulator_scope_grant(user=user, jurisdictions=[sierra])
    return user


def _certified(name, jurisdiction, place, *, alice, rita, adam, table_id):
    """A version approved internally, filed and approved in ``place``, issued, dealt at a table there."""
    from casino.services.properties import casino_property_create

    submission = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name=name,
                               jurisdiction=jurisdiction)
    version = submission.paytable_version
    record(version, place, "submitted", alice, reference=f"{place.code.upper()}-F")
    record(version, place, "approved", alice, reference=f"{place.code.upper()}-A")
    run = submission.certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    casino = casino_property_create(name=f"{place.name} casino", jurisdiction=place, actor=adam)
    table = open_table(adam, version, casino, table_id)
    packet = PacketJob.objects.create(run=run, jurisdiction=place, status=RunStatus.DONE, sha256="0" * 64,
                                      size=4, finished_at=timezone.now())
    packet.file.save(f"packet-{place.code}.zip", ContentFile(b"PK\x03\x04"))
    notice = Notice.objects.create(kind=NoticeKind.WITHDRAWN, jurisdiction=place, paytable_version=version,
                                   title=f"{place.name}: notice about {name}", body="Tables follow.")
    return {"version": version, "run": CertificationRun.objects.get(pk=run.pk), "table": table,
            "packet": packet, "notice": notice, "casino": casino}


@pytest.fixture
def mine(sierra, alice, rita, adam, jurisdiction):
    return _certified("Sette Sierra", jurisdiction, sierra, alice=alice, rita=rita, adam=adam, table_id="S-1")


@pytest.fixture
def theirs(tahoe, alice, rita, adam, jurisdiction):
    return _certified("Sette Tahoe", jurisdiction, tahoe, alice=alice, rita=rita, adam=adam, table_id="T-1")


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """Each test starts with the public check's full allowance (the throttle counts in the cache)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def issued_pdf(run, kind: str = "approved") -> bytes:
    issued = run.issued_reports.get(kind=kind)
    with issued.file.open("rb") as handle:
        return handle.read()
