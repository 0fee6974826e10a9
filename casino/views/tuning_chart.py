"""The tuner's chart, drawn on the server as inline SVG: every analysed variant as a point,
house edge across, SD (or hit frequency) up, with the band shaded and the suggestions ringed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from babel.numbers import format_decimal
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from casino import rule_words
from casino.templatetags.locale_numbers import babel_locale

WIDTH, HEIGHT = 720, 380
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 20, 50
# (axis title, decimals, scale, unit) of each figure the chart can put upright.
Y_FIGURES = {"sd": (gettext_lazy("Standard deviation per wager"), 3, 1.0, ""),
             "p_win": (gettext_lazy("Hit frequency (rounds won)"), 1, 100.0, "\u00a0%")}


def _number(value: float, decimals: int) -> str:
    return format_decimal(value, format="0." + "0" * decimals if decimals else "0", locale=babel_locale())


def point_words(key: str) -> str:
    """A variant of the search as its changes say it ("Dealer stands at: 5; Ties: equal totals
    push"), the key being the tuner's ``dealer_stands_at=5;ties=push``."""
    if not key:
        return _("the variant as it is")
    changes = (part.partition("=") for part in key.split(";"))
    return "; ".join(rule_words.setting(path, value) for path, _eq, value in changes)


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    if high <= low:
        return [low]
    return [low + (high - low) * i / (count - 1) for i in range(count)]


def _range(values: Sequence[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    pad = (high - low) * 0.05 or abs(high) * 0.05 or 0.01
    return low - pad, high + pad


def edge_chart(points: Sequence[dict[str, Any]], band: tuple[float, float], y: str = "sd",
               marked: Sequence[str] = ()) -> SafeString:
    """``points`` as stored on a finished job; ``marked``: keys of the listed suggestions."""
    title, decimals, scale, unit = Y_FIGURES[y]
    title = str(title)
    if not points:
        return mark_safe("")
    xs = [p["house_edge"] for p in points] + list(band)
    ys = [p[y] for p in points]
    x0, x1 = _range(xs)
    y0, y1 = _range(ys)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(value: float) -> float:
        return LEFT + (value - x0) / (x1 - x0) * plot_w

    def py(value: float) -> float:
        return TOP + plot_h - (value - y0) / (y1 - y0) * plot_h

    marked_set = set(marked)
    parts = [
        f'<svg class="tuning-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(_("House edge against %(figure)s") % {"figure": title.lower()})}</title>',
        f'<desc id="chart-desc">{escape(_("%(count)s analysed variants; the shaded stretch is the target band from %(low)s %% to %(high)s %%.") % {"count": len(points), "low": _number(band[0] * 100, 2), "high": _number(band[1] * 100, 2)})}</desc>',
        f'<rect class="band" x="{px(band[0]):.1f}" y="{TOP}" '
        f'width="{max(px(band[1]) - px(band[0]), 1):.1f}" height="{plot_h}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>',
    ]
    for t in _ticks(x0, x1):
        parts.append(f'<text class="tick" x="{px(t):.1f}" y="{TOP + plot_h + 18}" '
                     f'text-anchor="middle">{_number(t * 100, 1)}\u00a0%</text>')
    for t in _ticks(y0, y1):
        parts.append(f'<text class="tick" x="{LEFT - 8}" y="{py(t) + 4:.1f}" '
                     f'text-anchor="end">{_number(t * scale, decimals)}{unit}</text>')
    parts.append(f'<text class="label" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" '
                 f'text-anchor="middle">{escape(_("House edge"))}</text>')
    parts.append(f'<text class="label" x="14" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(title)}</text>')
    for p in sorted(points, key=lambda p: (p["key"] in marked_set, p["in_band"])):
        kind = "base" if not p["key"] else "suggested" if p["key"] in marked_set else (
            "in-band" if p["in_band"] else "out")
        label = _("%(variant)s: house edge %(edge)s %%, %(figure)s") % {
            "variant": point_words(p["key"]), "edge": _number(p["house_edge"] * 100, 4),
            "figure": _number(p[y] * scale, decimals) + unit}
        parts.append(
            f'<circle class="{kind}" cx="{px(p["house_edge"]):.1f}" cy="{py(p[y]):.1f}" '
            f'r="{5 if kind in ("base", "suggested") else 3}"><title>{escape(label)}</title></circle>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 (every text above is escaped or numeric)
