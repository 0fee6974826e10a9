"""``certify`` writes a certificate whose figures are the run's, and ``verify-report`` knows it."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from casino.models import GameVariant
from casino.rules import PRESETS
from certification.models import CertificationRun, IssuedReport, RunStatus
from certification.reports.fmt import pct
from certification.services.pipeline import certification_run_perform_locally
from certification.services.runs import certification_run_create
from tests.certification.evidence import bad_card_log
from tests.support.files import stored_bytes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def _flat(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def _verify(path):
    out = io.StringIO()
    call_command("verify-report", str(path), stdout=out)
    return out.getvalue()


def test_certify_writes_the_certificate_and_verify_report_accepts_it(tmp_path):
    out = tmp_path / "X.pdf"
    call_command("certify", "seven-half-casino", "--rounds", "200000", "--out", str(out),
                 "--workers", "1", stdout=io.StringIO(), stderr=io.StringIO())
    run = CertificationRun.objects.get()
    text = _flat(out.read_bytes())
    assert run.status == RunStatus.DONE and run.certificate_number in text
    assert pct(run.exact["bets"]["main"]["house_edge"]) in text
    assert "200,000" in text and f"simulation root seed {run.seed}" in text
    assert IssuedReport.objects.filter(sha256=run.report_sha256).exists()
    # A certified run not yet approved is a genuine draft: authentic, and its own exit status.
    printed = io.StringIO()
    with pytest.raises(CommandError, match="DRAFT") as draft:
        call_command("verify-report", str(out), stdout=printed)
    assert draft.value.returncode == 8 and "AUTHENTIC" in printed.getvalue()

    altered = tmp_path / "altered.pdf"
    altered.write_bytes(out.read_bytes() + b"\n% one byte more than was issued\n")
    with pytest.raises(CommandError, match=f"claims to be certificate {run.certificate_number}"):
        _verify(altered)


def test_a_pdf_that_is_no_certificate_is_not_verified(tmp_path):
    path = tmp_path / "random.pdf"
    canvas = Canvas(str(path))
    canvas.drawString(100, 700, "Certificate TC-2026-000001, honest")
    canvas.save()
    with pytest.raises(CommandError, match="NOT VERIFIED: .* is not a certificate of this installation"):
        _verify(path)


def test_a_bad_shuffle_log_names_the_line_and_writes_no_run(tmp_path):
    log = tmp_path / "log.csv"
    log.write_text(bad_card_log())
    with pytest.raises(CommandError, match=r"--shuffle-log: .*line 4: unknown card 'ZZ'"):
        call_command("certify", "seven-half-casino", "--rounds", "1000", "--out", str(tmp_path / "x.pdf"),
                     "--shuffle-log", str(log), stdout=io.StringIO(), stderr=io.StringIO())
    assert not CertificationRun.objects.exists() and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_certificate_states_the_runs_figures(preset):
    call_command("load_presets", stdout=io.StringIO())
    variant = GameVariant.objects.filter(preset=preset, created_by__isnull=True).first()
    run = certification_run_create(variant=variant, paytable_version=variant.paytable.latest_version,
                                   requested_by=None, rounds=20_000, seed=31)
    certification_run_perform_locally(run=run, workers=1)
    run.refresh_from_db()
    text = _flat(stored_bytes(run.report))
    assert run.certificate_number in text and "20,000" in text and "simulation root seed 31" in text
    for bet, figures in run.exact["bets"].items():
        assert pct(figures["house_edge"]) in text, bet
    for bet, figures in run.simulation["bets"].items():
        assert pct(figures["house_edge"]) in text, bet
    verdict = "NOT APPROVABLE" if not run.approvable else "APPROVABLE"
    assert verdict.lower() in text.lower()


def test_certify_takes_a_rule_variant_json_file_and_stores_it_as_a_draft(tmp_path):
    from casino.rules import rules_to_json, with_overrides

    rules = with_overrides(PRESETS["sette-e-mezzo"], ["payouts.natural=5/2"])
    source = tmp_path / "sette-reale.json"
    source.write_text(rules_to_json(rules))
    out = tmp_path / "sette.pdf"
    call_command("certify", str(source), "--rounds", "20000", "--out", str(out), "--workers", "1",
                 stdout=io.StringIO(), stderr=io.StringIO())
    variant = GameVariant.objects.get(name="sette-reale")
    run = CertificationRun.objects.get(variant=variant)
    assert run.status == RunStatus.DONE and variant.paytable.latest_version.payouts["natural"] == "5/2"
    assert stored_bytes(run.report) == out.read_bytes()


def test_certify_names_what_it_cannot_find(tmp_path):
    with pytest.raises(CommandError, match="no preset, JSON file or variant named 'nothing'"):
        call_command("certify", "nothing", "--out", str(tmp_path / "x.pdf"), stderr=io.StringIO())
    with pytest.raises(CommandError, match="--shuffle-log: .* is not a file"):
        call_command("certify", "sette-e-mezzo", "--out", str(tmp_path / "x.pdf"),
                     "--shuffle-log", str(tmp_path / "missing.csv"), stderr=io.StringIO())
    assert not CertificationRun.objects.exists()
