"""Annex A: game protection, what leaked information would be worth to a player.

An annex rather than a numbered section: the approval above rests on sections 1 to 6, and
the annex informs the table's countermeasures, not the verdict.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, PageBreak

from certification.protection.phrases import METHODS, RISK_LEVELS, TITLES
from certification.protection.result import EXPOSURE_ORDER

from ..data import CertificateData
from ..fmt import count, signed
from ..i18n import _, current_language, say
from ..stored import say_stored
from ..tables import grid, para
from . import body, escape, heading, subheading


def protection_annex(data: CertificateData, width: float) -> list[Flowable]:
    report = data.protection
    if report is None:
        return []
    table = report["table"]
    story: list[Flowable] = [PageBreak(), heading(_("A Game protection")), body(_(
        "For each way a player could see more than the rules allow, the change in the player's "
        "expected result per initial wager when it plays optimally with the information "
        "(the player edge gain), exact where the exact engine reaches and simulated with a 95 % "
        "confidence interval otherwise, the house edge that remains, the risk and the "
        "countermeasures that remove it, each with its effect recomputed."))]
    if report.get("exact_only"):
        story.append(body(_("Only the exact exposures are shown: no game protection audit of "
                            "this paytable version had completed when this document was issued.")))
    else:
        story.append(body(_(
            "Table audited: {seats} seats, {decks} deck(s), penetration {penetration}, hand "
            "procedure {procedure}; simulations of {rounds} rounds per point, root seed {seed}, "
            "{chunks} chunks per job.").format(
                seats=table["seats"], decks=table["decks"],
                penetration=_short(table["penetration"]), procedure=escape(table["procedure"]),
                rounds=count(table["rounds"]), seed=table["seed"], chunks=table["chunks"])))
    story.append(body(_("Risk rule: {rule}").format(rule=escape(say_stored(report["risk_rule"]))),
                      "small"))
    rows = _rows(report)
    story.append(grid(
        [_("Exposure"), _("Method"), _("Player gain"), _("House edge left"), _("Risk")],
        [[para(escape(r["title"])), r["method"],
          para(escape(r["gain"]) + (f"<br/>= {escape(r['exact'])}" if r["exact"] else "")
               + (f"<br/>{escape(_('95% CI'))} {escape(r['ci'])}" if r["ci"] else ""), "small"),
          r["house_edge"] or "—", r["risk"]] for r in rows],
        [0.22, 0.1, 0.42, 0.15, 0.11], width, numeric_from=2))
    for r in rows:
        story.append(subheading(escape(r["title"])))
        if r["note"]:
            story.append(body(escape(r["note"]), "small"))
        for c in r["countermeasures"]:
            story.append(body(_("Countermeasure: {measure}").format(measure=escape(c)), "small"))
    curve = report["exposures"].get("collusion", {}).get("collusion_curve") or []
    if curve:
        story.append(subheading(_("Collusion by the number of players sharing their cards")))
        story.append(grid(["k", _("Method"), _("Player edge gain"), _("95% CI / exact")],
                          [[str(p["k"]), say(METHODS.get(p["method"], p["method"])),
                            _percent(p["player_edge_gain"]),
                            para(escape(p.get("player_edge_gain_fraction") or
                                        f"[{_percent(p['ci95'][0])}, {_percent(p['ci95'][1])}]"))]
                           for p in curve], [0.1, 0.2, 0.3, 0.4], width, numeric_from=2))
    dealt = report["exposures"].get("dealt_through", {}).get("dealt_through_curve") or []
    if dealt:
        story.append(subheading(_("Dealing through, by penetration")))
        story.append(grid([_("Penetration"), _("Rounds per shoe"), _("Perfect information"),
                           _("Count bettor")],
                          [[_short(p["penetration"]), str(p["rounds_per_shoe"]), _point(p, ""),
                            _point(p, "count_")] for p in dealt], [0.16, 0.16, 0.34, 0.34], width))
        tags = report["exposures"]["dealt_through"].get("count_tags") or {}
        if tags:
            story.append(body(_("Count tags (from the exact effect of removing one card of each "
                                "kind): {tags}").format(
                tags=", ".join(f"{escape(k)} {v:+d}" for k, v in tags.items())), "small"))
    return story


def _rows(report: dict) -> list[dict[str, object]]:
    """One row per exposure in the audit's order, every word and figure in the document's language."""
    rows = []
    for name in [n for n in EXPOSURE_ORDER if n in report["exposures"]]:
        e = report["exposures"][name]
        method = e["method"]
        title = say(TITLES[name]) if name in TITLES else say_stored(e["title"])
        row = {"title": title, "method": say(METHODS.get(method, method)), "exact": "", "ci": "",
               "house_edge": "", "risk": "—", "note": say_stored(e.get("reason", "")),
               "countermeasures": []}
        if method in ("not_applicable", "not_run"):
            row["gain"] = row["method"]
            if method == "not_applicable":
                row["risk"] = _risk(e)
            rows.append(row)
            continue
        ci = e.get("ci95")
        row.update(
            gain=_percent(e["player_edge_gain"]), exact=e.get("player_edge_gain_fraction", ""),
            ci=f"[{_percent(ci[0])}, {_percent(ci[1])}]" if ci else "",
            house_edge=_percent(e["house_edge_with_exposure"]), risk=_risk(e),
            countermeasures=[_("{action}: gain {gain}, house edge {edge}").format(
                action=say_stored(c["action"]), gain=_percent(c["player_edge_gain"]),
                edge=_percent(c["house_edge"])) for c in e.get("countermeasures", [])])
        rows.append(row)
    return rows


def _risk(exposure: dict) -> str:
    level = exposure.get("risk", {}).get("level", "")
    return say(RISK_LEVELS.get(level, level)) if level else "—"


def _point(p: dict, prefix: str) -> str:
    gain = p[f"{prefix}player_edge_gain"]
    ci = p.get(f"{prefix}ci95")
    if not ci:
        return _("{gain} (exact)").format(gain=_percent(gain))
    return f"{_percent(gain)} [{signed(ci[0] * 100, 3)}, {signed(ci[1] * 100, 3)}]"


def _percent(value: float) -> str:
    """A signed share of the wager in percent, "+0.1234 %" ("+0,1234 %")."""
    return f"{signed(value * 100, 4)}\u00a0%"


def _short(value: float) -> str:
    text = f"{value:g}"
    return text if current_language() == "en" else text.replace(".", ",")
