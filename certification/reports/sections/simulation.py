"""Section 4: the simulation that confirms the exact figures independently."""

from __future__ import annotations

from fractions import Fraction

from reportlab.platypus import Flowable, KeepTogether

from ..charts import convergence_chart
from ..data import CertificateData
from ..fmt import bet_name, count, decimal, net, pct, prob, signed
from ..i18n import _
from ..styles import FAIL, PASS
from ..tables import facts, grid, para
from ..verdict import Z_LIMIT
from . import body, escape, heading, subheading


def edge_interval(bet: dict, interval: list[float]) -> tuple[float, float]:
    """The interval on the house edge, whether the summary gave it on the edge or the mean."""
    lo, hi = interval
    if lo <= bet["house_edge"] <= hi or not lo <= bet.get("mean", bet["house_edge"]) <= hi:
        return lo, hi
    return -hi, -lo


def _point(bet: dict, p: dict) -> dict:
    """A convergence point in one shape: the simulator writes house_edge/low/high."""
    ci95 = p["ci95"] if "ci95" in p else [p["low"], p["high"]]
    return {"rounds": p["rounds"], "edge": p.get("edge", p.get("house_edge")),
            "ci95": edge_interval(bet, ci95)}


def simulation_section(data: CertificateData, width: float) -> list[Flowable]:
    story: list[Flowable] = [heading(_("4 Simulation confirmation"))]
    sim = data.simulation
    if sim is None:
        story.append(body(_("No simulation was part of this certification. The figures of "
                            "section 3 rest on the exact analysis alone.")))
        return story
    story.append(body(_(
        "The game was played {rounds} times by an independent simulator under the strategy of "
        "section 3, and the observed house edge compared with the exact one. A difference "
        "beyond {limit} standard errors (|z| &gt; {limit}) would mean the exact analysis or the "
        "simulator does not play the certified rules.").format(
            rounds=count(sim["rounds"]), limit=f"{Z_LIMIT:g}")))
    chunks = sim.get("chunks")
    rows = [(_("Rounds"), count(sim["rounds"])),
            (_("Seed"), para(escape(sim.get("seed")), "cell_mono"))]
    if chunks:
        rows.append((_("Chunks"), _("{chunks} of {size} rounds, each with its own seed derived "
                                    "from the one above").format(
            chunks=count(chunks), size=count(sim.get("chunk_rounds")))))
    if sim.get("rounds_per_second"):
        rows.append((_("Speed"), _("{rate} rounds per second ({seconds} s)").format(
            rate=count(sim["rounds_per_second"]), seconds=decimal(sim.get("seconds", 0), 1))))
    story.append(facts(rows, width, 0.22))
    story.append(subheading(_("Observed house edge against the exact figure")))
    table_rows, extra = [], []
    for i, (name, bet) in enumerate(sim["bets"].items(), start=1):
        exact = data.exact["bets"].get(name, {}).get("house_edge")
        ci95, ci99 = edge_interval(bet, bet["ci95"]), edge_interval(bet, bet["ci99"])
        z = bet.get("z_vs_exact")
        agrees = z is None or abs(z) <= Z_LIMIT
        table_rows.append([bet_name(name), pct(exact), pct(bet["house_edge"]),
                           _("{low} to {high}").format(low=pct(ci95[0], 3), high=pct(ci95[1], 3)),
                           _("{low} to {high}").format(low=pct(ci99[0], 3), high=pct(ci99[1], 3)),
                           "–" if z is None else signed(z, 2),
                           _("agrees") if agrees else _("DISAGREES")])
        extra.append(("TEXTCOLOR", (6, i), (6, i), PASS if agrees else FAIL))
    story.append(grid([_("Bet"), _("Exact"), _("Observed"), _("95% interval"), _("99% interval"),
                       "z", ""],
                      table_rows, [0.15, 0.12, 0.12, 0.21, 0.21, 0.08, 0.11], width,
                      font_size=7.5, extra=extra))
    story.append(body(_("Intervals are on the house edge, from the observed standard deviation; "
                        "z is (observed − exact) / standard error."), "small"))
    for name, bet in sim["bets"].items():
        exact = data.exact["bets"].get(name)
        if bet.get("convergence") and exact:
            points = [_point(bet, p) for p in bet["convergence"]]
            story.append(KeepTogether([
                subheading(_("Convergence: {bet}").format(bet=bet_name(name).lower())),
                convergence_chart(points, exact["house_edge"], width, 175),
                body(_("Running house edge of the {bet} as the simulation progressed, with its "
                       "95% confidence band; the dashed line is the exact figure of "
                       "section 3.").format(bet=bet_name(name).lower()), "caption"),
            ]))
        if bet.get("outcomes") and exact:
            story += outcome_comparison(name, bet["outcomes"], exact["outcomes"], width)
    return story


def outcome_comparison(name: str, observed: dict, exact: dict, width: float
                       ) -> list[Flowable]:
    total = sum(observed.values())
    # Summaries may carry counts or frequencies; frequencies sum to one.
    scale = total if total > 1.5 else 1.0
    keys = sorted(set(observed) | set(exact), key=Fraction)
    rows = [[net(k), prob(exact.get(k, 0.0)), prob(observed.get(k, 0) / scale),
             signed(observed.get(k, 0) / scale - exact.get(k, 0.0), 6)] for k in keys]
    return [KeepTogether([
        subheading(_("Outcome frequencies: {bet}").format(bet=bet_name(name).lower())),
        grid([_("Net result"), _("Exact probability"), _("Observed frequency"), _("Difference")], rows,
             [0.22, 0.26, 0.26, 0.26], width * 0.75, font_size=7.5),
    ])]
