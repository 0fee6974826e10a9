"""The first page: who certifies what, for whom, and the verdict with its reasons."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from casino.rules.labels import preset_label

from ..data import CertificateData
from ..fmt import bet_name, date, decimal, pct
from ..i18n import _, say
from ..styles import FAIL, FAIL_FILL, MUTED, PASS, PASS_FILL, REGULAR, hexcolour
from ..tables import facts, grid, para
from ..verdict import checks
from . import body, escape


def cover(data: CertificateData, width: float) -> list[Flowable]:
    status = (_('<font color="#c62828"><b>DRAFT</b></font>: not valid as a certificate until '
                "approved") if data.is_draft else _("<b>Approved</b>"))
    approved = (_("{date} by {approver}").format(date=date(data.approved),
                                                 approver=escape(data.approver))
                if data.approved else _("not yet approved"))
    variant = escape(data.variant_name)
    if data.preset:
        source = f" ({escape(say(data.preset_source))})" if data.preset_source else ""
        variant += ("<br/><font size=7.5 color='#5b6573'>"
                    + _("preset {preset}").format(preset=escape(say(preset_label(data.preset))))
                    + f"{source}</font>")
    rows = [
        (_("Certificate number"), f"<b>{escape(data.certificate_number)}</b>"),
        (_("Status"), status),
        (_("Game"), escape(_(data.game))),
        (_("Rule variant"), variant),
        (_("Paytable version"), _("version {n}").format(n=data.paytable_version)),
        (_("Jurisdiction"), escape(data.jurisdiction)),
        (_("Submitted by"), escape(data.submitter)),
        (_("Issued"), date(data.issued)),
        (_("Approved"), approved),
    ]
    story: list[Flowable] = [
        body(escape(data.laboratory).upper(), "kicker"),
        body(_("Certificate of Game Evaluation"), "title"),
        body(_("Mathematics of the rule variant and paytable, confirmation by simulation, and "
               "evaluation of the randomness of the deal"), "subtitle"),
        facts(rows, width, 0.26),
        Spacer(1, 6 * mm),
        verdict_box(data, width),
        Spacer(1, 5 * mm),
        body(_("Headline figures"), "h3"),
        headline_figures(data, width),
        body(_("Per initial wager, under the optimal strategy of section 3; a negative house "
               "edge is a player advantage."), "small"),
    ]
    return story


def verdict_box(data: CertificateData, width: float) -> Table:
    verdict = data.verdict
    colour, fill = (PASS, PASS_FILL) if verdict.approvable else (FAIL, FAIL_FILL)
    if data.is_draft:
        headline = (_("Verdict: APPROVABLE") if verdict.approvable else _("Verdict: NOT APPROVABLE"))
    else:
        headline = _("Verdict: APPROVED") if verdict.approvable else _("Verdict: NOT APPROVABLE")
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
            content.append(para(f"• {escape(say(reason))}", "cell"))
    marks = {True: (_("✓ pass"), PASS), False: (_("✗ fail"), FAIL),
             None: (_("– not assessed"), MUTED)}
    rows = [[marks[c.passed][0], say(c.name), escape(say(c.detail))] for c in found]
    table = grid([_("Result"), _("Check"), _("Evidence")], [[r[0], r[1], para(r[2])] for r in rows],
                 [0.15, 0.33, 0.52], inner, numeric_from=3,
                 extra=[("TEXTCOLOR", (0, i + 1), (0, i + 1), marks[c.passed][1])
                        for i, c in enumerate(found)])
    content += [Spacer(1, 4), table]
    if data.is_draft:
        content.append(Spacer(1, 4))
        content.append(para('<font color="#c62828">' + _(
            "This is a draft for review. It certifies nothing until an approver signs it.")
            + "</font>", "small"))
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
            edge = ('<font color="#c62828"><b>'
                    + _("{edge} (player advantage)").format(edge=edge) + "</b></font>")
        rows.append([bet_name(name), para(edge, "cell_right"), pct(bet["element_of_risk"]),
                     decimal(bet["sd"], 4), pct(bet["p_win"], 2)])
    return grid([_("Bet"), _("House edge"), _("Element of risk"), _("SD"), _("Win frequency")], rows,
                [0.22, 0.34, 0.17, 0.11, 0.16], width)
