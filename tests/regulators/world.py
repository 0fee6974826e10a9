"""A certified version filed and approved with one regulator, with everything a regulator
reads about it: the issued certificate, a packet, a table dealing it and a notice."""

from __future__ import annotations

from django.core.files.base import ContentFile
from django.utils import timezone

from casino.models import Notice, NoticeKind
from casino.services.properties import casino_property_create
from certification.models import CertificationRun, PacketJob, RunStatus
from certification.services.certificates import certificate_issue_approved
from tests.backoffice.factories import make_approved
from tests.lifecycle.conftest import open_table, record


def certified(name, jurisdiction, place, *, alice, rita, adam, table_id):
    """A version approved internally, filed and approved in ``place``, issued, dealt at a table there."""
    submission = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo", name=name,
                               jurisdiction=jurisdiction)
    version = submission.paytable_version
    record(version, place, "submitted", alice, reference=f"{place.code.upper()}-F")
    record(version, place, "approved", alice, reference=f"{place.code.upper()}-A")
    run = submission.certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    casino = casino_property_create(name=f"{place.name} casino for {name}", jurisdiction=place, actor=adam)
    table = open_table(adam, version, casino, table_id)
    packet = PacketJob.objects.create(run=run, jurisdiction=place, status=RunStatus.DONE, sha256="0" * 64,
                                      size=4, finished_at=timezone.now())
    packet.file.save(f"packet-{place.code}.zip", ContentFile(b"PK\x03\x04"))
    notice = Notice.objects.create(kind=NoticeKind.WITHDRAWN, jurisdiction=place, paytable_version=version,
                                   title=f"{place.name}: notice about {name}", body="Tables follow.")
    return {"version": version, "run": CertificationRun.objects.get(pk=run.pk), "table": table,
            "packet": packet, "notice": notice, "casino": casino}


def issued_pdf(run, kind: str = "approved") -> bytes:
    """The certificate file exactly as the register issued it."""
    issued = run.issued_reports.get(kind=kind)
    with issued.file.open("rb") as handle:
        return handle.read()
