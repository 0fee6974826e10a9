"""A table's theoretical win and volatility under a player mix, from the exact engine."""

from __future__ import annotations

import json
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from certification.economics.analysis import mixed_figures
from certification.economics.report import COVARIANCE_METHOD, economics_json
from certification.economics.table import DEFAULT_DECISIONS_PER_HOUR, TableSetup, table_economics
from certification.management.commands._economics_options import add_player_options, players
from certification.management.sources import load_variant
from certification.odds.seven_half.fixed import StrategyDefinitionError


def positive_fraction(text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise CommandError(f"{text!r} is not a number") from None
    if value <= 0:
        raise CommandError(f"{text} must be positive")
    return value


class Command(BaseCommand):
    help = ("Theoretical win per hour and per day, house volatility (seats sharing a dealer), "
            "P(losing day/month) and the bankroll for a table running a variant.")

    def add_arguments(self, parser):
        parser.add_argument("variant", help="preset name or JSON rule file")
        parser.add_argument("--set", action="append", default=[], dest="assignments",
                            metavar="KEY=VALUE", help="override a rule or payouts.NAME")
        add_player_options(parser)
        parser.add_argument("--decisions-per-hour", type=int, default=None,
                            help="rounds dealt per hour (default by game: "
                                 + ", ".join(f"{k} {v}" for k, v in DEFAULT_DECISIONS_PER_HOUR.items()) + ")")
        parser.add_argument("--seats", type=int, default=7, help="occupied seats (default 7)")
        parser.add_argument("--average-bet", default="1", help="average initial bet (default 1)")
        parser.add_argument("--hours", default="8", help="hours open per day (default 8)")
        parser.add_argument("--max-bet", default=None, help="table maximum, for the bankroll")
        parser.add_argument("--ruin", type=float, default=0.01,
                            help="ruin probability the bankroll is sized for (default 0.01)")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        name, rules = load_variant(o["variant"], o["assignments"])
        mix, chart, label = players(rules, o["strategy"], o["mix"])
        bet = positive_fraction(o["average_bet"])
        try:
            setup = TableSetup(
                decisions_per_hour=o["decisions_per_hour"] or DEFAULT_DECISIONS_PER_HOUR[rules.family],
                seats=o["seats"], average_bet=bet, hours=positive_fraction(o["hours"]),
                max_bet=positive_fraction(o["max_bet"]) if o["max_bet"] else None,
                ruin_probability=o["ruin"])
            mixed = mixed_figures(rules, mix, chart)
        except (ValueError, StrategyDefinitionError) as exc:
            raise CommandError(str(exc)) from None
        econ = table_economics(mixed.seat, setup)
        data = {"variant": name, "players": label, **economics_json(mixed, econ)}
        if o["json"]:
            self.stdout.write(json.dumps(data, indent=2))
            return
        self.stdout.write(render(data))


def render(d: dict) -> str:
    bank = d["bankroll"]
    lines = [f"Variant: {d['variant']}    players: {d['players']}", ""]
    for bet, f in d["bets"].items():
        lines.append(f"{bet}: house edge {f['house_edge_fraction']} = {f['house_edge'] * 100:.4f} % "
                     f"per initial wager; element of risk {f['element_of_risk'] * 100:.4f} %; "
                     f"SD {f['sd']:.4f}; average wager {f['average_wager']:.4f}")
    if len(d["strategies"]) > 1:
        lines += ["", "Main bet by strategy:"] + [
            f"  {n:<10} {f['house_edge'] * 100:+.4f} %  ({f['house_edge_fraction']})"
            for n, f in d["strategies"].items()]
    lines += [
        "", f"Table: {d['seats']} seat(s), {d['decisions_per_hour']} decisions per hour, "
            f"average bet {d['average_bet']:g}, open {d['hours']:g} h a day",
        f"  theoretical win  {d['theo_win_per_hour']:,.2f} per hour, {d['theo_win_per_day']:,.2f} per day",
        f"  house SD         {d['sd_per_hour']:,.2f} per hour, {d['sd_per_day']:,.2f} per day",
        f"  seats correlated {d['seat_correlation']:.3f} through the shared dealer ({COVARIANCE_METHOD})",
        f"  P(losing day)    {_tail(d['p_losing_day'], d['p_losing_day_method'])}",
        f"  P(losing month)  {_tail(d['p_losing_month'], d['p_losing_month_method'])}, "
        f"{d['days_per_month']} days open",
    ]
    if bank["amount"] is None:
        lines.append(f"  bankroll         none is enough: {bank['note']}")
    else:
        lines.append(f"  bankroll         {bank['amount']:,.2f} for ruin probability {bank['ruin_probability']:g} "
                     f"with {bank['seats']} seats at {bank['bet']:g} ({bank['method']})")
    lines += [f"  note: {note}" for note in d["notes"]]
    return "\n".join(lines)


def _tail(p: float, method: str) -> str:
    return f"{p:.4g} (exact law by FFT)" if method == "fft" else f"at most {p:.3g} (Chernoff bound)"
