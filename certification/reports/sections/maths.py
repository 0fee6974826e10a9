"""Section 3: the exact figures per bet, the outcome tables and the strategy assumed."""

from __future__ import annotations

import re
from fractions import Fraction

from reportlab.lib import colors
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Table, TableStyle

from casino.rules.labels import decision_label

from ..charts import outcome_chart
from ..data import CertificateData
from ..fmt import bet_name, decimal, fraction, net, pct, prob, signed
from ..i18n import DEFAULT_LANGUAGE, _, current_language, say
from ..stored import say_row, say_stored
from ..styles import BOLD, HEAD_FILL, MUTED, NAVY, REGULAR, RULE, hexcolour
from ..tables import facts, grid, para
from . import body, escape, heading, subheading

ACTION_FILLS = [colors.HexColor(c) for c in (
    "#dbe8f6", "#fde2c8", "#d9f0d6", "#f4d6e4", "#e9e0f7", "#fff3bf", "#d5f0ef", "#eeeeee")]


def maths_section(data: CertificateData, width: float) -> list[Flowable]:
    exact = data.exact
    story: list[Flowable] = [
        heading(_("3 Mathematical analysis")),
        body(_("Every figure below is exact: it comes from a complete enumeration of the deck "
               "under the player strategy of section {section}, with probabilities held as "
               "fractions and rounded only for printing. Figures are per initial wager.").format(
            section=f"3.{len(exact['bets']) + 1}")),
    ]
    for i, (name, bet) in enumerate(exact["bets"].items(), start=1):
        story += bet_block(f"3.{i}", name, bet, width)
    n = len(exact["bets"])
    story += [CondPageBreak(180), heading(_("{number} Player strategy assumed").format(number=f"3.{n + 1}"), 1)]
    if exact.get("strategy"):
        for chart in exact["strategy"]:
            story += strategy_chart(chart, width)
    else:
        story.append(body(_("The analysis reported no strategy chart for this variant.")))
    if exact.get("decisions"):
        story.append(heading(_("{number} Decision frequencies").format(number=f"3.{n + 2}"), 1))
        story.append(body(_("How often the player takes each decision under the strategy above, "
                            "per round.")))
        rows = [[escape(say(decision_label(k))), prob(v), pct(v, 3)] for k, v in exact["decisions"].items()]
        story.append(grid([_("Decision"), _("Probability"), _("Share")], rows, [0.5, 0.25, 0.25],
                          width * 0.7))
    if exact.get("notes"):
        story.append(subheading(_("Notes on the figures")))
        story += [body(f"• {escape(say_stored(note))}") for note in exact["notes"]]
    return story


def bet_block(number: str, name: str, bet: dict, width: float) -> list[Flowable]:
    story: list[Flowable] = [heading(f"{number} {bet_name(name)}", 1)]
    if bet["house_edge"] < 0:
        story.append(body(_("PLAYER ADVANTAGE: under optimal play this bet returns {edge} of "
                            "the initial wager to the player.").format(edge=pct(-bet["house_edge"])),
                          "warning"))
    figures = [
        (_("Expected value (exact)"), f"<b>{fraction(bet['ev_fraction'])}</b>"),
        (_("Expected value"), signed(bet["ev"], 8)),
        (_("House edge"), _("<b>{edge}</b> of the initial wager").format(edge=pct(bet["house_edge"]))),
        (_("Element of risk"), _("{risk} of the average amount wagered").format(
            risk=pct(bet["element_of_risk"]))),
        (_("Average amount wagered"), _("{amount} initial wagers").format(
            amount=decimal(bet["average_wager"], 6))),
        (_("Standard deviation"), _("{sd} per initial wager").format(sd=decimal(bet["sd"], 6))),
        (_("Win / push / loss"), f"{pct(bet['p_win'], 3)} / {pct(bet['p_push'], 3)} / "
                                 f"{pct(bet['p_loss'], 3)}"),
    ]
    story.append(facts(figures, width, 0.3))
    outcomes = bet["outcomes"]
    table = outcome_table(outcomes, width * 0.5)
    chart = outcome_chart(outcomes, width * 0.46, 150)
    pair = Table([[table, chart]], colWidths=[width * 0.52, width * 0.48])
    pair.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), REGULAR, 8),
                              ("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    story.append(KeepTogether([subheading(_("Net outcomes")), pair]))
    return story


def outcome_table(outcomes: dict[str, float], width: float) -> Table:
    keys = sorted(outcomes, key=Fraction)
    rows = [[net(k), prob(outcomes[k]), signed(float(Fraction(k)) * outcomes[k], 6)]
            for k in keys]
    rows.append([_("Total"), prob(sum(outcomes.values())),
                 signed(sum(float(Fraction(k)) * p for k, p in outcomes.items()), 6)])
    return grid([_("Net result"), _("Probability"), _("Contribution to EV")], rows,
                [0.28, 0.36, 0.36], width,
                extra=[("FONT", (0, -1), (-1, -1), BOLD, 8),
                       ("LINEABOVE", (0, -1), (-1, -1), 0.6, MUTED)])


def _axes(chart: dict) -> str:
    parts = [f"{name}: {escape(say(chart[key]))}" for name, key in
             ((_("Rows"), "row_label"), (_("Columns"), "column_label")) if chart.get(key)]
    return ". ".join(parts) + "." if parts else ""


def _used(key: str, texts: set[str]) -> bool:
    """Whether a legend entry explains something on this chart (S explains S1 and H/S*)."""
    if key in texts or key.endswith("…"):
        return True
    if key == "*":
        return any("*" in t for t in texts)
    return any(part.startswith(key) and part[len(key):][:1] in ("", *"0123456789*")
               for t in texts for part in t.split("/"))


def _english() -> bool:
    return current_language() == DEFAULT_LANGUAGE


LONG_CHART_ROWS = 45
"""More rows than fit on one page at the chart's row height."""
NUMERIC = re.compile(r"^[+\-−]?[\d.,/ –-]*$")


def action_fills(cells: list[list[str]]) -> dict[str, colors.Color]:
    """A colour per action, so the chart reads as regions; figures stay uncoloured."""
    fills: dict[str, colors.Color] = {}
    for row in cells:
        for cell in row:
            if cell not in fills and not NUMERIC.match(cell):
                fills[cell] = ACTION_FILLS[len(fills) % len(ACTION_FILLS)]
    return fills if len(fills) <= 2 * len(ACTION_FILLS) else {}


def strategy_chart(chart: dict, width: float) -> list[Flowable]:
    columns, rows, cells = chart["columns"], chart["rows"], chart["cells"]
    label_w = min(max(28, max(len(r) for r in rows) * 5.5 + 10), width * 0.3)
    # A chart of one or two columns reads better narrow than stretched across the page.
    col_w = min((width - label_w) / max(len(columns), 1), 90)
    longest = max((len(c) for row in cells for c in row), default=1)
    size = max(5.0, min(8.0, col_w / (0.62 * longest + 1)))
    fills = action_fills(cells)
    data = [["", *(say_row(c) for c in columns)],
            *[[say_row(r), *(_cell(c) for c in cells[i])] for i, r in enumerate(rows)]]
    table = Table(data, colWidths=[label_w] + [col_w] * len(columns), repeatRows=1,
                  hAlign="LEFT")
    commands = [
        ("FONT", (0, 0), (-1, -1), REGULAR, size),
        ("FONT", (0, 0), (-1, 0), BOLD, size),
        ("FONT", (0, 1), (0, -1), BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL),
        ("BACKGROUND", (0, 1), (0, -1), HEAD_FILL),
        ("TEXTCOLOR", (0, 0), (-1, 0), NAVY),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.3, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (1, 0), (-1, -1), 1),
        ("RIGHTPADDING", (1, 0), (-1, -1), 1),
    ]
    for i, row in enumerate(cells, start=1):
        for j, cell in enumerate(row, start=1):
            if cell in fills:
                commands.append(("BACKGROUND", (j, i), (j, i), fills[cell]))
    table.setStyle(TableStyle(commands))
    block = [subheading(escape(say(chart["title"]))), para(_axes(chart), "small"), table]
    # A title never ends a page on its own: a chart that fits on a page is kept whole, a
    # longer one starts where at least its first rows fit and runs on with its header.
    story: list[Flowable] = ([KeepTogether(block)] if len(rows) <= LONG_CHART_ROWS
                             else [CondPageBreak(150), *block])
    texts = {cell for row in cells for cell in row}
    legend = {k: v for k, v in (chart.get("legend") or {}).items() if _used(k, texts)}
    if legend:
        story.append(para(" &nbsp; ".join(
            (f'<font backColor="{hexcolour(fills[k])}">&nbsp;{escape(_cell(k))}&nbsp;</font>'
             if k in fills else f"<b>{escape(_cell(k))}</b>") + f" {escape(say(v))}"
            for k, v in legend.items()), "small"))
    story += [para("• " + escape(say_stored(note)), "small") for note in chart.get("notes", [])]
    return story


def _cell(text: str) -> str:
    """A chart cell: an action's letter stays (the legend says it), a word is translated
    ("BUY", "paid"), a figure takes the document's decimal sign."""
    if NUMERIC.match(text):
        return text if _english() else text.replace(".", ",")
    return say(text)
