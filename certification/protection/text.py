"""The audit report as text for a terminal: one block per exposure."""

from __future__ import annotations

from typing import Any

from .result import EXPOSURE_ORDER


def _pct(x: float) -> str:
    return f"{x * 100:+.4f} %"


def _gain(e: dict[str, Any]) -> str:
    if e["method"] == "not_applicable":
        return "not applicable"
    text = _pct(e["player_edge_gain"])
    if e.get("player_edge_gain_fraction"):
        text += f"  (exact {e['player_edge_gain_fraction']})"
    if e.get("ci95"):
        lo, hi = e["ci95"]
        text += f"  95% CI [{_pct(lo)}, {_pct(hi)}]"
    return text


def render_report(report: dict[str, Any]) -> str:
    base = report["baseline"]
    table = report["table"]
    lines = [
        f"Game protection audit: {report['variant']}",
        f"  house edge {base['house_edge_fraction']} = {_pct(base['house_edge'])}",
        f"  table: {table['seats']} seats, {table['decks']} deck(s), penetration "
        f"{table['penetration']:g}, procedure {table['procedure']}",
        f"  simulations: {table['rounds']} rounds per point, seed {table['seed']}, "
        f"{table['chunks']} chunks",
        f"  risk rule: {report['risk_rule']}",
        "",
    ]
    for name in [n for n in EXPOSURE_ORDER if n in report["exposures"]]:
        e = report["exposures"][name]
        lines.append(f"{e['title']} [{name}]: {e['method']}")
        lines.append(f"  player edge gain   {_gain(e)}")
        if e["method"] != "not_applicable":
            lines.append(f"  house edge with it {_pct(e['house_edge_with_exposure'])}")
        lines.append(f"  risk               {e['risk']['level']}")
        if e.get("reason"):
            lines.append(f"  note               {e['reason']}")
        for point in e.get("collusion_curve", []):
            ci = f"  CI [{_pct(point['ci95'][0])}, {_pct(point['ci95'][1])}]" if point.get("ci95") else ""
            exact = f"  (exact {point['player_edge_gain_fraction']})" if point.get("player_edge_gain_fraction") else ""
            lines.append(f"    k = {point['k']}: {_pct(point['player_edge_gain'])}{exact}{ci}")
        for point in e.get("dealt_through_curve", []):
            if point["method"] == "exact":
                lines.append(f"    penetration {point['penetration']:g} (1 round/shoe): exact 0")
                continue
            lines.append(
                f"    penetration {point['penetration']:g} ({point['rounds_per_shoe']} rounds/shoe): "
                f"perfect {_pct(point['player_edge_gain'])} CI [{_pct(point['ci95'][0])}, "
                f"{_pct(point['ci95'][1])}]; count {_pct(point['count_player_edge_gain'])} "
                f"CI [{_pct(point['count_ci95'][0])}, {_pct(point['count_ci95'][1])}]")
        if e.get("count_tags"):
            lines.append("    count tags: " + ", ".join(f"{k} {v:+d}" for k, v in e["count_tags"].items()))
        for c in e.get("countermeasures", []):
            lines.append(f"  countermeasure: {c['action']} -> gain {_pct(c['player_edge_gain'])}, "
                         f"house edge {_pct(c['house_edge'])} ({c['how']})")
        lines.append("")
    return "\n".join(lines)


def report_rows(report: dict[str, Any]) -> list[dict[str, str]]:
    """One row per exposure, formatted for the variant page and the certificate."""
    rows = []
    # Stored reports come back from jsonb with their keys re-ordered: print in the audit's order.
    for name in [n for n in EXPOSURE_ORDER if n in report["exposures"]]:
        e = report["exposures"][name]
        method = e["method"]
        if method in ("not_applicable", "not_run"):
            gain = "not applicable" if method == "not_applicable" else "not run"
            rows.append({"name": name, "title": e["title"], "method": method.replace("_", " "),
                         "gain": gain, "exact": "", "ci": "", "house_edge": "",
                         "risk": e.get("risk", {}).get("level", "—") if method == "not_applicable" else "—",
                         "note": e.get("reason", ""), "countermeasures": []})
            continue
        ci = e.get("ci95")
        rows.append({
            "name": name, "title": e["title"], "method": method,
            "gain": _pct(e["player_edge_gain"]),
            "exact": e.get("player_edge_gain_fraction", ""),
            "ci": f"[{_pct(ci[0])}, {_pct(ci[1])}]" if ci else "",
            "house_edge": _pct(e["house_edge_with_exposure"]),
            "risk": e["risk"]["level"],
            "note": e.get("reason", ""),
            "countermeasures": [f"{c['action']}: gain {_pct(c['player_edge_gain'])}, house edge "
                                f"{_pct(c['house_edge'])}" for c in e.get("countermeasures", [])],
        })
    return rows
