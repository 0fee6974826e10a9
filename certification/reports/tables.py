"""The two table shapes of the certificate: labelled facts, and ruled data tables."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Paragraph, Table, TableStyle

from .styles import BOLD, HEAD_FILL, INK, MUTED, NAVY, REGULAR, RULE, ZEBRA, styles


def para(text: str, style: str = "cell") -> Paragraph:
    return Paragraph(text, styles()[style])


def facts(rows: Sequence[tuple[str, object]], width: float, label_share: float = 0.32) -> Table:
    """Label / value pairs, the label muted: the cover's and each section's key facts."""
    data = [[para(label, "small"), value if not isinstance(value, str) else para(value)]
            for label, value in rows]
    table = Table(data, colWidths=[width * label_share, width * (1 - label_share)])
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 8),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def grid(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    shares: Sequence[float],
    width: float,
    *,
    numeric_from: int = 1,
    font_size: float = 8,
    extra: Sequence[tuple] = (),
) -> Table:
    """A ruled table with a shaded header that repeats on every page it runs over.

    Columns from ``numeric_from`` on are right-aligned, so decimals line up for comparison.
    """
    data = [list(header), *[list(r) for r in rows]]
    table = Table(data, colWidths=[s * width for s in shares], repeatRows=1)
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, font_size),
        ("FONT", (0, 1), (-1, -1), REGULAR, font_size),
        ("TEXTCOLOR", (0, 0), (-1, 0), NAVY),
        ("TEXTCOLOR", (0, 1), (-1, -1), INK),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, NAVY),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, MUTED),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
    ]
    if numeric_from < len(header):
        commands.append(("ALIGN", (numeric_from, 0), (-1, -1), "RIGHT"))
    for i in range(2, len(data), 2):
        commands.append(("BACKGROUND", (0, i), (-1, i), ZEBRA))
    table.setStyle(TableStyle([*commands, *extra]))
    return table
