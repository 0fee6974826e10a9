"""Fonts, colours and paragraph styles of the certificate.

The fonts ship with the package (see fonts/LICENSE) and are embedded as TrueType subsets, so
the text of every certificate is extractable and it prints the same on any machine.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, Table, TableStyle

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "TablecertSans"
BOLD = "TablecertSans-Bold"
MONO = "TablecertMono"

INK = colors.HexColor("#1d2430")
NAVY = colors.HexColor("#1f3a5f")
MUTED = colors.HexColor("#5b6573")
RULE = colors.HexColor("#c9d1dc")
HEAD_FILL = colors.HexColor("#e8edf3")
ZEBRA = colors.HexColor("#f6f8fa")
PASS = colors.HexColor("#2e7d32")
PASS_FILL = colors.HexColor("#edf7ee")
FAIL = colors.HexColor("#c62828")
FAIL_FILL = colors.HexColor("#fdecea")
NEUTRAL_FILL = colors.HexColor("#f3f4f6")
DRAFT = colors.HexColor("#c62828")


def hexcolour(colour: colors.Color) -> str:
    """A colour as Paragraph markup writes it: #rrggbb."""
    return "#" + colour.hexval()[2:]


@cache
def register_fonts() -> None:
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFont(TTFont(MONO, str(FONT_DIR / "DejaVuSansMono.ttf")))
    # No oblique face ships: <i> falls back to the upright face rather than a missing font.
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR,
                                  boldItalic=BOLD)


def _style(name: str, **kw) -> ParagraphStyle:
    base = {"fontName": REGULAR, "fontSize": 9, "leading": 12.5, "textColor": INK}
    base.update(kw)
    return ParagraphStyle(name, **base)


@cache
def styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    return {
        "body": _style("body", spaceAfter=4),
        "small": _style("small", fontSize=7.5, leading=10, textColor=MUTED),
        "small_ink": _style("small_ink", fontSize=7.5, leading=10),
        "cell": _style("cell", fontSize=8, leading=10),
        "cell_right": _style("cell_right", fontSize=8, leading=10, alignment=TA_RIGHT),
        "cell_bold": _style("cell_bold", fontName=BOLD, fontSize=8, leading=10),
        "cell_mono": _style("cell_mono", fontName=MONO, fontSize=7.5, leading=9.5),
        "h1": _style("h1", fontName=BOLD, fontSize=14, leading=18, textColor=NAVY,
                     spaceBefore=4, spaceAfter=8),
        "h2": _style("h2", fontName=BOLD, fontSize=11, leading=14, textColor=NAVY,
                     spaceBefore=10, spaceAfter=5),
        "h3": _style("h3", fontName=BOLD, fontSize=9.5, leading=12.5, textColor=INK,
                     spaceBefore=8, spaceAfter=3),
        "clause_title": _style("clause_title", fontName=BOLD, fontSize=9, leading=12),
        "reading": _style("reading", fontSize=8.5, leading=11.5, textColor=NAVY, leftIndent=10,
                          spaceAfter=2),
        "kicker": _style("kicker", fontName=BOLD, fontSize=8.5, leading=11, textColor=MUTED,
                         alignment=TA_LEFT),
        "title": _style("title", fontName=BOLD, fontSize=22, leading=27, textColor=NAVY,
                        spaceAfter=2),
        "subtitle": _style("subtitle", fontSize=10.5, leading=14, textColor=MUTED,
                           spaceAfter=12),
        "verdict": _style("verdict", fontName=BOLD, fontSize=13, leading=16),
        "caption": _style("caption", fontSize=7.5, leading=10, textColor=MUTED,
                          alignment=TA_CENTER, spaceBefore=2, spaceAfter=8),
        "toc0": _style("toc0", fontName=BOLD, fontSize=10, leading=15, leftIndent=0),
        "toc1": _style("toc1", fontSize=9, leading=13, leftIndent=16),
        "warning": _style("warning", fontName=BOLD, fontSize=9, leading=12, textColor=FAIL),
    }


def grid(rows: list[list], widths: list[float]) -> Table:
    """A table of the reports' own look: a shaded head row repeated on each page, zebra rows."""
    s = styles()
    cells = [[Paragraph(str(c), s["cell_bold"] if r == 0 else s["cell"]) for c in row]
             for r, row in enumerate(rows)]
    table = Table(cells, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, ZEBRA]),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    return table
