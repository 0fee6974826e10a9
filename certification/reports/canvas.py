"""Page furniture: header, footer with "Page x of y", the draft watermark and the metadata.

The page total is only known once the story is laid out, so the canvas keeps every page's
state and draws the furniture when the document is saved (the NumberedCanvas recipe).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from .i18n import _
from .styles import BOLD, DRAFT, MUTED, NAVY, REGULAR, RULE

META_CERTIFICATE = "TablecertCertificate"
META_STATUS = "TablecertStatus"


@dataclass(frozen=True)
class Furniture:
    certificate_number: str
    status: str
    laboratory: str
    left_margin: float
    right_margin: float


class _CertificateInfo(PDFInfo):
    """The standard Info entries plus the certificate's own, for tools that verify a file."""

    extra: dict[str, str] = {}

    def format(self, document):
        entries = {
            "Title": PDFString(self.title),
            "Author": PDFString(self.author),
            "Subject": PDFString(self.subject),
            "Keywords": PDFString(self.keywords),
            "Creator": PDFString(self.creator),
            "Producer": PDFString(self.producer),
            "Trapped": PDFName(self.trapped),
        }
        entries["CreationDate"] = entries["ModDate"] = PDFDate(
            ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries.update({key: PDFString(value) for key, value in self.extra.items()})
        return PDFDictionary(entries).format(document)


class NumberedCanvas(Canvas):
    def __init__(self, *args, furniture: Furniture, **kwargs):
        super().__init__(*args, **kwargs)
        self._furniture = furniture
        self._page_states: list[dict] = []
        info = _CertificateInfo()
        info.extra = {META_CERTIFICATE: furniture.certificate_number,
                      META_STATUS: furniture.status}
        self._doc.info = info

    def showPage(self):
        self._page_states.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._page_states)
        for state in self._page_states:
            self.__dict__.update(state)
            self._draw_furniture(total)
            super().showPage()
        super().save()

    def _draw_furniture(self, total: int) -> None:
        f = self._furniture
        width, height = self._pagesize
        left, right = f.left_margin, width - f.right_margin
        self.saveState()
        top = height - 12 * mm
        self.setFont(BOLD, 8)
        self.setFillColor(NAVY)
        self.drawString(left, top, f.laboratory)
        self.drawRightString(right, top, _("Certificate {number}").format(number=f.certificate_number))
        self.setStrokeColor(RULE)
        self.setLineWidth(0.6)
        self.line(left, top - 3 * mm, right, top - 3 * mm)
        bottom = 10 * mm
        self.line(left, bottom + 4 * mm, right, bottom + 4 * mm)
        self.setFont(REGULAR, 7.5)
        self.setFillColor(DRAFT if f.status == "draft" else MUTED)
        status = (_("DRAFT: not valid as a certificate") if f.status == "draft"
                  else _("Certificate {number}: approved").format(number=f.certificate_number))
        self.drawString(left, bottom, status)
        self.setFillColor(MUTED)
        self.drawRightString(right, bottom, _("Page {page} of {total}").format(
            page=self._pageNumber, total=total))
        self.restoreState()


def draw_watermark(canv: Canvas, doc) -> None:
    """A draft says so across every page, under the content, so no page passes for final."""
    if getattr(doc, "is_draft", False):
        width, height = doc.pagesize
        canv.saveState()
        canv.setFillColor(DRAFT, alpha=0.09)
        canv.setFont(BOLD, 110)
        canv.translate(width / 2, height / 2)
        canv.rotate(50)
        canv.drawCentredString(0, -38, _("DRAFT"))
        canv.restoreState()
    canv.setFillColor(MUTED)
