"""Building a full certificate against building plain text of the same length.

The certificate is laid out several times (the contents need final page numbers), draws
tables, charts and a heat map of 1,600 cells; the baseline is the same number of pages of
plain paragraphs in the same embedded fonts, built once, in the same run. The ratio is what
the certificate's structure costs, independent of how loaded the machine is.
"""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

from certification.reports import CertificateRenderer
from certification.reports.styles import REGULAR, styles
from tests.benchmarks.conftest import best_of
from tests.reports.samples import certificate_for

LINE = ("The dealer draws while its total is below 6 and stands at 6 or more; the dealer "
        "never takes a third card. ")


def _plain_document(pages: int) -> bytes:
    buffer = io.BytesIO()
    story = []
    for _ in range(pages):
        story += [Paragraph(LINE * 6, styles()["body"]) for _ in range(9)] + [PageBreak()]
    SimpleDocTemplate(buffer, pagesize=A4, invariant=1, initialFontName=REGULAR).build(story)
    return buffer.getvalue()


def test_full_certificate_build(record_figure):
    # Analysis and simulation are inputs made before the clock starts: only the PDF is timed.
    data = certificate_for("seven-half-casino")
    renderer = CertificateRenderer(invariant=True)
    # The first render also parses the fonts, once per process as in a long-lived worker.
    pages = len(PdfReader(io.BytesIO(renderer.render(data))).pages)
    full = best_of(lambda: renderer.render(data), repeat=3)
    baseline = best_of(lambda: _plain_document(max(pages, 1)), repeat=3)
    figure = record_figure(
        "full certificate, seven-half-casino",
        full,
        "s",
        baseline_name=f"{pages} pages of plain paragraphs, one pass",
        baseline_value=baseline,
        higher_is_better=False,
        target="< 2 s",
    )
    assert figure.value < 2
