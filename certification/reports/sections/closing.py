"""Sections 6 and 7: how to reproduce every figure, and the approval."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from ..data import CertificateData
from ..styles import INK, MUTED, REGULAR
from ..tables import facts, grid, para
from . import body, escape, heading


def reproducibility_section(data: CertificateData, width: float) -> list[Flowable]:
    rep = data.reproducibility
    story: list[Flowable] = [
        heading("6 Reproducibility"),
        body("Everything this certificate states can be recomputed from the inputs below with "
             "the software version named: the exact analysis is deterministic, and every random "
             "figure comes from the seeds listed."),
        facts([("Software version", para(escape(rep.software_version), "cell_mono")),
               ("Source revision", para(escape(rep.git_commit or "not recorded"), "cell_mono"))],
              width, 0.26),
    ]
    if rep.inputs_sha256:
        story.append(heading("6.1 Inputs", 1))
        story.append(grid(["Input", "SHA-256"],
                          [[para(escape(k)), para(escape(v), "cell_mono")]
                           for k, v in rep.inputs_sha256.items()],
                          [0.26, 0.74], width, numeric_from=2))
    if rep.seeds:
        story.append(heading("6.2 Seeds", 1))
        story.append(grid(["Randomised step", "Seed"],
                          [[para(escape(k)), para(escape(v), "cell_mono")]
                           for k, v in rep.seeds.items()],
                          [0.26, 0.74], width, numeric_from=2))
    if rep.parameters:
        story.append(heading("6.3 Parameters", 1))
        story.append(grid(["Parameter", "Value"],
                          [[para(escape(k)), para(escape(v), "cell_mono")]
                           for k, v in rep.parameters.items()],
                          [0.26, 0.74], width, numeric_from=2))
    story.append(heading("6.4 This document", 1))
    story.append(facts([
        ("SHA-256 of this file", "The SHA-256 of this file is recorded in the issuing "
         "installation's register when the certificate is issued. A file cannot contain its "
         "own hash, so it is kept outside the document: compute the SHA-256 of the file you "
         "hold and compare it with the register entry for certificate "
         f"<b>{escape(data.certificate_number)}</b>."),
        ("Embedded identity", "The document metadata names this certificate number and its "
         "status, so a file can be matched to its register entry."),
    ], width, 0.26))
    return story


def approval_section(data: CertificateData, width: float) -> list[Flowable]:
    if data.is_draft:
        statement = ("This certificate is a <b>draft</b>. It has not been approved and "
                     "certifies nothing until an approver signs it.")
    else:
        statement = (f"Approved on {data.approved.isoformat()} by {escape(data.approver)} "
                     f"for {escape(data.jurisdiction)}, on the evidence of sections 1 to 6.")
    sign = Table(
        [["", ""],
         [para(f"Approver: {escape(data.approver or '')}", "small"),
          para(f"Date: {data.approved.isoformat() if data.approved else ''}", "small")]],
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
        heading("7 Approval"),
        body(statement),
        body(f"Issued {data.issued.isoformat()} by {escape(data.laboratory)} to "
             f"{escape(data.submitter)}."),
        Spacer(1, 4 * mm),
        sign,
    ])]
