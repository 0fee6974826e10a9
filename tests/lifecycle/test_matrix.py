"""The approval matrix: the selector, the API (JSON and CSV) and ``approvals --json``."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from django.core.management import call_command

from casino.selectors import approval_matrix

from .conftest import TODAY, field_trial_then_approve, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def filed(version, silver, silver_casino, garden, olga):
    field_trial_then_approve(version, silver, silver_casino, olga, expires=TODAY() + dt.timedelta(days=60))
    record(version, garden, "submitted", olga, reference="GS-9")
    return version


def test_rows_are_versions_and_cells_each_jurisdictions_state(filed, silver, garden, jurisdiction, strict):
    matrix = approval_matrix()
    codes = [j.code for j in matrix.jurisdictions]
    assert set(codes) >= {"silver", "garden", "default", "strict"}
    (row,) = [r for r in matrix.rows if r.paytable_version == filed]
    cells = dict(zip(codes, row.cells, strict=True))
    assert cells["silver"].status == "approved" and cells["silver"].decision.reference == "SS-A-1"
    assert cells["silver"].expiring_soon is True  # ends in 60 days
    assert cells["garden"].status == "submitted" and cells["garden"].expiring_soon is False
    assert cells["default"].status == "approved"
    assert cells["strict"] is None


def test_filters_keep_what_they_name(filed):
    assert [j.code for j in approval_matrix(jurisdiction="garden").jurisdictions] == ["garden"]
    assert len(approval_matrix(status="submitted").rows) == 1
    assert approval_matrix(status="rejected").rows == []
    assert len(approval_matrix(expiring=True).rows) == 1
    assert approval_matrix(expiring=True, today=TODAY() + dt.timedelta(days=61)).rows == []
    assert len(approval_matrix(variant="Sette e mezzo").rows) == 1
    assert len(approval_matrix(variant=str(filed.paytable.variant_id)).rows) == 1


def test_approvals_json_prints_one_object_per_filed_cell(filed):
    out = io.StringIO()
    call_command("approvals", "--json", "--jurisdiction", "silver", stdout=out)
    (row,) = json.loads(out.getvalue())
    assert row["variant"] == "Sette e mezzo" and row["paytable_version"] == 1
    assert row["jurisdiction"] == "silver" and row["status"] == "approved" and row["reference"] == "SS-A-1"
    assert row["effective"] == TODAY().isoformat()
    assert row["expires"] == (TODAY() + dt.timedelta(days=60)).isoformat()
    text = io.StringIO()
    call_command("approvals", stdout=text)
    assert "silver: approved SS-A-1" in text.getvalue() and "expires within 90 days" in text.getvalue()


def test_the_api_serves_the_matrix_and_its_csv_to_every_role(filed, api, audrey, oscar):
    response = api(audrey).get("/api/v1/approvals/?jurisdiction=garden")
    assert response.status_code == 200
    assert response.data["jurisdictions"] == [{"code": "garden", "name": "Garden State"}]
    assert [(r["jurisdiction"], r["status"], r["reference"]) for r in response.data["results"]] == [
        ("garden", "submitted", "GS-9")]
    assert api(audrey).get("/api/v1/approvals/?jurisdiction=atlantis").status_code == 400
    exported = api(audrey).get("/api/v1/approvals/csv/?expiring=true")
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(exported.content.decode())))
    assert [(r["jurisdiction"], r["status"], r["expiring_soon"]) for r in rows if r["jurisdiction"] == "silver"] \
        == [("silver", "approved", "yes")]
    assert api(oscar).get("/api/v1/approvals/").status_code == 403


def test_decisions_recorded_through_the_api_change_the_matrix(version, garden, olga, api):
    client = api(olga)
    body = {"paytable_version": version.pk, "jurisdiction": "garden", "status": "submitted", "reference": "GS-1"}
    assert client.post("/api/v1/decisions/", body, format="json").status_code == 201
    from django.core.files.uploadedfile import SimpleUploadedFile

    letter = SimpleUploadedFile("gs-a.pdf", b"%PDF-1.4 letter", content_type="application/pdf")
    response = client.post("/api/v1/decisions/", {**body, "status": "approved", "reference": "GS-A",
                                                  "conditions": "at most 4 tables", "letter": letter},
                           format="multipart")
    assert response.status_code == 201, response.data
    assert response.data["status"] == "approved" and response.data["recorded_by"] == "olga"
    assert len(response.data["letter_sha256"]) == 64
    rows = client.get("/api/v1/approvals/?jurisdiction=garden").data["results"]
    assert rows[0]["status"] == "approved" and rows[0]["conditions"] == "at most 4 tables"
    listing = client.get("/api/v1/decisions/?status=approved").data
    assert any(d["reference"] == "GS-A" for d in listing["results"])
