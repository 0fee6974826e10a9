"""The field-trial report for final approval: the trial's facts lead, every sentence about the
trial comes from one table of text, and what a file is called cannot break the page."""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import replace

from pypdf import PdfReader

from certification.reports.field_trial import (
    DayPoint,
    FieldTrialData,
    TableSection,
    TrialFacts,
    TrialFile,
    render_field_trial,
)
from certification.reports.field_trial_text import TRIAL_TEXT
from certification.reports.i18n import _, writing_in

DAY = dt.date(2026, 9, 1)


def data(**facts) -> FieldTrialData:
    series = [DayPoint(DAY + dt.timedelta(days=i), 120.0 - i, 100.0, 40.0) for i in range(5)]
    table = TableSection(table_id="FT-1", variant="Sette trial", paytable_version=1, players="optimal 100%",
                         seats=7, days=5, rounds=1500, handle=7500.0, win=590.0, expected=500.0, sd=89.0,
                         z=1.01, house_edge=0.0667, drift_date=DAY + dt.timedelta(days=2),
                         drift_direction="players win more", series=series)
    trial = TrialFacts(**{
        "jurisdiction": "Silver State", "variant": "Sette trial", "paytable_version": 1, "certificate": "TC-7",
        "decision_reference": "SS-FT-1", "host_property": "Silver Palace", "table_limit": 2,
        "effective": DAY, "days_elapsed": 45, "days_required": 30, "rounds": 12_345, "min_rounds": 5_000,
        "alarms_posted": 1, "files": [TrialFile("march & april <final>.csv", "ab" * 32, DAY, 5, 1)], **facts})
    return FieldTrialData(title="Field trial: results against theory", generated=DAY, source="x.csv",
                          sha256="ab" * 32, alpha=0.01, method_days="days", method_drift="drift",
                          tables=[table], trial=trial)


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def test_the_trial_leads_the_report():
    text = text_of(render_field_trial(data(), invariant=True))
    assert text.startswith(TRIAL_TEXT["title"])
    assert "Silver State · Sette trial, paytable v1 · certificate TC-7" in text
    assert "45 elapsed of the 30 required" in text and "12,345 of the 5,000 required" in text
    assert "SS-FT-1" in text and "Silver Palace" in text and "march & april <final>.csv" in text
    assert text.index(TRIAL_TEXT["files_heading"]) < text.index("Table FT-1") and "DRIFT from 2026-09-03" in text


def test_a_trial_without_minimum_days_says_so():
    text = text_of(render_field_trial(data(days_required=None, table_limit=None, files=[]), invariant=True))
    assert "45 elapsed (no minimum)" in text and TRIAL_TEXT["no_limit"] in text and TRIAL_TEXT["no_files"] in text


def test_the_same_data_gives_the_same_bytes():
    assert render_field_trial(data(), invariant=True) == render_field_trial(data(), invariant=True)


def _english_fragments(sentence: str) -> list[str]:
    """The words of a sentence between its placeholders, long enough to mean something."""
    return [part.strip() for part in re.split(r"\{[^}]*\}", sentence) if len(part.strip()) >= 6]


def test_the_report_for_an_italian_jurisdiction_tells_the_trial_in_italian():
    italian = text_of(render_field_trial(replace(data(), language="it"), invariant=True))
    italian += " " + text_of(render_field_trial(
        replace(data(days_required=None, table_limit=None, files=[]), language="it"), invariant=True))
    assert italian.startswith("Sperimentazione sul campo: rapporto per l'approvazione finale")
    assert "La prova sul campo" in italian and "Proprietà ospitante Silver Palace" in italian
    assert "12.345 delle 5.000 richieste" in italian and "1 set 2026" in italian
    with writing_in("it"):
        translated = [sentence for sentence in TRIAL_TEXT.values() if _(sentence) != sentence]
    assert len(translated) >= len(TRIAL_TEXT) - 2  # "File" and "SHA-256" are the same words
    leftovers = [part for sentence in translated for part in _english_fragments(sentence) if part in italian]
    assert not leftovers, leftovers
