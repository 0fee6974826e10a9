"""Game protection audit of a rule variant: what leaked information is worth to a player."""

from __future__ import annotations

import json
from contextlib import closing

from django.core.management.base import BaseCommand, CommandError

from casino.rules import PRESETS
from certification.management.progress import Progress
from certification.management.sources import load_variant
from certification.protection import AuditSpec, run_audit
from certification.protection.shuffle import DEFAULT_PROCEDURE
from certification.protection.spec import DEFAULT_ROUNDS, LONG_HANDS_ROUNDS
from certification.protection.text import render_report
from certification.randomness.procedures import ProcedureError, parse_procedure


class Command(BaseCommand):
    help = ("Player edge gain of each exposure (dealer card, one card, collusion, dealt "
            "through, shuffle), its risk and the countermeasures that remove it.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("variant", help=f"a preset ({', '.join(PRESETS)}) or a JSON file")
        parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                            help="override a rule or payout, e.g. --set decks=2")
        parser.add_argument("--seats", type=int, default=7, help="players at the table (1-7)")
        parser.add_argument("--penetration", type=float, default=0.0,
                            help="share of the deck dealt before the shuffle (0: every round)")
        parser.add_argument("--procedure", default=DEFAULT_PROCEDURE,
                            help="the table's hand-shuffle procedure")
        parser.add_argument("--rounds", type=int, default=None,
                            help=f"simulated rounds per curve point (default {DEFAULT_ROUNDS}, or "
                                 f"{LONG_HANDS_ROUNDS} where draws are unlimited)")
        parser.add_argument("--seed", type=int, default=20260101)
        parser.add_argument("--workers", type=int, default=1, help="local processes for the chunks")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options) -> None:
        name, rules = load_variant(options["variant"], options["set"])
        try:
            parse_procedure(options["procedure"])
        except ProcedureError as exc:
            raise CommandError(f"--procedure: {exc}") from None
        if options["workers"] < 1:
            raise CommandError("--workers must be at least 1")
        try:
            spec = AuditSpec(rules=rules, variant=name, seats=options["seats"],
                             penetration=options["penetration"], procedure=options["procedure"],
                             rounds=options["rounds"], seed=options["seed"])
        except ValueError as exc:
            raise CommandError(f"--{exc}") from None
        with closing(Progress()) as bar:
            progress = None if options["json"] else (
                lambda done, total: bar(done, total, f"simulation chunks {done}/{total}"))
            report = run_audit(spec, progress, workers=options["workers"])
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=1))
        else:
            self.stdout.write(render_report(report))
