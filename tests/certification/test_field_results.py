"""Field results: checked against each table's theory on upload, stored per table, reported.

Files are drawn from the exact per-round law of the table's variant (tests/economics/
synthetic.py) at the table's seats, so a clean file is what theory predicts.
"""

from __future__ import annotations

import dataclasses
import io
from dataclasses import replace

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from pypdf import PdfReader

from casino.models import AuditEvent
from casino.rules import preset
from certification.models import FieldDay, FieldUpload
from certification.odds.analysis import dealer_joint
from certification.services.field_results import field_results_upload, field_trial_report
from certification.services.signing import pdf_signature_check
from tests.economics.synthetic import Sampler, TablePlan, generate, to_csv

from .evidence import upload

pytestmark = pytest.mark.django_db

RULES = preset("sette-e-mezzo")


def field_csv(table_id="T-01", *, days=40, seats=7, seed=2, seen_from=None, tenfold=False):
    plan = TablePlan(table_id, Sampler(dealer_joint(RULES)), bet=5, seats=seats)
    if seen_from is not None:
        plan.changes = {seen_from: Sampler(dealer_joint(replace(RULES, dealer_upcard_visible=True)))}
    rows = generate([plan], days=days, rounds=(200, 400), seed=seed)
    if tenfold:
        # A typical day (the median result per handle before any other fault) entered ten
        # times too large.
        clean = range(seen_from if seen_from is not None else len(rows))
        i = sorted(clean, key=lambda i: rows[i].win / rows[i].handle)[len(clean) // 2]
        rows[i] = dataclasses.replace(rows[i], win=rows[i].win * 10)
    return to_csv(rows), (rows[i].date.isoformat() if tenfold else None)


def test_an_upload_is_checked_and_its_days_kept_per_table(adam, active_table):
    record = field_results_upload(upload=upload("march.csv", field_csv()[0]), actor=adam)
    assert record.days == 40 and record.tables == 1 and record.alarms == 0
    table = record.result["tables"]["T-01"]
    assert table["seats"] == 7 and table["variant"] == "Sette e mezzo"
    assert abs(table["z"]) < 4 and table["drift"]["alarm"] is False
    assert FieldDay.objects.filter(table=active_table).count() == 40
    event = AuditEvent.objects.get(action="field_results.upload")
    assert event.actor == adam and "40 days of 1 table(s)" in event.message


def test_planted_faults_are_reported(adam, active_table):
    text, tenfold_date = field_csv(days=50, seen_from=25, tenfold=True)
    record = field_results_upload(upload=upload("faults.csv", text), actor=adam)
    table = record.result["tables"]["T-01"]
    assert table["drift"]["alarm"] is True and table["drift"]["first_date"] >= "2025-03-26"
    assert tenfold_date in {a["date"] for a in record.result["day_alarms"]}


@pytest.mark.parametrize(("text", "message"), [
    ("date,table,rounds,handle,win\n2025-03-01,T-01,300,1500,x\n", "line 2: win 'x' is not a number"),
    ("date,table,rounds,handle,win\n2025-03-01,T-99,300,1500,20\n", "line 2: there is no table T-99"),
    ("when,table,rounds,handle,win\n", "line 1: the header must be"),
])
def test_a_bad_file_is_refused_naming_the_line_and_nothing_is_kept(adam, active_table, text, message):
    with pytest.raises(ValidationError) as caught:
        field_results_upload(upload=upload("bad.csv", text), actor=adam)
    assert message in caught.value.message_dict["file"][0]
    assert not FieldUpload.objects.exists() and not FieldDay.objects.exists()
    assert not AuditEvent.objects.filter(action="field_results.upload").exists()


def test_a_day_already_recorded_refuses_the_whole_file(adam, active_table):
    field_results_upload(upload=upload("a.csv", field_csv(days=5)[0]), actor=adam)
    with pytest.raises(ValidationError, match="line 2: table T-01 on 2025-03-01 is already recorded"):
        field_results_upload(upload=upload("b.csv", field_csv(days=6, seed=9)[0]), actor=adam)
    assert FieldUpload.objects.count() == 1 and FieldDay.objects.count() == 5


def test_a_table_running_an_uncertified_variant_is_refused(adam, alice, jurisdiction):
    from tests.backoffice.factories import make_table, make_variant

    draft = make_variant(actor=alice, preset="sette-e-mezzo", name="Draft", jurisdiction=jurisdiction)
    make_table(admin=adam, variant=draft, table_id="D-01")
    with pytest.raises(ValidationError, match="table D-01 runs Draft paytable v1, which is not certified"):
        field_results_upload(upload=upload("d.csv", field_csv("D-01", days=3)[0]), actor=adam)


def test_files_above_the_upload_limit_are_refused(adam, active_table, settings):
    settings.TABLECERT_MAX_UPLOAD_BYTES = 100
    with pytest.raises(ValidationError, match="limit"):
        field_results_upload(upload=upload("big.csv", field_csv(days=10)[0]), actor=adam)


def test_reviewers_and_auditors_cannot_upload(rita, audrey, active_table):
    for user in (rita, audrey):
        with pytest.raises(PermissionDenied):
            field_results_upload(upload=upload("x.csv", field_csv(days=3)[0]), actor=user)


def test_the_api_uploads_lists_and_reports(api, alice, audrey, active_table):
    r = api(alice).post("/api/v1/field-results/", {"file": upload("api.csv", field_csv(days=20)[0]),
                                                    "alpha": "0.05"}, format="multipart")
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["alpha"] == 0.05 and body["result"]["tables"]["T-01"]["days"] == 20
    assert [u["id"] for u in api(audrey).get("/api/v1/field-results/").json()["results"]] == [body["id"]]
    pdf = api(audrey).get(f"/api/v1/field-results/{body['id']}/report/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Field trial: results against theory" in text and "Table T-01" in text
    refused = api(audrey).post("/api/v1/field-results/", {"file": upload("x.csv", field_csv(days=2)[0])},
                               format="multipart")
    assert refused.status_code == 403


def test_the_api_names_the_bad_line(api, adam, active_table):
    bad = "date,table,rounds,handle,win\n2025-03-01,T-01,300,1500,20\n2025-03-02,T-01,-3,1500,20\n"
    r = api(adam).post("/api/v1/field-results/", {"file": upload("bad.csv", bad)}, format="multipart")
    assert r.status_code == 400 and "line 3: rounds '-3'" in r.json()["file"][0]


def test_the_report_states_each_table_against_theory(adam, active_table):
    record = field_results_upload(upload=upload("r.csv", field_csv(days=30, seen_from=10)[0]), actor=adam)
    pdf = field_trial_report(upload=record)
    check = pdf_signature_check(pdf)
    assert check.ok and check.modification_level == "NONE", check.reasons
    reader = PdfReader(io.BytesIO(pdf))
    text = "".join(p.extract_text() for p in reader.pages)
    t = record.result["tables"]["T-01"]
    assert f"{t['handle']:,.2f}" in text and f"{t['actual_win']:,.2f}" in text
    assert "DRIFT from" in text and "Sette e mezzo" in text and "α = 0.01" in text


def test_the_report_can_be_written_in_a_commissions_language(adam, active_table):
    from babel.numbers import format_decimal

    record = field_results_upload(upload=upload("r.csv", field_csv(days=30, seen_from=10)[0]), actor=adam)
    pdf = field_trial_report(upload=record, language="it")
    assert pdf_signature_check(pdf).ok
    text = " ".join("".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    t = record.result["tables"]["T-01"]
    assert format_decimal(t["handle"], format="#,##0.00", locale="it") in text
    assert "Prova sul campo: risultati rispetto alla teoria" in text and "DERIVA dal" in text
    assert "α = 0,01" in text and "How to read it" not in text
