"""/verify/: anyone uploads a certificate PDF (or gives its SHA-256) and learns whether it is
genuine and whether it stands; oversized uploads and malformed hashes are clear 400s; the
page shares the public API's rate limit and carries no inline script."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from casino.models import AuditEvent
from certification.models import IssuedReport

from .world import issued_pdf

pytestmark = pytest.mark.django_db
URL = "/verify/"


def upload(client, number, data: bytes, name="certificate.pdf"):
    return client.post(URL, {"number": number, "pdf": SimpleUploadedFile(name, data, "application/pdf")})


def test_the_page_needs_no_sign_in_and_no_inline_script(client):
    response = client.get(URL)
    assert response.status_code == 200 and reverse("web:verify") == URL
    html = response.content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert "'unsafe-inline'" not in response["Content-Security-Policy"].split("script-src", 1)[1].split(";")[0]


def test_an_uploaded_certificate_is_genuine_and_valid(client, mine):
    run = mine["run"]
    response = upload(client, run.certificate_number, issued_pdf(run))
    assert response.status_code == 200
    verdict = response.context["verdict"]
    assert verdict.genuine and verdict.status == "valid" and verdict.game == "Sette Sierra"
    html = response.content.decode()
    assert 'data-genuine="yes"' in html and 'data-status="valid"' in html and "Sierra Gaming Board" in html


def test_an_altered_file_and_an_unknown_number_read_alike(client, mine):
    run, pdf = mine["run"], issued_pdf(mine["run"])
    altered = upload(client, run.certificate_number, pdf + b"\n% one more line\n").context["verdict"]
    unknown = upload(client, "TC-1999-000001", pdf).context["verdict"]
    assert altered == unknown and not altered.genuine
    by_hash = client.post(URL, {"number": run.certificate_number, "sha256": hashlib.sha256(pdf).hexdigest()})
    assert by_hash.context["verdict"].status == "valid"


def test_bad_input_is_a_400_naming_the_field_and_changes_nothing(client, settings, mine):
    before = (IssuedReport.objects.count(), AuditEvent.objects.count())
    settings.TABLECERT_PUBLIC_VERIFY_MAX_BYTES = 1024
    too_big = upload(client, mine["run"].certificate_number, b"%PDF-1.7\n" + b"0" * 2048)
    assert too_big.status_code == 400 and "never larger than 1,024 bytes" in " ".join(too_big.context["form"].errors["pdf"])
    bad_hash = client.post(URL, {"number": mine["run"].certificate_number, "sha256": "not-a-hash"})
    assert bad_hash.status_code == 400 and bad_hash.context["form"].errors["sha256"]
    neither = client.post(URL, {"number": mine["run"].certificate_number})
    assert neither.status_code == 400 and neither.context["form"].non_field_errors()
    no_number = client.post(URL, {"sha256": "ab" * 32})
    assert no_number.status_code == 400 and no_number.context["form"].errors["number"]
    assert (IssuedReport.objects.count(), AuditEvent.objects.count()) == before


def test_the_page_and_the_api_share_one_rate_limit(client, settings, mine):
    settings.TABLECERT_PUBLIC_VERIFY_RATE = "2/minute"
    body = {"number": "TC-X", "sha256": "ab" * 32}
    assert client.post(URL, body).status_code == 200
    assert APIClient().get("/api/v1/public/certificates/TC-X/", {"sha256": "ab" * 32}).status_code == 200
    refused = client.post(URL, body)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused.context["verdict"] is None and "Too many checks" in refused.content.decode()
    assert client.get(URL).status_code == 200  # reading the empty form is not a check
