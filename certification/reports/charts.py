"""Charts drawn with ReportLab's own graphics, so they are vector and need no other library."""

from __future__ import annotations

import math
from fractions import Fraction

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.charts.utils import FillPairedData
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors

from .fmt import count, net, pct
from .i18n import _
from .styles import BOLD, FAIL, INK, MUTED, NAVY, REGULAR, RULE

BAND = colors.HexColor("#c7d7ea")
COLD = colors.HexColor("#2b6cb0")
HOT = colors.HexColor("#c53030")
Z_SCALE = 4.0
"""Heat-map colours saturate at 4 standard deviations, the point where chance stops
explaining a cell in a table of this size."""


def _drawing(width: float, height: float) -> Drawing:
    # The graphics state starts in Helvetica unless told otherwise, and that would put a
    # non-embedded font into every certificate.
    return Drawing(width, height, initialFontName=REGULAR, initialFontSize=7)


def outcome_chart(outcomes: dict[str, float], width: float, height: float) -> Drawing:
    keys = sorted(outcomes, key=Fraction)
    d = _drawing(width, height)
    chart = VerticalBarChart()
    chart.x, chart.y = 34, 26
    chart.width, chart.height = width - 44, height - 40
    chart.data = [[outcomes[k] * 100 for k in keys]]
    chart.categoryAxis.categoryNames = [net(k) for k in keys]
    chart.categoryAxis.labels.fontName = REGULAR
    chart.categoryAxis.labels.fontSize = 6.5 if len(keys) > 8 else 7
    chart.categoryAxis.strokeColor = MUTED
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labels.fontName = REGULAR
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.labelTextFormat = _axis_percent
    chart.valueAxis.strokeColor = MUTED
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = RULE
    chart.valueAxis.gridStrokeWidth = 0.3
    chart.bars[0].fillColor = NAVY
    chart.bars[0].strokeColor = None
    chart.barSpacing = 1
    chart.groupSpacing = 6
    d.add(chart)
    d.add(String(width / 2, 4, _("net result per initial wager"), fontName=REGULAR, fontSize=7,
                 fillColor=MUTED, textAnchor="middle"))
    d.add(String(2, height - 9, _("probability"), fontName=REGULAR, fontSize=7, fillColor=MUTED))
    return d


def _axis_percent(value: float) -> str:
    """An axis label in percent, the document's way ("10%"; "10 %" in Italian and Spanish)."""
    return pct(value / 100, 0 if abs(value - round(value)) < 1e-9 else 2)


def _log_ticks(lo: float, hi: float) -> list[float]:
    """1-2-5 ticks inside [10**lo, 10**hi], as log10 values."""
    ticks = [math.log10(m * 10 ** e) for e in range(math.floor(lo), math.ceil(hi) + 1)
             for m in (1, 2, 5)]
    return [t for t in ticks if lo - 1e-9 <= t <= hi + 1e-9]


def convergence_chart(points: list[dict], exact_edge: float, width: float, height: float
                      ) -> Drawing:
    """Running edge with its 95% band against the exact edge, on a log scale of rounds.

    The x axis is log10(rounds) drawn by hand: the band narrows as 1/sqrt(n), which only a
    log scale shows evenly from the first chunk to the last.
    """
    xs = [math.log10(p["rounds"]) for p in points]
    edges = [p["edge"] * 100 for p in points]
    # Zoom on the part of the run where the band is readable; the first chunks are wide.
    tail = [v for p in points[len(points) // 3:] for v in p["ci95"]]
    span = [*(v * 100 for v in tail), exact_edge * 100, *edges[len(edges) // 3:]]
    pad = (max(span) - min(span)) * 0.15 or 0.1
    y_min, y_max = min(span) - pad, max(span) + pad

    def clamp(v: float) -> float:
        return min(max(v, y_min), y_max)

    d = _drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y = 44, 30
    plot.width, plot.height = width - 56, height - 52
    plot.data = [
        FillPairedData([(x, clamp(p["ci95"][1] * 100)) for x, p in zip(xs, points, strict=True)], 1),
        [(x, clamp(p["ci95"][0] * 100)) for x, p in zip(xs, points, strict=True)],
        [(x, clamp(e)) for x, e in zip(xs, edges, strict=True)],
        [(xs[0], exact_edge * 100), (xs[-1], exact_edge * 100)],
    ]
    line_styles = [(BAND, BAND, 0.3, None), (BAND, BAND, 0.3, None), (NAVY, None, 1.3, None),
                   (FAIL, None, 0.9, (3, 2))]
    for i, (stroke, fill, stroke_width, dash) in enumerate(line_styles):
        plot.lines[i].strokeColor = stroke
        plot.lines[i].strokeWidth = stroke_width
        if fill is not None:
            plot.lines[i].fillColor = fill
        if dash:
            plot.lines[i].strokeDashArray = dash
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = xs[0], xs[-1]
    plot.xValueAxis.valueSteps = _log_ticks(xs[0], xs[-1])
    plot.xValueAxis.labelTextFormat = lambda v: count(round(10 ** v))
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = y_min, y_max
    plot.yValueAxis.labelTextFormat = lambda v: pct(v / 100, 2)
    plot.yValueAxis.rangeRound = "none"
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 7
        axis.strokeColor = MUTED
        axis.visibleGrid = True
        axis.gridStrokeColor = RULE
        axis.gridStrokeWidth = 0.3
    d.add(plot)
    d.add(String(plot.x + plot.width / 2, 4, _("rounds played (log scale)"), fontName=REGULAR,
                 fontSize=7, fillColor=MUTED, textAnchor="middle"))
    legend = [(NAVY, _("observed house edge")), (BAND, _("95% confidence band")),
              (FAIL, _("exact house edge"))]
    x = plot.x
    for colour, label in legend:
        d.add(Rect(x, height - 12, 12, 5, fillColor=colour, strokeColor=None))
        d.add(String(x + 16, height - 12, label, fontName=REGULAR, fontSize=7, fillColor=INK))
        x += 24 + 4.2 * len(label)
    return d


def heat_colour(z: float) -> colors.Color:
    t = min(abs(z) / Z_SCALE, 1.0)
    end = HOT if z > 0 else COLD
    return colors.Color(1 + (end.red - 1) * t, 1 + (end.green - 1) * t, 1 + (end.blue - 1) * t)


def position_heatmap(counts: list[list[int]], row_labels: list[str], width: float
                     ) -> Drawing:
    """Card × final position counts as standardised deviations from the uniform count."""
    n_rows, n_cols = len(counts), len(counts[0])
    shuffles = sum(counts[0])
    p = 1 / n_cols
    expected = shuffles * p
    sd = math.sqrt(shuffles * p * (1 - p)) or 1.0
    label_w, scale_w = 22, 56
    cell = min((width - label_w - scale_w) / n_cols, 9.0)
    grid_w = cell * n_cols
    top_pad, bottom_pad = 16, 14
    height = top_pad + bottom_pad + cell * n_rows
    d = _drawing(label_w + grid_w + scale_w, height)
    step = 1 if cell >= 5 else 2
    font = min(5.2, cell * 0.95)
    for i, row in enumerate(counts):
        y = height - top_pad - (i + 1) * cell
        for j, c in enumerate(row):
            d.add(Rect(label_w + j * cell, y, cell, cell, strokeColor=None,
                       fillColor=heat_colour((c - expected) / sd)))
        if i % step == 0:
            d.add(String(label_w - 2, y + cell * 0.25, row_labels[i], fontName=REGULAR,
                         fontSize=font, fillColor=INK, textAnchor="end"))
    d.add(Rect(label_w, height - top_pad - grid_w * n_rows / n_cols, grid_w,
               cell * n_rows, strokeColor=MUTED, strokeWidth=0.4, fillColor=None))
    for j in range(0, n_cols, 5 if n_cols > 20 else 1):
        d.add(String(label_w + (j + 0.5) * cell, height - top_pad + 3, str(j + 1),
                     fontName=REGULAR, fontSize=font, fillColor=INK, textAnchor="middle"))
    d.add(String(label_w, height - 7, _("position after the shuffle (1 = top) →"),
                 fontName=REGULAR, fontSize=6.5, fillColor=MUTED))
    d.add(String(label_w, 2, _("rows: cards in new-deck order"), fontName=REGULAR, fontSize=6.5,
                 fillColor=MUTED))
    _colour_scale(d, label_w + grid_w + 14, height - top_pad, cell * n_rows)
    return d


def _colour_scale(d: Drawing, x: float, top: float, length: float) -> None:
    steps = 40
    h = length / steps
    for k in range(steps):
        z = Z_SCALE - (k + 0.5) * 2 * Z_SCALE / steps
        d.add(Rect(x, top - (k + 1) * h, 9, h + 0.2, strokeColor=None, fillColor=heat_colour(z)))
    d.add(Rect(x, top - length, 9, length, strokeColor=MUTED, strokeWidth=0.4, fillColor=None))
    for z in (4, 2, 0, -2, -4):
        y = top - (Z_SCALE - z) / (2 * Z_SCALE) * length
        d.add(Line(x + 9, y, x + 12, y, strokeColor=MUTED, strokeWidth=0.4))
        label = _("{z} SD").format(z=f"{z:+d}") if z else _("expected")
        d.add(String(x + 14, y - 2, label, fontName=REGULAR, fontSize=6, fillColor=INK))
    d.add(String(x, top + 8, _("vs uniform"), fontName=BOLD, fontSize=6, fillColor=MUTED))
