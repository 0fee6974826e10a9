"""Exact odds of a rule variant (a preset or a JSON file), or the payout that hits a target edge."""

from __future__ import annotations

import json
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from casino.rules import (
    PRESET_SOURCES,
    PRESETS,
    Rules,
)
from certification.management.sources import load_variant
from certification.odds.analysis import analyze
from certification.odds.results import BetFigures, ExactResult, StrategyChart
from certification.odds.solver import SolverError, SolverResult, solve_payout


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.4f} %"


def render_bet(name: str, bet: BetFigures) -> list[str]:
    ev = bet.ev
    lines = [
        f"{name}  (per initial wager; average amount wagered {float(bet.average_wager):.6f})",
        f"  expected value    {ev.numerator}/{ev.denominator} = {float(ev):+.6f}",
        f"  house edge        {_pct(bet.house_edge)}",
        f"  element of risk   {_pct(bet.element_of_risk)}",
        f"  standard dev.     {bet.sd:.6f}",
        f"  win / push / loss {_pct(bet.p_win)} / {_pct(bet.p_push)} / {_pct(bet.p_loss)}",
        "  net result -> probability",
    ]
    lines += [f"    {str(net):>8}  {float(p):.8f}" for net, p in bet.outcomes.items()]
    if bet.house_edge < 0:
        lines.append(f"  PLAYER ADVANTAGE: the player expects to win {_pct(-bet.house_edge)} per wager")
    return lines


def render_chart(chart: StrategyChart) -> list[str]:
    head = [chart.row_label, *chart.columns]
    rows = [[r, *cells] for r, cells in zip(chart.rows, chart.cells, strict=True)]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    lines = [chart.title, "  " + fmt.format(*head)]
    lines += ["  " + fmt.format(*row) for row in rows]
    lines += [f"  {key}: {text}" for key, text in chart.legend.items()]
    lines += [f"  note: {note}" for note in chart.notes]
    return lines


def render_result(result: ExactResult, source: str = "") -> str:
    lines = [f"Variant: {result.variant}" + (f"  ({source})" if source else ""),
             f"Exact analysis in {result.seconds:.3f} s", ""]
    for name, bet in result.bets.items():
        lines += render_bet(name, bet) + [""]
    lines.append("Player decisions (probability per round)")
    lines += [f"  {name:<28} {float(p):.8f}" for name, p in result.decisions.items()]
    for chart in result.strategy:
        lines += [""] + render_chart(chart)
    if result.notes:
        lines += ["", "Notes"] + [f"  - {note}" for note in result.notes]
    advantage = [name for name, bet in result.bets.items() if bet.house_edge < 0]
    if advantage:
        lines += ["", f"PLAYER ADVANTAGE on: {', '.join(advantage)} (negative house edge)"]
    return "\n".join(lines)


def render_solution(variant: str, solved: SolverResult) -> str:
    p = solved.payout
    how = "exactly" if solved.exact else "closest (the edge jumps across the target here)"
    lines = [
        f"Variant: {variant}",
        f"{solved.path} for a {_pct(solved.target_edge)} house edge on {solved.bet}:",
        f"  {how} {p.numerator}/{p.denominator} = {float(p):.6f} to 1 (edge {_pct(solved.edge)})",
    ]
    if solved.step is not None:
        lines.append(f"  on a grid of {solved.step}:")
        lines += [f"    {str(q):>8} to 1 -> house edge {_pct(e)}" for q, e in solved.neighbours]
        lines.append(f"  dealable: {solved.dealable} to 1 (house edge {_pct(solved.dealable_edge)})")
        if solved.dealable_edge < 0:
            lines.append("  PLAYER ADVANTAGE at the dealable payout")
    lines.append(f"  {solved.analyses} exact analyses, {solved.seconds:.2f} s")
    return "\n".join(lines)


def render_readings(report: dict) -> str:
    """Each ambiguous rule with its readings and their exact house edges (per bet)."""
    lines = [f"Variant: {report['variant']}", "Readings of the rules: each ambiguous point of "
             "the source, the reading certified (*) and the others, each priced exactly", ""]
    if not report["points"]:
        lines.append("  The variant rests on no reading of an ambiguous rule.")
    for i, point in enumerate(report["points"], start=1):
        lines.append(f"{i}. {point['point']}: {point['sentence']}")
        lines.append(f"   {point['reading']}")
        for row in point["readings"]:
            mark = "*" if row["certified"] else " "
            changes = ", ".join(f"{k}={v}" for k, v in row["changes"].items()) or "as certified"
            if "bets" in row:
                edges = "; ".join(
                    f"{name} {bet['house_edge_fraction']} = {bet['house_edge'] * 100:.4f} %"
                    for name, bet in row["bets"].items())
            else:
                edges = f"not priced: {row.get('error', '')}"
            lines.append(f"   {mark} {row['label']} ({changes}): house edge {edges}")
        if point["unmodelled"]:
            lines.append(f"     other reading not modelled: {point['unmodelled']}")
        lines.append("")
    return "\n".join(lines).rstrip()


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise CommandError(f"not a number: {text!r} (use e.g. 0.02 or 1/50)") from None


class Command(BaseCommand):
    help = (
        "Exact house edge, element of risk, SD, outcome table and optimal strategy of a rule "
        "variant; with --solve, the payout of one line that gives a bet a target house edge."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("variant", help=f"a preset ({', '.join(PRESETS)}) or a JSON file")
        parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                            help="override a rule or payout, e.g. --set payouts.main_win=2")
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument("--solve", metavar="payouts.X", help="the payout line to solve for")
        parser.add_argument("--target-edge", help="target house edge, e.g. 0.02 or 1/50")
        parser.add_argument("--bet", default="main", help="the bet whose edge is targeted")
        parser.add_argument("--step", default="1/2", help="grid of dealable payouts ('none': no grid)")
        parser.add_argument("--readings", action="store_true",
                            help="each rule the variant marks ambiguous, its readings and each "
                                 "reading's exact house edge")
        parser.add_argument("--strategy", default="optimal",
                            help="the player's strategy: optimal, dealer, house or a JSON chart file "
                                 "(the simulator's definitions, counted exactly)")

    def handle(self, *args, **options) -> None:
        name, rules = load_variant(options["variant"], options["set"])
        source = PRESET_SOURCES.get(name, "")
        if options["solve"]:
            if options["target_edge"] is None:
                raise CommandError("--solve needs --target-edge, e.g. --target-edge 0.02")
            step = None if options["step"].lower() == "none" else _fraction(options["step"])
            try:
                solved = solve_payout(rules, options["solve"], _fraction(options["target_edge"]),
                                      bet=options["bet"], analyze=self._analyze, step=step)
            except SolverError as exc:
                raise CommandError(str(exc)) from None
            if options["json"]:
                self.stdout.write(json.dumps({"variant": name, "solve": solved.to_json()}, indent=1))
            else:
                self.stdout.write(render_solution(name, solved))
            return
        if options["readings"]:
            from certification.odds.readings import readings_report

            report = readings_report(rules, name)
            if options["json"]:
                self.stdout.write(json.dumps(report, indent=1))
            else:
                self.stdout.write(render_readings(report))
            return
        if options["strategy"] == "optimal":
            result = self._analyze(rules, name)
        else:
            result = fixed_strategy_result(rules, name, options["strategy"])
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json(), indent=1))
        else:
            self.stdout.write(render_result(result, source))

    @staticmethod
    def _analyze(rules: Rules, name: str = "") -> ExactResult:
        try:
            return analyze(rules, name)
        except ImportError:
            raise CommandError(f"no exact analyser is installed for the {rules.family} family") from None


def fixed_strategy_result(rules: Rules, name: str, strategy: str) -> ExactResult:
    """Exact figures under a named strategy or a chart file (not the optimal one)."""
    from certification.odds.simulation import StrategyError, load_chart
    from certification.odds.simulation.strategies import STRATEGY_NAMES

    try:
        policy = strategy if strategy in STRATEGY_NAMES else load_chart(rules, strategy)
        return analyze(rules, name, strategy=policy)
    except (StrategyError, ValueError) as exc:
        raise CommandError(f"--strategy: {exc}") from None
