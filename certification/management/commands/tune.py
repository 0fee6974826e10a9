"""The smallest changes of rules and payouts that bring a bet's house edge into a band."""

from __future__ import annotations

import json
from contextlib import closing
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from casino.rules import Rules, RuleValidationError, with_overrides
from certification.management.progress import Progress
from certification.management.sources import load_variant
from certification.odds.tuner import (
    DEFAULT_LIMIT,
    DEFAULT_MAX_CHANGES,
    LocalEvaluator,
    Scored,
    TunerInputError,
    TuningRequest,
    TuningResult,
    default_knobs,
    parse_vary,
    tune,
)

PROGRESS_EVERY = 48
"""Analyses per process between two updates of the progress bar (the processes never wait
for each other between updates)."""


def parse_band(text: str) -> tuple[Fraction, Fraction]:
    """``0.02:0.05``, ``1/50:1/20`` or ``2%:5%``."""
    parts = text.split(":")
    if len(parts) != 2:
        raise CommandError(f"--target-edge is LO:HI, e.g. 0.02:0.05 or 2%:5%, not {text!r}")
    band = []
    for part in parts:
        part = part.strip()
        try:
            value = Fraction(part[:-1].strip()) / 100 if part.endswith("%") else Fraction(part)
        except (ValueError, ZeroDivisionError):
            raise CommandError(f"--target-edge: {part!r} is not a number (e.g. 0.02, 1/50 or 2%)") from None
        band.append(value)
    return band[0], band[1]


def variant_progress(bar: Progress):
    """The tuner's ``progress(done, total, analysed)`` drawn on ``bar``."""
    return lambda done, total, analysed=0: bar(
        done, total, f"{done}/{total} variants, {analysed} analysed")


def _pct(value: Fraction | float) -> str:
    return f"{float(value) * 100:.4f} %"


def render_row(number: str, scored: Scored, bet: str) -> list[str]:
    changes = ", ".join(f"{k}={v}" for k, v in scored.candidate.changes) or "(no change)"
    lines = [f"{number:>3}  {changes}"]
    for name, figures in scored.figures.bets.items():
        edge = figures.house_edge
        mark = "*" if name == bet else " "
        lines.append(
            f"     {mark}{name:<11} edge {_pct(edge):>11} ({edge.numerator}/{edge.denominator})  "
            f"EoR {_pct(figures.element_of_risk):>11}  SD {figures.sd:.4f}  "
            f"hit {_pct(figures.p_win)}  avg wager {float(figures.average_wager):.4f}"
        )
    return lines


def render(result: TuningResult) -> str:
    r = result.request
    lo, hi = r.band
    rate = result.evaluated / result.seconds if result.seconds else 0.0
    lines = [
        f"Tuning {r.variant or 'variant'}: {r.bet} bet into {_pct(lo)} to {_pct(hi)}"
        + (f", other bets inside {', '.join(r.bounds)} bounds" if r.bounds else ""),
        f"{result.evaluated} variants analysed exactly in {result.seconds:.2f} s ({rate:.1f} per s); "
        f"{result.space} in the {result.levels} levels searched (0 to {result.levels - 1} changes): "
        f"{result.rejected} rejected by the rule model, {result.dominated} with a change that "
        f"cannot matter, {result.skipped} skipped along monotone knobs",
        "",
    ]
    if result.suggestions:
        lines.append(f"Fewest changes that reach the band: {result.fewest_changes} "
                     f"({result.with_fewest} variants); best first, then the next ones:")
        for i, scored in enumerate(result.suggestions, 1):
            lines += render_row(str(i), scored, r.bet)
    else:
        lines.append("Nothing in band within these knobs. The closest variant:")
        if result.closest is not None:
            lines += render_row("-", result.closest, r.bet)
    return "\n".join(lines)


class Command(BaseCommand):
    help = ("The variants with the fewest changes of rules and payouts whose house edge lies "
            "in a band, with the figures a designer trades (edge, element of risk, SD, hit "
            "frequency, average wager), all from the exact engine.")
    # The system checks import and inspect every URL and view: half a second of a search a
    # designer waits for, and nothing this command relies on.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("variant", help="a preset, a JSON rule file or a variant id")
        parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                            help="override a rule or payout before tuning")
        parser.add_argument("--target-edge", metavar="LO:HI",
                            help="the band, e.g. 0.02:0.05 or 2%%:5%% (a variant id defaults "
                                 "to its jurisdiction's bounds)")
        parser.add_argument("--bet", default="main")
        parser.add_argument("--vary", action="append", default=[], metavar="KEY=VALUES",
                            help="a knob and its values: 1,3/2,2 or lo:hi:step (default: every "
                                 "rule and payout of the family)")
        parser.add_argument("--max-changes", type=int, default=None,
                            help=f"most changes per variant (default: all knobs; {DEFAULT_MAX_CHANGES} "
                                 "for the default search)")
        parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT)
        parser.add_argument("--workers", type=int, default=None,
                            help="local processes (default: every core)")
        parser.add_argument("--jurisdiction", metavar="CODE",
                            help="keep the other bets inside this jurisdiction's bounds")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **o) -> None:
        if o["workers"] is not None and o["workers"] < 1:
            raise CommandError(f"--workers must be at least 1, not {o['workers']}")
        name, rules, jurisdiction = self._variant(o["variant"], o["set"])
        band = parse_band(o["target_edge"]) if o["target_edge"] else None
        bounds = {}
        if o["jurisdiction"]:
            jurisdiction = self._jurisdiction(o["jurisdiction"])
        if jurisdiction is not None:
            from certification.services.tuning_requests import default_band, jurisdiction_bounds

            bounds = {b: v for b, v in jurisdiction_bounds(jurisdiction, rules.family).items()
                      if b != o["bet"]}
            band = band or default_band(jurisdiction, rules.family, o["bet"])
        if band is None:
            raise CommandError("--target-edge is needed, e.g. --target-edge 0.02:0.05")
        try:
            knobs = parse_vary(rules.family, o["vary"]) if o["vary"] else default_knobs(rules)
            max_changes = o["max_changes"]
            if not o["vary"] and max_changes is None:
                max_changes = DEFAULT_MAX_CHANGES
            request = TuningRequest(base=rules, knobs=tuple(knobs), band=band, bet=o["bet"],
                                    bounds=bounds, max_changes=max_changes, limit=o["limit"],
                                    variant=name)
            with LocalEvaluator(workers=o["workers"], report_every=PROGRESS_EVERY) as evaluate, \
                    closing(Progress()) as bar:
                result = tune(request, evaluate, variant_progress(bar))
        except TunerInputError as exc:
            raise CommandError(str(exc)) from None
        if o["json"]:
            self.stdout.write(json.dumps(result.to_json(), indent=1))
        else:
            self.stdout.write(render(result))

    @staticmethod
    def _variant(source: str, assignments: list[str]) -> tuple[str, Rules, object | None]:
        if not source.isdigit():
            name, rules = load_variant(source, assignments)
            return name, rules, None
        from casino.models import GameVariant
        from certification.services.tuning_requests import variant_base

        variant = GameVariant.objects.select_related("jurisdiction").filter(pk=int(source)).first()
        if variant is None:
            raise CommandError(f"no variant with id {source}")
        _, rules = variant_base(variant)
        try:
            rules = with_overrides(rules, assignments) if assignments else rules
        except RuleValidationError as exc:
            raise CommandError(f"invalid --set: {exc}") from None
        return variant.name, rules, variant.jurisdiction

    @staticmethod
    def _jurisdiction(code: str):
        from casino.models import Jurisdiction

        found = Jurisdiction.objects.filter(code=code).first()
        if found is None:
            codes = ", ".join(Jurisdiction.objects.values_list("code", flat=True)) or "none yet"
            raise CommandError(f"no jurisdiction {code!r} (known: {codes})")
        return found
