"""Charts as inline SVG, drawn on the server: no script, no external asset."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from babel.numbers import format_decimal, format_percent
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from casino.templatetags.locale_numbers import babel_locale

NAVY, RED, BAND, GRID, MUTED = "#1f3a5f", "#c62828", "#c7d7ea", "#dde3ea", "#5b6573"
WIDTH, HEIGHT = 720, 250
LEFT, RIGHT, TOP, BOTTOM = 70, 12, 24, 34


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    if high <= low:
        return [low]
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    step *= next(m for m in (1, 2, 2.5, 5, 10) if m * step >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def money(v: float) -> str:
    """An amount in the reader's way of writing numbers ("1,000" in English, "1.000" in Italian)."""
    return format_decimal(v, format="#,##0" if abs(v) >= 100 else "#,##0.00", locale=babel_locale())


def share(v: float) -> str:
    return format_percent(v, format="0%", locale=babel_locale())


@dataclass
class Frame:
    xmin: float
    xmax: float
    ymin: float
    ymax: float

    def __post_init__(self) -> None:
        if self.xmax <= self.xmin:
            self.xmax = self.xmin + 1
        if self.ymax <= self.ymin:
            pad = abs(self.ymin) * 0.1 or 1
            self.ymin, self.ymax = self.ymin - pad, self.ymax + pad

    def x(self, v: float) -> float:
        return LEFT + (v - self.xmin) / (self.xmax - self.xmin) * (WIDTH - LEFT - RIGHT)

    def y(self, v: float) -> float:
        return TOP + (self.ymax - v) / (self.ymax - self.ymin) * (HEIGHT - TOP - BOTTOM)


def _points(frame: Frame, pts: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in pts)


def _svg(title: str, body: list[str], legend: list[tuple[str, str]]) -> SafeString:
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
             f"<title>{escape(title)}</title>", *body]
    x = LEFT
    for colour, label in legend:
        parts.append(f'<rect x="{x}" y="6" width="12" height="6" fill="{colour}"/>'
                     f'<text x="{x + 16}" y="12" font-size="10" fill="#1d2430">{escape(label)}</text>')
        x += 28 + 6 * len(label)
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text part above is escaped


def _axes(frame: Frame, xlabel: str, ytick: Callable[[float], str],
          xticks: list[tuple[float, str]]) -> list[str]:
    out = []
    for v in nice_ticks(frame.ymin, frame.ymax):
        y = frame.y(v)
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="{GRID}"/>'
                   f'<text x="{LEFT - 6}" y="{y + 3:.1f}" font-size="10" text-anchor="end" '
                   f'fill="{MUTED}">{escape(ytick(v))}</text>')
    for v, label in xticks:
        x = frame.x(v)
        out.append(f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 14}" font-size="10" '
                   f'text-anchor="middle" fill="{MUTED}">{escape(label)}</text>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 4}" font-size="10" '
               f'text-anchor="middle" fill="{MUTED}">{escape(xlabel)}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" stroke="{MUTED}"/>')
    return out


def _day_ticks(dates: list[str]) -> list[tuple[float, str]]:
    step = max(1, len(dates) // 6)
    return [(i, dates[i]) for i in range(0, len(dates), step)]


def control_chart(series: list[dict], drift_date: str | None) -> SafeString:
    """Cumulative win against cumulative theory with a 3-SD band."""
    cum_w = cum_e = cum_v = 0.0
    rows = []
    for p in series:
        cum_w += p["win"]
        cum_e += p["expected"]
        cum_v += p["sd"] ** 2
        rows.append((cum_w, cum_e, 3 * math.sqrt(cum_v)))
    values = [v for w, e, b in rows for v in (w, e + b, e - b)]
    frame = Frame(0, len(rows) - 1, min(values + [0]), max(values + [0]))
    idx = range(len(rows))
    band = ([(i, e + b) for i, (_, e, b) in zip(idx, rows, strict=True)]
            + [(i, e - b) for i, (_, e, b) in reversed(list(zip(idx, rows, strict=True)))])
    body = _axes(frame, _("day"), money, _day_ticks([p["date"] for p in series]))
    body += [f'<polygon points="{_points(frame, band)}" fill="{BAND}" opacity="0.8"/>',
             f'<polyline points="{_points(frame, [(i, e) for i, (_, e, _) in zip(idx, rows, strict=True)])}" '
             f'fill="none" stroke="{RED}" stroke-dasharray="4 3"/>',
             f'<polyline points="{_points(frame, [(i, w) for i, (w, _, _) in zip(idx, rows, strict=True)])}" '
             f'fill="none" stroke="{NAVY}" stroke-width="2"/>']
    if drift_date:
        at = next((i for i, p in enumerate(series) if p["date"] == drift_date), None)
        if at is not None:
            x = frame.x(at)
            body.append(f'<line class="drift" x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" '
                        f'y2="{HEIGHT - BOTTOM}" stroke="{RED}" stroke-width="1.5"/>')
    return _svg(_("Cumulative win against theory (band: theory ± 3 SD)"), body,
                [(NAVY, _("cumulative win")), (RED, _("theory")), (BAND, _("± 3 SD"))])


def daily_chart(series: list[dict]) -> SafeString:
    """Each day's win against its expectation ± 3 SD; alarm days in red."""
    values = [v for p in series for v in (p["win"], p["expected"] + 3 * p["sd"], p["expected"] - 3 * p["sd"])]
    frame = Frame(0, max(len(series) - 1, 1), min(values + [0]), max(values + [0]))
    idx = range(len(series))
    band = ([(i, p["expected"] + 3 * p["sd"]) for i, p in zip(idx, series, strict=True)]
            + [(i, p["expected"] - 3 * p["sd"]) for i, p in reversed(list(zip(idx, series, strict=True)))])
    body = _axes(frame, _("day"), money, _day_ticks([p["date"] for p in series]))
    body += [f'<polygon points="{_points(frame, band)}" fill="{BAND}" opacity="0.8"/>',
             f'<polyline points="{_points(frame, [(i, p["expected"]) for i, p in zip(idx, series, strict=True)])}" '
             f'fill="none" stroke="{RED}" stroke-dasharray="4 3"/>']
    for i, p in zip(idx, series, strict=True):
        colour, r = (RED, 4) if p.get("alarm") else (NAVY, 2.5)
        body.append(f'<circle cx="{frame.x(i):.1f}" cy="{frame.y(p["win"]):.1f}" r="{r}" fill="{colour}">'
                    f'<title>{escape(_("%(date)s: win %(win)s") % {"date": p["date"], "win": money(p["win"])})}'
                    f'{escape(" (" + p["alarm"] + ")") if p.get("alarm") else ""}</title></circle>')
    return _svg(_("Daily win against the day's theory ± 3 SD"), body,
                [(NAVY, _("daily win")), (RED, _("theory, day alarm")), (BAND, _("± 3 SD"))])


def histogram_chart(bins: list[dict], theo: float) -> SafeString:
    """The distribution of a day's result (money), with the theoretical win marked."""
    if not bins:
        return mark_safe("")
    top = max(b["p"] for b in bins)
    frame = Frame(bins[0]["from"], bins[-1]["to"], 0, top * 1.1)
    body = _axes(frame, _("result of a day (house win)"), share,
                 [(v, money(v)) for v in nice_ticks(bins[0]["from"], bins[-1]["to"], 6)])
    for b in bins:
        x0, x1 = frame.x(b["from"]), frame.x(b["to"])
        y = frame.y(b["p"])
        colour = RED if b["to"] <= 0 else NAVY
        body.append(f'<rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0 - 1, 0.5):.1f}" '
                    f'height="{HEIGHT - BOTTOM - y:.1f}" fill="{colour}"/>')
    if bins[0]["from"] <= theo <= bins[-1]["to"]:
        x = frame.x(theo)
        body.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" '
                    f'stroke="{MUTED}" stroke-dasharray="4 3"/>')
    return _svg(_("Distribution of the table's result over a day"), body,
                [(NAVY, _("house wins")), (RED, _("house loses")), (MUTED, _("theoretical win"))])


def bar_chart(items: list[tuple[str, float]], title: str) -> SafeString:
    """Horizontal bars (label, value in money), negative values in red."""
    height = TOP + 28 * len(items) + 10
    low, high = min([0.0] + [v for _, v in items]), max([0.0] + [v for _, v in items])
    span = (high - low) or 1
    left, width = 230, WIDTH - 230 - 80

    def x(v: float) -> float:
        return left + (v - low) / span * width

    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
             f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{TOP - 4}" y2="{height - 6}" stroke="{MUTED}"/>']
    for i, (label, v) in enumerate(items):
        y = TOP + 28 * i
        a, b = sorted((x(0), x(v)))
        parts.append(f'<text x="{left - 8}" y="{y + 14}" font-size="11" text-anchor="end" '
                     f'fill="#1d2430">{escape(label)}</text>'
                     f'<rect x="{a:.1f}" y="{y + 3}" width="{max(b - a, 0.5):.1f}" height="16" '
                     f'fill="{RED if v < 0 else NAVY}"/>'
                     f'<text x="{max(a, b) + 6:.1f}" y="{y + 15}" font-size="11" fill="#1d2430">'
                     f'{escape(money(v))}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text part above is escaped
