"""The monthly table-game statistics of a property for its regulator: per table and game
version the rounds, handle, win, hold against the theoretical hold and its band, and every
floor alarm of the month with its resolution. Plain data in, PDF bytes out."""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from casino.rules.phrases import N_

from .fmt import count, date, decimal, pct
from .i18n import _, current_language, writing_in
from .styles import grid, styles

# The alarms' checks and states as the web stores their English labels, for the catalogue.
ALARM_WORDS = (N_("Return against theory"), N_("Cards against a fair deck"), N_("Settlement audit"),
               N_("Open"), N_("Acknowledged"), N_("Under investigation"), N_("Closed"))


@dataclass(frozen=True)
class StatisticsRow:
    table_id: str
    variant: str
    paytable_version: int
    stake_level: str
    channel: str
    rounds: int
    handle: float
    win: float
    theoretical_hold: float
    band_low: float
    band_high: float
    alarms: int

    @property
    def hold(self) -> float:
        return self.win / self.handle if self.handle else 0.0

    @property
    def outside_band(self) -> bool:
        return bool(self.handle) and not self.band_low <= self.hold <= self.band_high


@dataclass(frozen=True)
class AlarmRow:
    table_id: str
    dealer_id: str
    check: str
    test: str
    first_day: dt.date
    status: str
    reason: str


@dataclass(frozen=True)
class MonthlyStatisticsData:
    casino_property: str
    jurisdiction: str
    month: dt.date
    generated: dt.date
    band_level: float
    """The band's coverage (0.95: 95 %)."""
    rows: list[StatisticsRow] = field(default_factory=list)
    alarms: list[AlarmRow] = field(default_factory=list)
    language: str = "en"


def _money(x: float) -> str:
    return f"{x:,.2f}" if current_language() == "en" else decimal(x, 2)


def _share(x: float) -> str:
    return f"{x:.2%}" if current_language() == "en" else pct(x, 2)


def render_monthly_statistics(data: MonthlyStatisticsData, *, invariant: bool = False) -> bytes:
    with writing_in(data.language):
        return _render(data, invariant)


def _render(data: MonthlyStatisticsData, invariant: bool) -> bytes:
    s = styles()
    buffer = io.BytesIO()
    title = _("Monthly table-game statistics")
    doc = SimpleDocTemplate(buffer, pagesize=landscape(A4), leftMargin=14 * mm, rightMargin=14 * mm,
                            topMargin=14 * mm, bottomMargin=14 * mm, title=title, invariant=int(invariant))
    w = doc.width
    total_handle = sum(r.handle for r in data.rows)
    total_win = sum(r.win for r in data.rows)
    story = [
        Paragraph(title, s["title"]),
        Paragraph(_("{property}, {jurisdiction} · {month} · generated {generated}").format(
            property=escape(data.casino_property), jurisdiction=escape(data.jurisdiction),
            month=f"{data.month:%Y-%m}", generated=date(data.generated)), s["subtitle"]),
        Paragraph(_("{tables} table(s), {rounds} rounds, handle {handle}, win {win}, hold {hold}.").format(
            tables=count(len(data.rows)), rounds=count(sum(r.rounds for r in data.rows)),
            handle=_money(total_handle), win=_money(total_win),
            hold=_share(total_win / total_handle if total_handle else 0.0)), s["body"]),
        Spacer(1, 3 * mm),
        grid([[_("Table"), _("Game version"), _("Stake"), _("Channel"), _("Rounds"), _("Handle"), _("Win"),
                _("Hold"), _("Theoretical hold"), _("Band"), _("Alarms")]] + [
            [escape(r.table_id), escape(f"{r.variant} v{r.paytable_version}"), escape(r.stake_level),
             escape(r.channel), count(r.rounds), _money(r.handle), _money(r.win),
             (f"<font color='#c62828'><b>{_share(r.hold)}</b></font>" if r.outside_band else _share(r.hold)),
             _share(r.theoretical_hold), f"{_share(r.band_low)} – {_share(r.band_high)}", count(r.alarms)]
            for r in data.rows],
            [x * w for x in (0.07, 0.17, 0.07, 0.07, 0.08, 0.1, 0.1, 0.07, 0.09, 0.12, 0.06)]),
        Spacer(1, 4 * mm),
        Paragraph(_("Alarms of the month"), s["h2"]),
    ]
    if data.alarms:
        story.append(grid([[_("Table"), _("Dealer"), _("Check"), _("Finding"), _("From"), _("Status"),
                             _("Resolution")]] + [
            [escape(a.table_id), escape(a.dealer_id or "—"), escape(_(a.check)), escape(a.test), date(a.first_day),
             escape(_(a.status)), escape(a.reason or "—")] for a in data.alarms],
            [x * w for x in (0.08, 0.08, 0.14, 0.26, 0.09, 0.1, 0.25)]))
    else:
        story.append(Paragraph(_("No alarm was raised this month."), s["body"]))
    story += [
        Spacer(1, 4 * mm),
        Paragraph(_("How to read it"), s["h2"]),
        Paragraph(_("Handle is the total of the initial wagers; win is the house's; hold is win / handle. "
                    "The theoretical hold is the game version's exact house edge under the table's "
                    "declared player mix, and the band holds the month's hold with probability {level} "
                    "under that exact law for the month's rounds; a hold outside it is in red.").format(
            level=_share(data.band_level)), s["body"]),
    ]
    doc.build(story)
    return buffer.getvalue()
