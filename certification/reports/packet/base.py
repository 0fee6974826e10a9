"""Page furniture and the document template shared by every packet document.

The same fonts, colours and table shapes as the certificate; every page names the
document, the variant and the certificate it rests on, and counts "Page x of y".
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from ..fmt import date
from ..i18n import _, writing_in
from ..styles import BOLD, MUTED, NAVY, REGULAR, RULE, register_fonts
from .data import PacketData

MARGIN = 20 * mm


@dataclass(frozen=True)
class Furniture:
    left: str
    right: str
    footer: str
    page: str = "Page {page} of {total}"


class PacketCanvas(Canvas):
    """Draws header and footer once the page count is known (the NumberedCanvas recipe)."""

    def __init__(self, *args, furniture: Furniture, **kwargs):
        super().__init__(*args, **kwargs)
        self._furniture = furniture
        self._pages: list[dict] = []

    def showPage(self):
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        for state in self._pages:
            self.__dict__.update(state)
            self._draw(len(self._pages))
            super().showPage()
        super().save()

    def _draw(self, total: int) -> None:
        f = self._furniture
        width, height = self._pagesize
        left, right = MARGIN, width - MARGIN
        self.saveState()
        top = height - 12 * mm
        self.setFont(BOLD, 8)
        self.setFillColor(NAVY)
        self.drawString(left, top, f.left)
        self.drawRightString(right, top, f.right)
        self.setStrokeColor(RULE)
        self.setLineWidth(0.6)
        self.line(left, top - 3 * mm, right, top - 3 * mm)
        self.line(left, 14 * mm, right, 14 * mm)
        self.setFont(REGULAR, 7.5)
        self.setFillColor(MUTED)
        self.drawString(left, 10 * mm, f.footer)
        self.drawRightString(right, 10 * mm, f.page.format(page=self._pageNumber, total=total))
        self.restoreState()


def render(data: PacketData, title: str, story: Callable[[float], list[Flowable]], *,
           pagesize=A4, invariant: bool = False) -> bytes:
    """One packet document as PDF bytes, in the profile's language; ``story(width)`` gives
    its flowables."""
    with writing_in(data.profile.language) as language:
        return _render(data, _(title), story, pagesize=pagesize, invariant=invariant,
                       language=language)


def _render(data: PacketData, title: str, story: Callable[[float], list[Flowable]], *,
            pagesize, invariant: bool, language: str) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=pagesize, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=22 * mm,
        bottomMargin=20 * mm, invariant=1 if invariant else 0,
        title=f"{title}: {_(data.game)}, {data.variant_name}", author=data.laboratory,
        subject=_("{title} ({profile}); certificate {number}").format(
            title=data.profile.submission_title, profile=data.profile.name,
            number=data.certificate_number),
        creator=data.software_version, lang=language, initialFontName=REGULAR, initialFontSize=9,
    )
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="Page", frames=[frame])])
    furniture = Furniture(
        left=f"{data.laboratory} · {data.profile.name}",
        right=title,
        footer=_("{game}, {variant}, paytable v{version} · certificate {number} · {date}").format(
            game=_(data.game), variant=data.variant_name, version=data.paytable_version,
            number=data.certificate_number, date=date(data.issued)),
        page=_("Page {page} of {total}"),
    )
    doc.build(story(doc.width), canvasmaker=functools.partial(PacketCanvas, furniture=furniture))
    return buffer.getvalue()
