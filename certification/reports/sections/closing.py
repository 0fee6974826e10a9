"""Sections 6 and 7: how to reproduce every figure, and the approval."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from ..data import CertificateData
from ..fmt import count, date
from ..i18n import _
from ..styles import INK, MUTED, REGULAR
from ..tables import facts, grid, para
from . import body, escape, heading


def reproducibility_section(data: CertificateData, width: float) -> list[Flowable]:
    rep = data.reproducibility
    story: list[Flowable] = [
        heading(_("6 Reproducibility")),
        body(_("Everything this certificate states can be recomputed from the inputs below with "
               "the software version named: the exact analysis is deterministic, and every "
               "random figure comes from the seeds listed.")),
        facts([(_("Software version"), para(escape(rep.software_version), "cell_mono")),
               (_("Source revision"), para(escape(rep.git_commit or _("not recorded")), "cell_mono"))],
              width, 0.26),
    ]
    if rep.inputs_sha256:
        story.append(heading(_("6.1 Inputs"), 1))
        story.append(grid([_("Input"), "SHA-256"],
                          [[para(escape(_(k))), para(escape(v), "cell_mono")]
                           for k, v in rep.inputs_sha256.items()],
                          [0.26, 0.74], width, numeric_from=2))
    if rep.seeds:
        story.append(heading(_("6.2 Seeds"), 1))
        story.append(grid([_("Randomised step"), _("Seed")],
                          [[para(escape(_(k))), para(escape(v), "cell_mono")]
                           for k, v in rep.seeds.items()],
                          [0.26, 0.74], width, numeric_from=2))
    if rep.parameters:
        story.append(heading(_("6.3 Parameters"), 1))
        story.append(grid([_("Parameter"), _("Value")],
                          [[para(escape(_(k))), para(escape(count(v) if isinstance(v, int) else v),
                                                     "cell_mono")]
                           for k, v in rep.parameters.items()],
                          [0.26, 0.74], width, numeric_from=2))
    story.append(heading(_("6.4 This document"), 1))
    story.append(facts([
        (_("SHA-256 of this file"), _(
            "The SHA-256 of this file is recorded in the issuing installation's register when "
            "the certificate is issued. A file cannot contain its own hash, so it is kept "
            "outside the document: compute the SHA-256 of the file you hold and compare it with "
            "the register entry for certificate <b>{number}</b>.").format(
                number=escape(data.certificate_number))),
        (_("Embedded identity"), _("The document metadata names this certificate number and "
                                   "its status, so a file can be matched to its register entry.")),
    ], width, 0.26))
    return story


def approval_section(data: CertificateData, width: float) -> list[Flowable]:
    if data.is_draft:
        statement = _("This certificate is a <b>draft</b>. It has not been approved and "
                      "certifies nothing until an approver signs it.")
    else:
        statement = _("Approved on {date} by {approver} for {jurisdiction}, on the evidence of "
                      "sections 1 to 6.").format(date=date(data.approved),
                                                  approver=escape(data.approver),
                                                  jurisdiction=escape(data.jurisdiction))
    sign = Table(
        [["", ""],
         [para(_("Approver: {name}").format(name=escape(data.approver or "")), "small"),
          para(_("Date: {date}").format(date=date(data.approved) if data.approved else ""),
               "small")]],
        colWidths=[width * 0.55, width * 0.45], rowHeights=[16 * mm, None])
    sign.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 8),
        ("LINEBELOW", (0, 0), (0, 0), 0.6, INK),
        ("LINEBELOW", (1, 0), (1, 0), 0.6, INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (0, -1), 18),
        ("TEXTCOLOR", (0, 0), (-1, -1), MUTED),
    ]))
    return [Spacer(1, 6 * mm), KeepTogether([
        heading(_("7 Approval")),
        body(statement),
        body(_("Issued {date} by {laboratory} to {submitter}.").format(
            date=date(data.issued), laboratory=escape(data.laboratory),
            submitter=escape(data.submitter)) if data.submitter else
             _("Issued {date} by {laboratory}.").format(date=date(data.issued),
                                                        laboratory=escape(data.laboratory))),
        Spacer(1, 4 * mm),
        sign,
    ])]
