"""A jurisdiction's documents are written in its language, whoever builds them: the italia and
espana packets and certificates, read back as text, say the rules with the games' own words,
write figures the Italian and Spanish way, and state the same worked examples as in English."""

from __future__ import annotations

import hashlib
import io
import re
from fractions import Fraction

import docx
import pytest
from babel.numbers import format_decimal
from django.utils import translation
from pypdf import PdfReader

from casino.models import GameVariant, Jurisdiction
from certification.models import IssuedReport
from certification.reports.packet import render_rules_docx
from certification.reports.packet.rules import render_rules_of_play
from certification.reports.signing import validate_pdf
from certification.services.certificates import certificate_data, render_certificate
from certification.services.packets import packet_build, packet_data
from certification.services.signing import sign_pdf, trusted_certificates

from .conftest import unzip

pytestmark = pytest.mark.django_db

AMOUNT = r"([+−-]?(?:\d+(?:½|/\d+)?|½))"
NET = {"en": rf"\bnet {AMOUNT}", "it": rf"\bnetto {AMOUNT}", "es": rf"\bneto {AMOUNT}"}
CARDS = {"en": "Cards in the order dealt: ", "it": "Carte nell'ordine di distribuzione: ",
         "es": "Cartas en el orden en que se reparten: "}
GLOSSARY_WORDS = {
    "it": ["Regole di gioco", "matta", "sette e mezzo reale", "triplé", "sballa", "mazziere",
           "re di quadri", "figure", "A parità di punti vince il banco", "Esempi svolti"],
    "es": ["Reglas de juego", "banca", "se planta", "se pasa", "siete y media", "matta",
           "rey de diamantes", "triplé", "Con puntos iguales gana la banca", "Ejemplos resueltos"],
}
ENGLISH_SENTENCES = ["Rules of play", "The dealer", "The player", "Worked examples", "Result: net",
                     "Cards in the order dealt", "Payouts are", "Page 1 of"]


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def _document(archive: bytes, manifest: dict, code: str) -> bytes:
    name = next(f["file"] for f in manifest["files"] if f["document"] == code)
    return unzip(archive)[name]


def _edge_text(run, language: str, digits: int = 4) -> str:
    edge = -Fraction(run.exact["bets"]["main"]["ev_fraction"])
    pattern = "#,##0." + "0" * digits
    return format_decimal(float(edge) * 100, format=pattern, locale=language) + "\u00a0%"


@pytest.fixture
def run(certified):
    return certified[1]


@pytest.fixture
def english_rules(run):
    data = packet_data(run=run, jurisdiction=Jurisdiction.objects.get(code="nevada"))
    return _text(render_rules_of_play(data))


@pytest.fixture(params=["italia", "espana"])
def built(request, run):
    jurisdiction = Jurisdiction.objects.get(code=request.param)
    # The person building it reads English: the packet follows the jurisdiction all the same.
    with translation.override("en"):
        archive, manifest = packet_build(run=run, jurisdiction=jurisdiction,
                                         applicant="Acme Gaming", host_casino="Casino Royale")
    return jurisdiction.language, archive, manifest


def test_the_two_profiles_are_shipped_generic_with_their_language():
    italia, espana = (Jurisdiction.objects.get(code=c) for c in ("italia", "espana"))
    assert (italia.language, espana.language) == ("it", "es")
    for profile in (italia, espana):
        assert profile.to_complete == ["regulator", "regulation_reference", "signatory_block"]
    assert Jurisdiction.objects.get(code="nevada").language == "en"


def _rules_read_with_the_glossarys_words(language, archive, manifest):
    text = _text(_document(archive, manifest, "rules-of-play"))
    missing = [w for w in GLOSSARY_WORDS[language] if w not in text]
    assert not missing, missing
    english = [s for s in ENGLISH_SENTENCES if s in text]
    assert not english, english


def _worked_examples_as_in_english(language, archive, manifest, english_rules):
    text = _text(_document(archive, manifest, "rules-of-play"))
    amounts = re.findall(NET[language], text)
    assert amounts and amounts == re.findall(NET["en"], english_rules)
    cards = [t.split(" ")[0:3] for t in text.split(CARDS[language])[1:]]
    assert cards == [t.split(" ")[0:3] for t in english_rules.split(CARDS["en"])[1:]]


def _decimal_comma_and_the_languages_odds(language, archive, manifest, run):
    letter = _text(_document(archive, manifest, "cover-letter"))
    schedule = _text(_document(archive, manifest, "payout-schedule"))
    edge = _edge_text(run, language).replace("\u00a0", " ")
    assert edge in letter and edge in schedule
    assert re.search(r"\d,\d{4} %", schedule) and not re.search(r"\d\.\d{4}%", schedule)
    assert "2 a 1" in _text(_document(archive, manifest, "rules-of-play"))
    assert " to 1" not in schedule


def _what_an_admin_must_complete(language, archive, manifest):
    letter = _text(_document(archive, manifest, "cover-letter"))
    note = {"it": "[da completare a cura di un amministratore]",
            "es": "[a completar por un administrador]"}[language]
    assert note in letter
    item = {"it": "Profilo completato da un amministratore: il profilo Italia non ha ancora "
                  "autorità di regolamentazione",
            "es": "Perfil completado por un administrador: el perfil España aún no tiene "
                  "autoridad reguladora"}[language]
    assert item in letter and "Simulation size" not in letter
    # The run's variant belongs to Nevada: the packet encloses the certificate's rendering in
    # the profile's language, registered like the English one it was rendered from.
    certificate = _document(archive, manifest, "statistical-evaluation")
    entry = IssuedReport.objects.get(sha256=hashlib.sha256(certificate).hexdigest())
    assert entry.language == language and entry.run.certificate_number == manifest["certification_run"]
    assert manifest["certification"]["certificate_language"] == language
    assert not any("language" in i["name"] for i in manifest["checklist"])
    assert not manifest["complete"]
    assert any(i["name"] == "Profile completed by an admin" and not i["ready"]
               for i in manifest["checklist"])


def _word_file_and_every_pdf_in_the_language(language, archive, manifest):
    document = docx.Document(io.BytesIO(_document(archive, manifest, "rules-of-play-docx")))
    text = " ".join(p.text for p in document.paragraphs)
    assert document.core_properties.language == language
    assert GLOSSARY_WORDS[language][0] in text and "matta" in text and "Rules of play" not in text
    page = {"it": "Pagina 1 di", "es": "Página 1 de"}[language]
    for entry in manifest["files"]:
        if entry["file"].endswith(".pdf"):
            assert page in _text(unzip(archive)[entry["file"]]), entry["file"]


def test_the_packet_is_written_in_the_profiles_language_whoever_builds_it(built, english_rules, run):
    language, archive, manifest = built
    _rules_read_with_the_glossarys_words(language, archive, manifest)
    _worked_examples_as_in_english(language, archive, manifest, english_rules)
    _decimal_comma_and_the_languages_odds(language, archive, manifest, run)
    _what_an_admin_must_complete(language, archive, manifest)
    _word_file_and_every_pdf_in_the_language(language, archive, manifest)


def test_the_docx_is_english_for_an_english_profile(run):
    data = packet_data(run=run, jurisdiction=Jurisdiction.objects.get(code="nevada"))
    document = docx.Document(io.BytesIO(render_rules_docx(data)))
    assert document.paragraphs[0].text.startswith("Rules of play: Seven and a Half")


@pytest.mark.parametrize(("code", "headings"), [
    ("italia", ["Certificato di valutazione del gioco", "Regole del gioco come certificate",
                "Analisi matematica", "Vantaggio del banco", "Conferma per simulazione",
                "Riproducibilità", "Pagina 1 di", "matta"]),
    ("espana", ["Certificado de evaluación del juego", "Reglas del juego tal como se certifican",
                "Análisis matemático", "Ventaja de la casa", "Confirmación por simulación",
                "Reproducibilidad", "Página 1 de", "la banca"]),
])
def test_the_certificate_is_written_in_its_jurisdictions_language_and_stays_signed(
        run, code, headings):
    jurisdiction = Jurisdiction.objects.get(code=code)
    GameVariant.objects.filter(pk=run.variant_id).update(jurisdiction=jurisdiction)
    run.variant.refresh_from_db()
    with translation.override("en"):
        data = certificate_data(run=run, kind="draft")
    assert data.language == jurisdiction.language
    pdf = sign_pdf(render_certificate(data), reason="test")
    text = _text(pdf)
    missing = [h for h in headings if h not in text]
    assert not missing, missing
    assert "Mathematical analysis" not in text and "Certificate of Game Evaluation" not in text
    assert _edge_text(run, jurisdiction.language).replace("\u00a0", " ") in text
    exact = Fraction(run.exact["bets"]["main"]["ev_fraction"])
    assert f"{exact.numerator}/{exact.denominator}" in text
    assert validate_pdf(pdf, trusted_certificates()).ok


def test_an_admin_sets_a_profiles_language_and_a_language_we_do_not_write_is_refused(api, adam):
    nevada = Jurisdiction.objects.get(code="nevada")
    bad = api(adam).patch(f"/api/v1/jurisdictions/{nevada.pk}/", {"language": "fr"}, format="json")
    assert bad.status_code == 400 and "language" in bad.data
    good = api(adam).patch(f"/api/v1/jurisdictions/{nevada.pk}/", {"language": "es"}, format="json")
    assert good.status_code == 200 and Jurisdiction.objects.get(code="nevada").language == "es"
