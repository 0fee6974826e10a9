"""One module per part of the certificate; each returns its flowables for the story."""

from __future__ import annotations

from reportlab.platypus import Paragraph

from ..styles import styles

HEADING_STYLES = ("h1", "h2")


def heading(text: str, level: int = 0) -> Paragraph:
    """A numbered heading that goes into the contents and the PDF outline."""
    paragraph = Paragraph(text, styles()[HEADING_STYLES[level]])
    paragraph.toc_level = level
    return paragraph


def subheading(text: str) -> Paragraph:
    return Paragraph(text, styles()["h3"])


def body(text: str, style: str = "body") -> Paragraph:
    return Paragraph(text, styles()[style])


def escape(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
