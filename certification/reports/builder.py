"""The certificate renderer: plain data in, PDF bytes out.

Shaped like pretix's invoice renderer: class attributes for the page, overridable hooks for
the document template, the canvas and the story, and ``generate`` returning a file name,
a content type and the bytes. The contents page needs the page numbers of a finished layout,
so the document is built in several passes (``multiBuild``) until they stop moving.
"""

from __future__ import annotations

import functools
import io

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from .canvas import Furniture, NumberedCanvas, draw_watermark
from .data import CertificateData
from .i18n import _, current_language, writing_in
from .sections import body
from .sections.closing import approval_section, reproducibility_section
from .sections.cover import cover
from .sections.maths import maths_section
from .sections.protection import protection_annex
from .sections.randomness import randomness_section
from .sections.rules import paytable_section, rules_section
from .sections.simulation import simulation_section
from .styles import REGULAR, register_fonts, styles


class CertificateDocTemplate(BaseDocTemplate):
    """Feeds every numbered heading to the contents and to the PDF outline."""

    def __init__(self, *args, is_draft: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.is_draft = is_draft
        self._heading_count = 0

    def beforeDocument(self):
        # Each multiBuild pass must hand out the same bookmark keys in the same order.
        self._heading_count = 0

    def afterFlowable(self, flowable):
        level = getattr(flowable, "toc_level", None)
        if level is None:
            return
        self._heading_count += 1
        key = f"section-{self._heading_count}"
        text = flowable.getPlainText()
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)
        self.notify("TOCEntry", (level, text, self.page, key))


class CertificateRenderer:
    pagesize = A4
    left_margin = 20 * mm
    right_margin = 20 * mm
    top_margin = 22 * mm
    bottom_margin = 20 * mm
    doc_template_class = CertificateDocTemplate
    canvas_class = NumberedCanvas

    def __init__(self, *, invariant: bool = False):
        self.invariant = invariant

    def generate(self, data: CertificateData) -> tuple[str, str, bytes]:
        return f"certificate-{data.certificate_number}.pdf", "application/pdf", self.render(data)

    def render(self, data: CertificateData, *, invariant: bool | None = None) -> bytes:
        """The certificate as PDF bytes, in its jurisdiction's language; ``invariant`` makes
        them identical run to run."""
        with writing_in(data.language):
            return self._render(data, invariant)

    def _render(self, data: CertificateData, invariant: bool | None) -> bytes:
        register_fonts()
        buffer = io.BytesIO()
        doc = self._build_doc(buffer, data, self.invariant if invariant is None else invariant)
        furniture = Furniture(data.certificate_number, data.status, data.laboratory,
                              self.left_margin, self.right_margin)
        doc.multiBuild(self._get_story(data, doc),
                       canvasmaker=functools.partial(self.canvas_class, furniture=furniture))
        return buffer.getvalue()

    def _build_doc(self, buffer: io.BytesIO, data: CertificateData, invariant: bool
                   ) -> BaseDocTemplate:
        doc = self.doc_template_class(
            buffer,
            pagesize=self.pagesize,
            leftMargin=self.left_margin,
            rightMargin=self.right_margin,
            topMargin=self.top_margin,
            bottomMargin=self.bottom_margin,
            invariant=1 if invariant else 0,
            is_draft=data.is_draft,
            title=_("Certificate {number}: {game}, {variant}").format(
                number=data.certificate_number, game=_(data.game), variant=data.variant_name),
            author=data.laboratory,
            subject=_("Certificate {number} ({status})").format(
                number=data.certificate_number, status=_(data.status)),
            keywords=(f"certificate={data.certificate_number}; status={data.status}; "
                      f"jurisdiction={data.jurisdiction}"),
            creator=data.reproducibility.software_version,
            lang=current_language(),
            # Without it every page names Helvetica, a font no certificate should depend on.
            initialFontName=REGULAR,
            initialFontSize=9,
        )
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        doc.addPageTemplates([PageTemplate(id="Page", frames=[frame], onPage=draw_watermark)])
        return doc

    def _get_story(self, data: CertificateData, doc: BaseDocTemplate) -> list:
        width = doc.width
        s = styles()
        toc = TableOfContents(dotsMinLevel=0)
        toc.levelStyles = [s["toc0"], s["toc1"]]
        toc.tableStyle = TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 9),
                                     ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                     ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                     ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
        story = cover(data, width)
        story += [PageBreak(), body(_("Contents"), "h1"), toc, PageBreak()]
        story += rules_section(data, width)
        story += paytable_section(data, width)
        for section in (maths_section, simulation_section, randomness_section,
                        reproducibility_section):
            story += [PageBreak(), *section(data, width)]
        story += approval_section(data, width)
        story += protection_annex(data, width)
        return story
