"""The field-trial report for a commission: each table's results against theory. Plain data in,
PDF bytes out (the fonts, colours and styles of the certificate)."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.charts.utils import FillPairedData
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer

from .charts import BAND
from .field_trial_text import TRIAL_TEXT
from .fmt import count, date, decimal, pct, signed
from .i18n import _, current_language, say, writing_in
from .styles import FAIL, INK, MUTED, NAVY, REGULAR, RULE, grid, styles


@dataclass(frozen=True)
class DayPoint:
    date: dt.date
    win: float
    expected: float
    sd: float
    alarm: str = ""


@dataclass(frozen=True)
class TableSection:
    table_id: str
    variant: str
    paytable_version: int
    players: str
    seats: int
    days: int
    rounds: int
    handle: float
    win: float
    expected: float
    sd: float
    z: float
    house_edge: float
    drift_date: dt.date | None
    drift_direction: str
    series: list[DayPoint] = field(default_factory=list)

    @property
    def hold(self) -> float:
        return self.win / self.handle if self.handle else 0.0


@dataclass(frozen=True)
class TrialFile:
    name: str
    sha256: str
    uploaded: dt.date
    days: int
    alarms: int


@dataclass(frozen=True)
class TrialFacts:
    """A field trial at its host property, as the report for final approval states it."""

    jurisdiction: str
    variant: str
    paytable_version: int
    certificate: str
    decision_reference: str
    host_property: str
    table_limit: int | None
    effective: dt.date | None
    days_elapsed: int
    days_required: int | None
    rounds: int
    min_rounds: int
    alarms_posted: int
    files: list[TrialFile] = field(default_factory=list)


@dataclass(frozen=True)
class FieldTrialData:
    title: str
    generated: dt.date
    source: str
    sha256: str
    alpha: float
    method_days: str
    method_drift: str
    tables: list[TableSection] = field(default_factory=list)
    trial: TrialFacts | None = None
    language: str = "en"
    """The language the report is written in (the caller's choice: an upload spans tables)."""


def _money(x: float) -> str:
    return f"{x:,.2f}" if current_language() == "en" else decimal(x, 2)


def _share(x: float) -> str:
    """A hold or an edge as a percentage to two places: "4.33%" ("4,33 %")."""
    return f"{x:.2%}" if current_language() == "en" else pct(x, 2)


def _alpha(x: float) -> str:
    """A false-alarm rate as it was set: "0.01" ("0,01")."""
    return f"{x:g}" if current_language() == "en" else f"{x:g}".replace(".", ",")


def _drawing(width: float, height: float) -> Drawing:
    return Drawing(width, height, initialFontName=REGULAR, initialFontSize=7)


def _plot(width: float, height: float) -> LinePlot:
    plot = LinePlot()
    plot.x, plot.y = 54, 26
    plot.width, plot.height = width - 66, height - 46
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 7
        axis.strokeColor = MUTED
        axis.visibleGrid = True
        axis.gridStrokeColor = RULE
        axis.gridStrokeWidth = 0.3
    plot.yValueAxis.labelTextFormat = lambda v: f"{v:,.0f}"
    plot.xValueAxis.labelTextFormat = lambda v: f"{v:.0f}"
    return plot


def _legend(d: Drawing, x: float, y: float, items: list[tuple[colors.Color, str]]) -> None:
    for colour, label in items:
        d.add(Rect(x, y, 12, 5, fillColor=colour, strokeColor=None))
        d.add(String(x + 16, y, label, fontName=REGULAR, fontSize=7, fillColor=INK))
        x += 24 + 4.2 * len(label)


def control_chart(t: TableSection, width: float, height: float) -> Drawing:
    """Cumulative win against cumulative theory with its 3-SD band, day by day."""
    cum_win = cum_exp = cum_var = 0.0
    actual, expected, high, low = [], [], [], []
    for i, p in enumerate(t.series, start=1):
        cum_win += p.win
        cum_exp += p.expected
        cum_var += p.sd ** 2
        band = 3 * cum_var ** 0.5
        actual.append((i, cum_win))
        expected.append((i, cum_exp))
        high.append((i, cum_exp + band))
        low.append((i, cum_exp - band))
    d = _drawing(width, height)
    plot = _plot(width, height)
    plot.data = [FillPairedData(high, 1), low, expected, actual]
    for i, (stroke, width_, fill) in enumerate([(BAND, 0.3, BAND), (BAND, 0.3, None),
                                                (FAIL, 0.9, None), (NAVY, 1.3, None)]):
        plot.lines[i].strokeColor = stroke
        plot.lines[i].strokeWidth = width_
        if fill is not None:
            plot.lines[i].fillColor = fill
    plot.lines[2].strokeDashArray = (3, 2)
    d.add(plot)
    if t.drift_date is not None:
        index = next((i for i, p in enumerate(t.series, start=1) if p.date == t.drift_date), None)
        if index is not None:
            x = plot.x + plot.width * (index - 1) / max(len(t.series) - 1, 1)
            d.add(Line(x, plot.y, x, plot.y + plot.height, strokeColor=FAIL, strokeWidth=0.8))
    d.add(String(plot.x + plot.width / 2, 4, _("day of the trial"), fontName=REGULAR, fontSize=7,
                 fillColor=MUTED, textAnchor="middle"))
    _legend(d, plot.x, height - 12, [(NAVY, _("cumulative win")), (FAIL, _("theory")),
                                     (BAND, _("theory ± 3 SD"))])
    return d


def daily_chart(t: TableSection, width: float, height: float) -> Drawing:
    """Each day's win against that day's expectation ± 3 SD; alarm days marked in red."""
    d = _drawing(width, height)
    plot = _plot(width, height)
    days = list(enumerate(t.series, start=1))
    alarms = [(i, p.win) for i, p in days if p.alarm] or [(days[0][0], days[0][1].win)]
    plot.data = [
        FillPairedData([(i, p.expected + 3 * p.sd) for i, p in days], 1),
        [(i, p.expected - 3 * p.sd) for i, p in days],
        [(i, p.expected) for i, p in days],
        [(i, p.win) for i, p in days],
        alarms,
    ]
    for i, (stroke, width_) in enumerate([(BAND, 0.3), (BAND, 0.3), (FAIL, 0.9), (NAVY, 0.8),
                                          (FAIL, 0)]):
        plot.lines[i].strokeColor = stroke
        plot.lines[i].strokeWidth = width_
    plot.lines[0].fillColor = BAND
    plot.lines[2].strokeDashArray = (3, 2)
    plot.lines[3].symbol = makeMarker("FilledCircle", size=2.2, fillColor=NAVY, strokeColor=None)
    plot.lines[4].symbol = makeMarker("FilledCircle", size=4 if any(p.alarm for p in t.series) else 0,
                                      fillColor=FAIL, strokeColor=None)
    d.add(plot)
    d.add(String(plot.x + plot.width / 2, 4, _("day of the trial"), fontName=REGULAR, fontSize=7,
                 fillColor=MUTED, textAnchor="middle"))
    _legend(d, plot.x, height - 12, [(NAVY, _("daily win")), (FAIL, _("theory / day alarm")),
                                     (BAND, _("theory ± 3 SD"))])
    return d


def _drift(t: TableSection) -> str:
    if t.drift_date is None:
        return _("no drift")
    return _("<font color='#c62828'><b>DRIFT</b></font> from {date} ({direction})").format(
        date=date(t.drift_date), direction=t.drift_direction)


def _trial_story(t: TrialFacts, generated: dt.date, w: float) -> list:
    """The trial's facts, in the language being written (``TRIAL_TEXT`` holds the English)."""
    s = styles()
    text = {key: _(sentence) for key, sentence in TRIAL_TEXT.items()}
    days = (text["days_value"].format(elapsed=count(t.days_elapsed), required=count(t.days_required))
            if t.days_required else text["days_free"].format(elapsed=count(t.days_elapsed)))
    facts = [
        (text["jurisdiction"], t.jurisdiction),
        (text["decision"], t.decision_reference or "—"),
        (text["host"], t.host_property),
        (text["table_limit"], count(t.table_limit) if t.table_limit else text["no_limit"]),
        (text["effective"], date(t.effective) if t.effective else "—"),
        (text["days"], days),
        (text["rounds"], text["rounds_value"].format(rounds=count(t.rounds), minimum=count(t.min_rounds))),
        (text["alarms"], count(t.alarms_posted)),
    ]
    files = [[text["file_name"], text["file_sha"], text["file_uploaded"], text["file_days"],
              text["file_alarms"]]] + [
        [f.name, f.sha256[:16] + "…", date(f.uploaded), count(f.days), count(f.alarms)] for f in t.files]
    facts = [(label, escape(value)) for label, value in facts]
    files = files[:1] + [[escape(row[0]), *row[1:]] for row in files[1:]]
    return [
        Paragraph(text["title"], s["title"]),
        Paragraph(text["subtitle"].format(jurisdiction=escape(t.jurisdiction), variant=escape(t.variant),
                                          version=t.paytable_version, certificate=t.certificate,
                                          generated=date(generated)), s["subtitle"]),
        Paragraph(text["heading"], s["h2"]),
        grid([[label, value] for label, value in facts], [0.35 * w, 0.65 * w]),
        Spacer(1, 3 * mm),
        Paragraph(text["files_heading"], s["h2"]),
        grid(files, [x * w for x in (0.32, 0.24, 0.16, 0.14, 0.14)]) if t.files
        else Paragraph(text["no_files"], s["small"]),
        Paragraph(text["whole_trial"], s["body"]),
        Spacer(1, 4 * mm),
    ]


def render_field_trial(data: FieldTrialData, *, invariant: bool = False) -> bytes:
    """The report in ``data.language``."""
    with writing_in(data.language):
        return _render(data, invariant)


def _render(data: FieldTrialData, invariant: bool) -> bytes:
    s = styles()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                            topMargin=16 * mm, bottomMargin=16 * mm, title=data.title,
                            invariant=int(invariant))
    w = doc.width
    story = [] if data.trial is None else _trial_story(data.trial, data.generated, w)
    story += [
        Paragraph(_(data.title), s["title"] if data.trial is None else s["h1"]),
        Paragraph(_("Generated {date} · source file {source} · SHA-256 {digest}… · family-wise "
                    "false-alarm rate α = {alpha}").format(
            date=date(data.generated), source=escape(data.source), digest=data.sha256[:16],
            alpha=_alpha(data.alpha)), s["subtitle"]) if data.trial is None else
        Paragraph(_("{n} field file(s) · family-wise false-alarm rate α = {alpha}").format(
            n=count(len(data.trial.files)), alpha=_alpha(data.alpha)), s["subtitle"]),
        grid([[_("Table"), _("Variant"), _("Days"), _("Handle"), _("Win"), _("Hold"), _("Theory"),
                "z", _("Drift")]] + [
            [t.table_id, f"{t.variant} v{t.paytable_version}", t.days, _money(t.handle),
             _money(t.win), _share(t.hold), _share(t.house_edge), signed(t.z, 2), _drift(t)]
            for t in data.tables],
            [x * w for x in (0.07, 0.17, 0.07, 0.13, 0.12, 0.09, 0.09, 0.08, 0.18)]),
        Spacer(1, 4 * mm),
        Paragraph(_("How to read it"), s["h2"]),
        Paragraph(_("Theory is the variant's exact per-round law under the table's declared player "
                    "mix: the expected win is the house edge times the handle (the initial "
                    "wagers), its SD includes the seats sharing each dealer hand. Hold is win / "
                    "handle; the file gives the handle, not the drop."), s["body"]),
        Paragraph(_("Day alarms: {method}.").format(method=say(data.method_days)), s["body"]),
        Paragraph(_("Drift: {method}. A single day, however wild, is a day alarm and never a "
                    "drift by itself.").format(method=say(data.method_drift)), s["body"]),
    ]
    for t in data.tables:
        alarms = [p for p in t.series if p.alarm]
        block = [
            Paragraph(_("Table {table}").format(table=t.table_id), s["h1"]),
            Paragraph(_("{variant}, paytable v{version}; players: {players}; {seats} seat(s) per "
                        "round; {days} days, {rounds} rounds, handle {handle}; win {win} against "
                        "{expected} ± {sd} expected (z = {z}); hold {hold} against {edge}; "
                        "{drift}.").format(
                variant=t.variant, version=t.paytable_version, players=say(t.players),
                seats=t.seats, days=t.days, rounds=count(t.rounds), handle=_money(t.handle),
                win=_money(t.win), expected=_money(t.expected), sd=_money(t.sd),
                z=signed(t.z, 2), hold=_share(t.hold), edge=_share(t.house_edge),
                drift=_drift(t)), s["body"]),
            control_chart(t, w, 62 * mm),
            Paragraph(_("Cumulative win against theory (band: ± 3 SD; red line: first day of "
                        "drift)."), s["caption"]),
            daily_chart(t, w, 58 * mm),
            Paragraph(_("Daily win against the day's theory ± 3 SD; red dots: day alarms."),
                      s["caption"]),
        ]
        story.append(KeepTogether(block[:2]))
        story += [KeepTogether(block[2:4]), KeepTogether(block[4:6])]
        if alarms:
            story.append(grid([[_("Date"), _("Win"), _("Expected"), _("SD"), _("Alarm")]] + [
                [date(p.date), _money(p.win), _money(p.expected), _money(p.sd), say(p.alarm)]
                for p in alarms], [x * w for x in (0.2, 0.2, 0.2, 0.2, 0.2)]))
        else:
            story.append(Paragraph(_("No day alarm."), s["small"]))
    doc.build(story)
    return buffer.getvalue()


__all__ = ["DayPoint", "FieldTrialData", "TableSection", "TrialFacts", "TrialFile", "render_field_trial"]
