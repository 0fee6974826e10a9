"""Assess a hand-shuffle procedure: distance from uniform, guessing advantage, riffles needed."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from certification.randomness.procedures import ProcedureError, assess_procedure, parse_procedure


class Command(BaseCommand):
    help = "Is a hand-shuffle procedure (e.g. wash,riffle,riffle,box,riffle,cut) enough for a deck?"

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "procedure",
            help="comma-separated steps: riffle, cut, box[:k], "
            "overhand[:p], wash[:moves]; step*N repeats",
        )
        parser.add_argument("--deck", type=int, choices=(36, 40, 52), default=52)
        parser.add_argument("--samples", type=int, default=20_000)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options) -> None:
        if options["samples"] < 100:
            raise CommandError("--samples must be at least 100")
        try:
            procedure = parse_procedure(options["procedure"])
        except ProcedureError as exc:
            raise CommandError(str(exc)) from None
        result = assess_procedure(
            procedure, options["deck"], samples=options["samples"], seed=options["seed"]
        )
        if options["json"]:
            self.stdout.write(json.dumps(result.to_dict(), indent=2))
            return
        self.stdout.write(
            f"procedure {result.procedure} on {result.deck_size} cards "
            f"({result.samples} sampled decks, seed {result.seed})"
        )
        for reason in result.reasons:
            self.stdout.write(f"  - {reason}")
        self.stdout.write(
            f"  - GSR riffles alone needed for distance < {result.tv_threshold}: "
            f"{result.riffles_needed}"
        )
        style = self.style.SUCCESS if result.enough else self.style.ERROR
        self.stdout.write(style("enough" if result.enough else "not enough"))
