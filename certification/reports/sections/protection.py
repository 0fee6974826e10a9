"""Annex A: game protection, what leaked information would be worth to a player.

An annex rather than a numbered section: the approval above rests on sections 1 to 6, and
the annex informs the table's countermeasures, not the verdict.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, PageBreak

from certification.protection.text import report_rows

from ..data import CertificateData
from ..i18n import _
from ..tables import grid, para
from . import body, escape, heading, subheading


def protection_annex(data: CertificateData, width: float) -> list[Flowable]:
    report = data.protection
    if report is None:
        return []
    table = report["table"]
    story: list[Flowable] = [PageBreak(), heading(_("A Game protection")), body(
        "For each way a player could see more than the rules allow, the change in the player's "
        "expected result per initial wager when it plays optimally with the information "
        "(the player edge gain), exact where the exact engine reaches and simulated with a 95 % "
        "confidence interval otherwise, the house edge that remains, the risk and the "
        "countermeasures that remove it, each with its effect recomputed.")]
    if report.get("exact_only"):
        story.append(body("Only the exact exposures are shown: no game protection audit of this "
                          "paytable version had completed when this document was issued."))
    else:
        story.append(body(
            f"Table audited: {table['seats']} seats, {table['decks']} deck(s), penetration "
            f"{table['penetration']:g}, hand procedure {escape(table['procedure'])}; simulations "
            f"of {table['rounds']:,} rounds per point, root seed {table['seed']}, "
            f"{table['chunks']} chunks per job."))
    story.append(body(f"Risk rule: {escape(report['risk_rule'])}", "small"))
    rows = report_rows(report)
    story.append(grid(
        ["Exposure", "Method", "Player gain", "House edge left", "Risk"],
        [[para(escape(r["title"])), r["method"],
          para(escape(r["gain"]) + (f"<br/>= {escape(r['exact'])}" if r["exact"] else "")
               + (f"<br/>95% CI {escape(r['ci'])}" if r["ci"] else ""), "small"),
          r["house_edge"] or "—", r["risk"]] for r in rows],
        [0.22, 0.1, 0.42, 0.15, 0.11], width, numeric_from=2))
    for r in rows:
        story.append(subheading(escape(r["title"])))
        if r["note"]:
            story.append(body(escape(r["note"]), "small"))
        for c in r["countermeasures"]:
            story.append(body(f"Countermeasure: {escape(c)}", "small"))
    curve = report["exposures"].get("collusion", {}).get("collusion_curve") or []
    if curve:
        story.append(subheading(_("Collusion by the number of players sharing their cards")))
        story.append(grid(["k", "Method", "Player edge gain", "95% CI / exact"],
                          [[str(p["k"]), p["method"], f"{p['player_edge_gain'] * 100:+.4f} %",
                            para(escape(p.get("player_edge_gain_fraction") or
                                        f"[{p['ci95'][0] * 100:+.4f} %, {p['ci95'][1] * 100:+.4f} %]"))]
                           for p in curve], [0.1, 0.2, 0.3, 0.4], width, numeric_from=2))
    dealt = report["exposures"].get("dealt_through", {}).get("dealt_through_curve") or []
    if dealt:
        story.append(subheading(_("Dealing through, by penetration")))
        story.append(grid(["Penetration", "Rounds per shoe", "Perfect information", "Count bettor"],
                          [[f"{p['penetration']:g}", str(p["rounds_per_shoe"]), _point(p, ""),
                            _point(p, "count_")] for p in dealt], [0.16, 0.16, 0.34, 0.34], width))
        tags = report["exposures"]["dealt_through"].get("count_tags") or {}
        if tags:
            story.append(body("Count tags (from the exact effect of removing one card of each "
                              "kind): " + ", ".join(f"{escape(k)} {v:+d}" for k, v in tags.items()),
                              "small"))
    return story


def _point(p: dict, prefix: str) -> str:
    gain = p[f"{prefix}player_edge_gain"]
    ci = p.get(f"{prefix}ci95")
    if not ci:
        return f"{gain * 100:+.4f} % (exact)"
    return f"{gain * 100:+.4f} % [{ci[0] * 100:+.3f}, {ci[1] * 100:+.3f}]"
