"""The rack card (one page, large type) and the table layout (a vector drawing of the felt)."""

from __future__ import annotations

import math

from reportlab.graphics.shapes import Circle, Drawing, Line, Path, Rect, String
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from casino.rules.describe import total
from casino.rules.model import SevenHalfRules
from casino.rules.phrases import N_

from ..fmt import bet_name, pct
from ..i18n import _, say
from ..sections import escape
from ..styles import BOLD, HEAD_FILL, INK, MUTED, NAVY, REGULAR, RULE, register_fonts
from ..tables import para
from .base import render
from .data import PacketData

FELT = colors.HexColor("#1f6b45")
FELT_EDGE = colors.HexColor("#5a3b1e")
PRINT = colors.HexColor("#f2e9c9")
FELT_HANDS = {"Qualifying hand's value equals the die": N_("Hand equals the die")}
"""Pay lines the felt words more briefly than the paytable."""


def _big(name: str, size: float, **kw) -> ParagraphStyle:
    register_fonts()
    return ParagraphStyle(name, fontName=kw.pop("font", REGULAR), fontSize=size,
                          leading=size * 1.25, textColor=kw.pop("color", INK), **kw)


def instructions(data: PacketData) -> list[str]:
    """The few lines printed on the felt, from the certified rules."""
    r = data.rules
    if isinstance(r, SevenHalfRules):
        lines = [_("DEALER DRAWS BELOW {total}, STANDS ON {total}").format(
            total=total(r.dealer_stands_at))]
        lines.append(_("TIES PUSH") if r.ties == "push" else _("BANK WINS TIES"))
        if r.special_card == "wild":
            lines.append(_("KING OF DIAMONDS IS THE MATTA (WILD)"))
        return lines
    return [_("HANDS OF 9, 10 OR 11 QUALIFY · ACES COUNT 0 OR 1"),
            _("DIE: {faces}").format(faces=" ".join(r.die_faces))]


def rack_story(data: PacketData, width: float) -> list[Flowable]:
    title = _big("rack_title", 26, font=BOLD, color=NAVY, alignment=TA_CENTER)
    sub = _big("rack_sub", 13, color=MUTED, alignment=TA_CENTER)
    cell = _big("rack_cell", 15)
    cell_bold = _big("rack_cell_bold", 15, font=BOLD)
    rows = [[Paragraph(escape(say(line.bet)), cell), Paragraph(escape(say(line.hand)), cell),
             Paragraph(escape(say(line.pays)), cell_bold)] for line in data.paytable]
    table = Table(rows, colWidths=[0.22 * width, 0.53 * width, 0.25 * width])
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.8, RULE),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("TOPPADDING", (0, 0), (-1, -1), 6),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
    edges = [[Paragraph(escape(bet_name(b.bet)), cell),
              Paragraph(pct(float(b.house_edge), 2), cell_bold)] for b in data.bets]
    edge_table = Table(edges, colWidths=[0.6 * width, 0.4 * width])
    edge_table.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), HEAD_FILL),
                                    ("LINEBELOW", (0, 0), (-1, -1), 0.8, colors.white),
                                    ("TOPPADDING", (0, 0), (-1, -1), 6),
                                    ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
    return [
        Paragraph(escape(_(data.game).upper()), title),
        Paragraph(_("{variant} · paytable v{version}").format(
            variant=escape(data.variant_name), version=data.paytable_version), sub),
        Spacer(1, 8 * mm), table, Spacer(1, 8 * mm),
        Paragraph(escape(data.term(capital=True)), _big("rack_h", 17, font=BOLD, color=NAVY)),
        Spacer(1, 2 * mm), edge_table, Spacer(1, 6 * mm),
        *[Paragraph(escape(line), _big("rack_rule", 13, alignment=TA_CENTER)) for line in instructions(data)],
        Spacer(1, 6 * mm),
        para(_("Payouts are \"k to 1\": the stake is returned with the win. {term} per initial "
               "wager under the optimal strategy, from the exact analysis of certificate "
               "{number}.").format(term=escape(data.term(capital=True)),
                                   number=escape(data.certificate_number)), "small"),
    ]


def render_rack_card(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Rack card"), lambda width: rack_story(data, width), invariant=invariant)


def _spots(data: PacketData) -> list[str]:
    if isinstance(data.rules, SevenHalfRules):
        return [_("ANTE"), _("FINAL BET")] if data.rules.final_bet else [_("ANTE")]
    return [_("MAIN"), _("BONUS"), _("DICE MATCH")]


def layout_drawing(data: PacketData, width: float, height: float) -> Drawing:
    """The felt: the dealer's edge at the top, one betting station per seat on the arc."""
    d = Drawing(width, height)
    cx, top = width / 2, height - 6 * mm
    rx, ry = width / 2 - 6 * mm, height - 16 * mm
    felt = Path(fillColor=FELT, strokeColor=FELT_EDGE, strokeWidth=7)
    felt.moveTo(cx - rx, top)
    steps = 72
    for i in range(steps + 1):
        a = math.pi * i / steps
        felt.lineTo(cx - rx * math.cos(a), top - ry * math.sin(a))
    felt.closePath()
    d.add(felt)
    d.add(Rect(cx - 45 * mm, top - 14 * mm, 90 * mm, 10 * mm, fillColor=PRINT, strokeColor=None))
    d.add(String(cx, top - 10.5 * mm, _("DEALER · CHIP RACK"), fontName=BOLD, fontSize=10,
                 fillColor=FELT, textAnchor="middle"))
    d.add(String(cx, top - 24 * mm, _(data.game).upper(), fontName=BOLD, fontSize=20, fillColor=PRINT,
                 textAnchor="middle"))
    y = top - 30 * mm
    for line in instructions(data):
        d.add(String(cx, y, line, fontName=REGULAR, fontSize=8, fillColor=PRINT, textAnchor="middle"))
        y -= 4.2 * mm
    y -= 1.5 * mm
    for line in data.paytable:
        hand = say(FELT_HANDS.get(line.hand, line.hand)).split(" (")[0].split(",")[0]
        if line.bet.lower() not in ("ante", "main", "ante and final bet"):
            hand = f"{say(line.bet)}: {hand}"
        d.add(String(cx - 2 * mm, y, hand.upper()[:44], fontName=REGULAR, fontSize=6.5,
                     fillColor=PRINT, textAnchor="end"))
        d.add(String(cx + 2 * mm, y, say(line.pays).upper(), fontName=BOLD, fontSize=6.5, fillColor=PRINT))
        y -= 3.2 * mm
    seats, spots = data.table.seats, _spots(data)
    for s in range(seats):
        # Seat 1 is at the dealer's left, which is the right of a drawing seen from above;
        # a seat's betting positions run from the rail toward the dealer.
        a = math.pi * (s + 1) / (seats + 1)
        sx, sy = cx + (rx - 14 * mm) * math.cos(a), top - (ry - 12 * mm) * math.sin(a)
        for k, label in enumerate(spots):
            r = 6.5 * mm - 0.7 * mm * k
            px = sx - k * 11.5 * mm * math.cos(a)
            py = sy + k * 11.5 * mm * math.sin(a)
            d.add(Circle(px, py, r, fillColor=None, strokeColor=PRINT, strokeWidth=1.2))
            d.add(String(px, py - 1.0 * mm, label, fontName=BOLD, fontSize=5 if len(label) > 5 else 6,
                         fillColor=PRINT, textAnchor="middle"))
        d.add(String(sx, sy - 9.5 * mm, _("SEAT {n}").format(n=s + 1), fontName=REGULAR, fontSize=6,
                     fillColor=PRINT, textAnchor="middle"))
    d.add(Line(cx - rx, top, cx + rx, top, strokeColor=FELT_EDGE, strokeWidth=7))
    return d


def layout_story(data: PacketData, width: float) -> list[Flowable]:
    spots = ", ".join(s.lower() for s in _spots(data))
    return [
        para(_("Table layout"), "h1"),
        layout_drawing(data, width, 130 * mm),
        para(_("{seats} player station(s), numbered from the dealer's left; each has the betting "
               "positions {spots}. The instructions and the paytable printed on the felt are those "
               "of the certified rules and paytable version {version}. Vector drawing, not to "
               "scale.").format(seats=data.table.seats, spots=escape(spots),
                                version=data.paytable_version), "small"),
    ]


def render_layout(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Table layout"), lambda width: layout_story(data, width),
                  pagesize=landscape(A4), invariant=invariant)
