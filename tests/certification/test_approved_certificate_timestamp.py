"""The approved certificate waits for its timestamp authority: the task tries again rather
than issuing an approval without its certificate, or a certificate without its timestamp."""

from __future__ import annotations

import pytest

from certification.models import IssuedReport, ReportKind
from certification.services.signing import pdf_signature_check
from certification.tasks import issue_approved_task
from tests.support.timestamps import AUTHORITY_NAME, LocalTimestampAuthority

pytestmark = pytest.mark.django_db


def test_an_authority_down_for_a_moment_delays_the_approved_certificate(settings, tmp_path, approved, rita):
    run = approved.certification_run
    with LocalTimestampAuthority(refuse_first=1) as authority:
        roots = tmp_path / "tsa-roots.pem"
        roots.write_bytes(authority.root_pem)
        settings.TABLECERT_TSA_URL = authority.url
        settings.TABLECERT_TSA_ROOTS = str(roots)
        settings.TABLECERT_SIGNING_TRUSTED_DIR = tmp_path / "trusted"
        issue_approved_task.apply(args=(run.pk, rita.pk))  # eager: the retry runs at once
    assert authority.refused == 1 and authority.requests >= 1
    issued = IssuedReport.objects.get(run=run, kind=ReportKind.APPROVED)
    with issued.file.open("rb") as handle:
        check = pdf_signature_check(handle.read())
    assert check.ok and check.timestamp is not None and check.timestamp_trusted
    assert AUTHORITY_NAME in check.timestamp_authority
