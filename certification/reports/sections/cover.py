"""The first page: who certifies what, for whom, and the verdict with its reasons."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from ..data import CertificateData
from ..fmt import bet_name, pct
from ..styles import FAIL, FAIL_FILL, MUTED, PASS, PASS_FILL, REGULAR, hexcolour
from ..tables import facts, grid, para
from ..verdict import checks
from . import body, escape


def cover(data: CertificateData, width: float) -> list[Flowable]:
    status = ('<font color="#c62828"><b>DRAFT</b></font>: not valid as a certificate until '
              "approved" if data.is_draft else "<b>Approved</b>")
    approved = (f"{data.approved.isoformat()} by {escape(data.approver)}" if data.approved
                else "not yet approved")
    variant = escape(data.variant_name)
    if data.preset:
        source = f" ({escape(data.preset_source)})" if data.preset_source else ""
        variant += f"<br/><font size=7.5 color='#5b6573'>preset {escape(data.preset)}{source}</font>"
    rows = [
        ("Certificate number", f"<b>{escape(data.certificate_number)}</b>"),
        ("Status", status),
        ("Game", escape(data.game)),
        ("Rule variant", variant),
        ("Paytable version", f"version {data.paytable_version}"),
        ("Jurisdiction", escape(data.jurisdiction)),
        ("Submitted by", escape(data.submitter)),
        ("Issued", data.issued.isoformat()),
        ("Approved", approved),
    ]
    story: list[Flowable] = [
        body(escape(data.laboratory).upper(), "kicker"),
        body("Certificate of Game Evaluation", "title"),
        body("Mathematics of the rule variant and paytable, confirmation by simulation, and "
             "evaluation of the randomness of the deal", "subtitle"),
        facts(rows, width, 0.26),
        Spacer(1, 6 * mm),
        verdict_box(data, width),
        Spacer(1, 5 * mm),
        body("Headline figures", "h3"),
        headline_figures(data, width),
        body("Per initial wager, under the optimal strategy of section 3; a negative house edge "
             "is a player advantage.", "small"),
    ]
    return story


def verdict_box(data: CertificateData, width: float) -> Table:
    verdict = data.verdict
    colour, fill = (PASS, PASS_FILL) if verdict.approvable else (FAIL, FAIL_FILL)
    if data.is_draft:
        headline = ("Verdict: APPROVABLE" if verdict.approvable else "Verdict: NOT APPROVABLE")
    else:
        headline = "Verdict: APPROVED" if verdict.approvable else "Verdict: NOT APPROVABLE"
    inner = width - 16
    content: list[Flowable] = [
        para(f'<font color="{hexcolour(colour)}">{headline}</font>', "verdict"),
        Spacer(1, 2),
    ]
    found = checks(data.exact, data.simulation, data.nist, data.shuffle_battery, data.procedure)
    # Reasons that only repeat a row of the checks table are not printed twice.
    shown = {f"{c.name}: {c.detail}" for c in found}
    for reason in verdict.reasons:
        if reason not in shown or not verdict.approvable:
            content.append(para(f"• {escape(reason)}", "cell"))
    marks = {True: ("✓ pass", PASS), False: ("✗ fail", FAIL), None: ("– not assessed", MUTED)}
    rows = [[marks[c.passed][0], c.name, escape(c.detail)] for c in found]
    table = grid(["Result", "Check", "Evidence"], [[r[0], r[1], para(r[2])] for r in rows],
                 [0.15, 0.33, 0.52], inner, numeric_from=3,
                 extra=[("TEXTCOLOR", (0, i + 1), (0, i + 1), marks[c.passed][1])
                        for i, c in enumerate(found)])
    content += [Spacer(1, 4), table]
    if data.is_draft:
        content.append(Spacer(1, 4))
        content.append(para('<font color="#c62828">This is a draft for review. It certifies '
                            "nothing until an approver signs it.</font>", "small"))
    box = Table([[content]], colWidths=[width])
    box.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 8),
        ("BOX", (0, 0), (-1, -1), 1.4, colour),
        ("BACKGROUND", (0, 0), (-1, -1), fill),
        ("LEFTPADDING", (0, 0), (-1, -1), 8),
        ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 7),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
    ]))
    return box


def headline_figures(data: CertificateData, width: float) -> Table:
    rows = []
    for name, bet in data.exact["bets"].items():
        edge = pct(bet["house_edge"])
        if bet["house_edge"] < 0:
            edge = f'<font color="#c62828"><b>{edge} (player advantage)</b></font>'
        rows.append([bet_name(name), para(edge, "cell_right"), pct(bet["element_of_risk"]),
                     f"{bet['sd']:.4f}", pct(bet["p_win"], 2)])
    return grid(["Bet", "House edge", "Element of risk", "SD", "Win frequency"], rows,
                [0.22, 0.34, 0.17, 0.11, 0.16], width)
