"""House-edge figures for display: the cached exact engine, and rows a template can print.

The exact engine takes 10-300 ms; rules are frozen and hashable, so the live preview keeps
recent answers and a payout toggled back and forth is answered at once.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_lazy as _

from casino.rules import Rules
from casino.services.figures import BetEdge, VersionFigures
from casino.templatetags.locale_numbers import decimal_text, percent_text
from certification.reports.verdict import Z_LIMIT
from certification.services import runs as run_services

BET_LABELS = {"main": _("Main bet"), "bonus": _("Bonus bet"), "dice_match": _("Dice-match bet")}
PREVIEW_CACHE_SIZE = 512


@lru_cache(maxsize=PREVIEW_CACHE_SIZE)
def exact_edges(rules: Rules) -> tuple[BetEdge, ...]:
    # Only the small per-bet figures are kept: the full result holds strategy tables.
    result = run_services.exact_figures(rules)
    return tuple(
        BetEdge(name, b.house_edge, b.element_of_risk, b.p_win, b.p_push, b.p_loss)
        for name, b in result.bets.items()
    )


def exact_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def percent(value: float | Fraction | None) -> str:
    """A share as a percentage in the request's language (4.3348 % / 4,3348 %)."""
    return percent_text(value)


def edge_figure(value: Fraction | float | None, exact: str = "") -> dict[str, Any]:
    """A house edge ready to print: percentage, exact value for the tooltip, and its sign."""
    if value is None:
        return {"percent": "—", "exact": "", "player_advantage": False}
    if isinstance(value, Fraction) and not exact:
        exact = exact_text(value)
    return {
        "percent": percent(value),
        "exact": exact,
        "player_advantage": float(value) < 0,
        "value": float(value),
    }


def bet_label(name: str) -> str:
    return str(BET_LABELS.get(name, name.replace("_", " ").capitalize()))


def preview_rows(rules: Rules) -> list[dict[str, Any]]:
    """Rows of figures, or one row that says why the figures wait for the certification run."""
    from certification.odds.analysis import slow_analysis_reason

    reason = slow_analysis_reason(rules)
    if reason is not None:
        return deferred_rows(reason)
    return edge_rows(exact_edges(rules))


@lru_cache(maxsize=64)
def readings_of(rules: Rules) -> dict[str, Any] | None:
    """Each reading of the variant's ambiguous rules with its exact house edge, or None where
    the exact count is too slow for a page (the certificate then has them)."""
    from certification.odds.analysis import slow_analysis_reason
    from certification.odds.readings import readings_report

    if slow_analysis_reason(rules) is not None:
        return None
    return readings_report(rules)


def reading_rows(rules: Rules) -> list[dict[str, Any]]:
    """Rows of the variant page's readings table: one per reading, the point named once."""
    report = readings_of(rules)
    rows: list[dict[str, Any]] = []
    for point in (report or {}).get("points", []):
        for i, reading in enumerate(point["readings"]):
            edges = [{"bet": bet_label(name),
                      "edge": edge_figure(Fraction(bet["house_edge_fraction"]))}
                     for name, bet in reading.get("bets", {}).items()]
            rows.append({"point": point["point"] if i == 0 else "",
                         "sentence": point["sentence"] if i == 0 else "",
                         "label": reading["label"], "certified": reading["certified"],
                         "changes": reading["changes"], "edges": edges,
                         "unmodelled": point["unmodelled"] if i == len(point["readings"]) - 1 else ""})
    return rows


def preview_warm() -> None:
    """Price every preset once, so a web process answers the first preview of a variant
    made from one in milliseconds: the engine is imported, the presets' figures are in the
    preview's cache and their dealers in the engine's pool (a payout typed after that
    re-prices at once). The web server calls it as each worker starts."""
    from casino.rules import PRESETS

    for rules in PRESETS.values():
        preview_rows(rules)


def stored_version_rows(variant, version) -> list[dict[str, Any]]:
    """The rows of a saved paytable version's figures, stored with it (counted on first use)."""
    from casino.rules import RuleValidationError
    from casino.services.figures import paytable_version_figures_get

    if version is None:
        return []
    try:
        return version_rows(paytable_version_figures_get(version=version, variant=variant))
    except RuleValidationError:
        return []


def version_rows(figures: VersionFigures) -> list[dict[str, Any]]:
    """The rows of a paytable version's stored figures (see casino.services.figures)."""
    if figures.deferred is not None:
        return deferred_rows(figures.deferred)
    return edge_rows(figures.bets)


def deferred_rows(reason: str) -> list[dict[str, Any]]:
    return [{"bet": "main", "label": bet_label("main"), "deferred": reason,
             "house_edge": edge_figure(None), "element_of_risk": edge_figure(None),
             "p_win": "—", "p_push": "—", "p_loss": "—"}]


def edge_rows(edges: tuple[BetEdge, ...]) -> list[dict[str, Any]]:
    return [
        {
            "bet": edge.bet,
            "label": bet_label(edge.bet),
            "house_edge": edge_figure(edge.house_edge),
            "element_of_risk": edge_figure(edge.element_of_risk),
            "p_win": percent(edge.p_win),
            "p_push": percent(edge.p_push),
            "p_loss": percent(edge.p_loss),
        }
        for edge in edges
    ]


def _negated_fraction_text(text: str | None) -> str:
    if not text:
        return ""
    return exact_text(-Fraction(text))


def run_exact_rows(exact: dict | None) -> list[dict[str, Any]]:
    """Per-bet rows from a run's stored exact JSON (EV is stored; the edge is its negation)."""
    rows = []
    for name, bet in ((exact or {}).get("bets") or {}).items():
        rows.append({
            "bet": name,
            "label": bet_label(name),
            "house_edge": edge_figure(bet.get("house_edge"), _negated_fraction_text(bet.get("ev_fraction"))),
            "element_of_risk": edge_figure(bet.get("element_of_risk")),
            "sd": decimal_text(bet["sd"], 4) if isinstance(bet.get("sd"), (int, float)) else "—",
            "p_win": percent(bet.get("p_win")),
            "p_push": percent(bet.get("p_push")),
            "p_loss": percent(bet.get("p_loss")),
        })
    return rows


def run_simulation_rows(simulation: dict | None) -> list[dict[str, Any]]:
    rows = []
    for name, bet in ((simulation or {}).get("bets") or {}).items():
        ci = bet.get("ci95") or [None, None]
        exact = bet.get("exact_house_edge")
        low, high = ci[0], ci[1]
        rows.append({
            "bet": name,
            "label": bet_label(name),
            "house_edge": edge_figure(bet.get("house_edge")),
            "ci_low": percent(low),
            "ci_high": percent(high),
            "exact": percent(exact),
            "z": decimal_text(bet["z_vs_exact"], 2) if isinstance(bet.get("z_vs_exact"), (int, float)) else "—",
            # The same rule as the verdict: agreement within Z_LIMIT standard errors. The 95 %
            # interval misses the exact figure one time in twenty even when all is well.
            "confirms": (
                None if not isinstance(bet.get("z_vs_exact"), (int, float))
                else abs(bet["z_vs_exact"]) <= Z_LIMIT
            ),
        })
    return rows


def blocking_rows(blocking: list[dict]) -> list[dict[str, str]]:
    """A verdict's blocking figures in words: bet, figure, value as a percentage, reason."""
    rows = []
    for block in blocking:
        value = block.get("value")
        try:
            shown = percent(Fraction(str(value))) if block.get("figure") == "house_edge" else str(value)
        except (ValueError, ZeroDivisionError):
            shown = str(value)
        rows.append({
            "label": bet_label(str(block.get("bet", ""))),
            "figure": str(block.get("figure", "")).replace("_", " "),
            "value": shown,
            "reason": str(block.get("reason", "")),
        })
    return rows


def flat_rows(data: Any, prefix: str = "", limit: int = 60) -> list[tuple[str, str]]:
    """Nested JSON as (path, value) rows, for evidence whose shape varies by test battery."""
    rows: list[tuple[str, str]] = []

    def walk(value: Any, path: str) -> None:
        if len(rows) >= limit:
            return
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
        else:
            if isinstance(value, float):
                value = f"{value:.6g}"
            elif isinstance(value, list):
                value = ", ".join(str(v) for v in value[:12]) + (" …" if len(value) > 12 else "")
            rows.append((path, "—" if value is None else str(value)))

    walk(data, prefix)
    return rows
