"""The monthly floor summary: a PDF of every active table, stored and emailed to the staff."""

import datetime as dt
import io

import pytest
from django.core import mail
from pypdf import PdfReader

from certification.models import SummaryReport
from certification.reports.summary import SummaryData, SummaryRow, render_summary
from certification.services.shuffle_logs import certify_table_shuffle_logs, shuffle_log_upload
from certification.services.summary import monthly_summary
from tests.support.files import stored_bytes

from .evidence import shuffle_log_text, upload


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def test_the_pdf_lists_each_table_from_plain_data():
    data = SummaryData("Floor summary, May 2026", dt.date(2026, 5, 1), [
        SummaryRow("SH-07", "Pit A", "Sette e mezzo", 3, {"main": 0.04331}, "passed", dt.date(2026, 4, 27)),
        SummaryRow("NT-01", "", "9-10-11", 1, {}, "not certified"),
    ])
    text = _text(render_summary(data, invariant=True))
    assert "SH-07" in text and "Sette e mezzo" in text and "v3" in text and "main: 4.3310%" in text
    assert "2026-04-27" in text and "NT-01" in text and "not certified" in text
    assert render_summary(data, invariant=True) == render_summary(data, invariant=True)


@pytest.mark.django_db
def test_the_summary_is_stored_and_mailed_once_a_month(adam, active_table, django_capture_on_commit_callbacks):
    shuffle_log_upload(table=active_table, upload=upload("w.csv", shuffle_log_text()), actor=adam)
    certify_table_shuffle_logs()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        report = monthly_summary()
    edge = active_table.paytable_version.submissions.get().certification_run.exact["bets"]["main"]["house_edge"]
    text = _text(stored_bytes(report.file))
    assert report.tables == 1 and "T-01" in text and "Sette e mezzo" in text
    assert f"main: {edge * 100:.4f}%" in text and "passed" in text
    [message] = mail.outbox
    assert "adam@casino.example" in message.to and "alice@casino.example" in message.to
    assert message.attachments[0][0].startswith("summary-") and message.attachments[0][2] == "application/pdf"
    assert monthly_summary() is None and SummaryReport.objects.count() == 1
    assert monthly_summary(force=True) is not None
