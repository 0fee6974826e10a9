"""An issued certificate, downloaded in Italian and in Spanish: the submission page that offers
it shows no English sentence of ours, and the PDF it hands over is the very file the register
issued, signed, and written in the language of the variant's jurisdiction (the shipped italia
and espana profiles), with its headings and its decimal comma."""

from __future__ import annotations

import importlib
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from playwright.sync_api import expect

from casino.models import Jurisdiction
from casino.permissions import Role
from certification.models import ReportKind
from certification.reports.verify import sha256_of
from certification.services.certificates import certificate_issue_approved
from tests.backoffice.factories import UserFactory, make_approved
from tests.browser.test_languages import english_on
from tests.packets.test_document_languages import _edge_text, _text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHIPPED_PROFILES = importlib.import_module("casino.migrations.0018_language_profiles_shipped")

CASES = {
    "italia": ("it", "Italiano", "Scarica il certificato (PDF)",
               ["Certificato di valutazione del gioco", "Regole del gioco come certificate",
                "Analisi matematica", "Vantaggio del banco", "Pagina 1 di", "matta"]),
    "espana": ("es", "Español", "Descargar el certificado (PDF)",
               ["Certificado de evaluación del juego", "Reglas del juego tal como se certifican",
                "Análisis matemático", "Ventaja de la casa", "Página 1 de", "la banca"]),
}
ENGLISH_HEADINGS = ["Certificate of Game Evaluation", "Mathematical analysis", "House edge", "Page 1 of"]


def issued_in(code: str):
    """A sette-e-mezzo certified by the product's own run, approved, and its certificate issued
    as the approval task issues it; the variant belongs to the shipped profile ``code``."""
    # A transactional test starts from an emptied database: the profiles come back as shipped.
    SHIPPED_PROFILES.add_profiles(apps, None)
    jurisdiction = Jurisdiction.objects.get(code=code)
    alice = UserFactory(username="alice", roles=[Role.OFFICER])
    rita = UserFactory(username="rita", roles=[Role.REVIEWER])
    submission = make_approved(officer=alice, reviewer=rita, preset="sette-e-mezzo",
                               name=f"Sette {jurisdiction.name}", jurisdiction=jurisdiction)
    run = submission.certification_run
    certificate_issue_approved(run_id=run.pk, approver_id=rita.pk)
    run.refresh_from_db()
    return alice, submission, run


def verified(path) -> str:
    out = StringIO()
    call_command("verify-report", str(path), stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("code", list(CASES))
def test_the_issued_certificate_is_downloaded_in_the_profiles_language(code, sign_in, shoot, tmp_path):
    language, switcher, download_link, headings = CASES[code]
    alice, submission, run = issued_in(code)
    assert run.issued_reports.filter(kind=ReportKind.APPROVED).exists()

    page = sign_in(alice)
    page.get_by_role("button", name=switcher).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"/submissions/{submission.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    link = page.get_by_role("link", name=download_link)
    expect(link).to_be_visible()
    assert english_on(page, language) == []
    shoot(page, f"certificate-download-{language}")

    with page.expect_download() as started:
        link.click()
    pdf_path = tmp_path / "certificate.pdf"
    started.value.save_as(pdf_path)
    pdf = pdf_path.read_bytes()

    # The very file the register issued on approval, and it verifies as standing.
    assert sha256_of(pdf) == run.issued_reports.get(kind=ReportKind.APPROVED).sha256
    report = verified(pdf_path)
    assert (f"AUTHENTIC: {pdf_path} is an unaltered copy of certificate {run.certificate_number} "
            f"(approved, {switcher})") in report
    assert f"STATUS: certificate {run.certificate_number} is valid" in report

    text = _text(pdf)
    missing = [h for h in headings if h not in text]
    assert not missing, missing
    assert [h for h in ENGLISH_HEADINGS if h in text] == []
    assert _edge_text(run, language).replace("\u00a0", " ") in text  # e.g. "3,9352 %"

    # The same certificate in English, from the same page: its own file, registered and signed.
    with page.expect_download() as started:
        page.locator('a[data-language="en"]').first.click()
    english_path = tmp_path / "certificate-en.pdf"
    started.value.save_as(english_path)
    english = english_path.read_bytes()
    assert sha256_of(english) == run.issued_reports.get(kind=ReportKind.APPROVED, language="en").sha256
    assert (f"is an unaltered copy of certificate {run.certificate_number} (approved, English)"
            in verified(english_path))
    english_text = _text(english)
    assert "Certificate of Game Evaluation" in english_text and run.certificate_number in english_text
