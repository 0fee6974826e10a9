"""The monthly floor summary: one row per active table. Plain data in, PDF bytes out."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from .styles import BOLD, HEAD_FILL, INK, MUTED, NAVY, REGULAR, RULE, ZEBRA, register_fonts


@dataclass(frozen=True)
class SummaryRow:
    table_id: str
    pit: str
    variant: str
    paytable_version: int
    house_edges: dict[str, float | None]
    """Bet -> exact house edge of the approving run (None when no finished run exists)."""
    shuffle_status: str
    shuffle_date: dt.date | None = None


@dataclass(frozen=True)
class SummaryData:
    title: str
    generated: dt.date
    rows: list[SummaryRow] = field(default_factory=list)


def _edges(edges: dict[str, float | None]) -> str:
    if not edges:
        return "not certified"
    return "<br/>".join(
        f"{bet.replace('_', ' ')}: {'—' if edge is None else f'{edge * 100:.4f}%'}"
        for bet, edge in edges.items()
    )


def render_summary(data: SummaryData, *, invariant: bool = False) -> bytes:
    register_fonts()
    body = ParagraphStyle("cell", fontName=REGULAR, fontSize=8.5, leading=11, textColor=INK)
    head = ParagraphStyle("head", parent=body, fontName=BOLD)
    title = ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20, textColor=NAVY)
    muted = ParagraphStyle("muted", parent=body, textColor=MUTED)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=landscape(A4), leftMargin=15 * mm, rightMargin=15 * mm,
        topMargin=15 * mm, bottomMargin=15 * mm, title=data.title, invariant=int(invariant),
    )
    columns = ["Table", "Pit", "Variant", "Paytable", "House edge per bet", "Shuffle certification", "Date"]
    rows = [[Paragraph(c, head) for c in columns]]
    for row in data.rows:
        rows.append([Paragraph(text, body) for text in (
            row.table_id, row.pit or "—", row.variant, f"v{row.paytable_version}",
            _edges(row.house_edges), row.shuffle_status,
            row.shuffle_date.isoformat() if row.shuffle_date else "—",
        )])
    widths = [w * doc.width for w in (0.09, 0.09, 0.2, 0.08, 0.22, 0.2, 0.12)]
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, ZEBRA]),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    story = [
        Paragraph(data.title, title),
        Paragraph(f"Generated {data.generated.isoformat()} · {len(data.rows)} active table(s)", muted),
        Spacer(1, 6 * mm),
        table if data.rows else Paragraph("No table is active on the floor.", body),
    ]
    doc.build(story)
    return buffer.getvalue()
