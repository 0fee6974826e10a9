"""The tuner's chart, drawn on the server as inline SVG: every analysed variant as a point,
house edge across, SD (or hit frequency) up, with the band shaded and the suggestions ringed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 720, 380
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 20, 50
Y_FIGURES = {"sd": ("Standard deviation per wager", "{:.3f}", 1.0),
             "p_win": ("Hit frequency (rounds won)", "{:.1f} %", 100.0)}


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
    title, fmt, scale = Y_FIGURES[y]
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
        f'<title id="chart-title">House edge against {escape(title.lower())}</title>',
        f'<desc id="chart-desc">{len(points)} analysed variants; the shaded stretch is the '
        f'target band from {band[0] * 100:.2f} % to {band[1] * 100:.2f} %.</desc>',
        f'<rect class="band" x="{px(band[0]):.1f}" y="{TOP}" '
        f'width="{max(px(band[1]) - px(band[0]), 1):.1f}" height="{plot_h}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>',
    ]
    for t in _ticks(x0, x1):
        parts.append(f'<text class="tick" x="{px(t):.1f}" y="{TOP + plot_h + 18}" '
                     f'text-anchor="middle">{t * 100:.1f} %</text>')
    for t in _ticks(y0, y1):
        parts.append(f'<text class="tick" x="{LEFT - 8}" y="{py(t) + 4:.1f}" '
                     f'text-anchor="end">{escape(fmt.format(t * scale))}</text>')
    parts.append(f'<text class="label" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" '
                 f'text-anchor="middle">House edge</text>')
    parts.append(f'<text class="label" x="14" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(title)}</text>')
    for p in sorted(points, key=lambda p: (p["key"] in marked_set, p["in_band"])):
        kind = "base" if not p["key"] else "suggested" if p["key"] in marked_set else (
            "in-band" if p["in_band"] else "out")
        label = escape(p["key"] or "the variant as it is")
        parts.append(
            f'<circle class="{kind}" cx="{px(p["house_edge"]):.1f}" cy="{py(p[y]):.1f}" '
            f'r="{5 if kind in ("base", "suggested") else 3}"><title>{label}: edge '
            f'{p["house_edge"] * 100:.4f} %, {escape(fmt.format(p[y] * scale))}</title></circle>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 (every text above is escaped or numeric)
