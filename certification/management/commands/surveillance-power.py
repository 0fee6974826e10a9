"""Print the surveillance power table: decisions to flag an informed player with 95 % probability."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from casino.rules.presets import UnknownPresetError
from certification.surveillance.power import GAMES, PUBLISHED, power_table
from certification.surveillance.sequential import ALPHA, BETA, THETA1
from certification.surveillance.strategies import UnsupportedGame


class Command(BaseCommand):
    help = ("Decisions it takes to flag an informed player with 95 % probability, per game and "
            "informed strategy, measured by simulating informed players with the exact engines.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, default=200, help="simulated players per row (default 200)")
        parser.add_argument("--seed", type=int, default=20261128)
        parser.add_argument("--most-decisions", type=int, default=4000,
                            help="a player not flagged by then counts as never flagged")
        parser.add_argument("--game", action="append", dest="games", metavar="PRESET",
                            help=f"a preset (repeatable; default: {', '.join(GAMES)})")
        parser.add_argument("--published", action="store_true",
                            help="print the published table (the defaults' run) without simulating")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options) -> None:
        if options["players"] < 20:
            raise CommandError("--players: at least 20 (a 95 % quantile needs them)")
        if options["published"]:
            rows = list(PUBLISHED.values())
        else:
            try:
                rows = power_table(options["players"], options["seed"], options["most_decisions"],
                                   tuple(options["games"] or GAMES))
            except (UnknownPresetError, UnsupportedGame) as exc:
                raise CommandError(str(exc)) from None
        if options["json"]:
            self.stdout.write(json.dumps([r.to_json() for r in rows], indent=2))
            return
        self.stdout.write(f"Paired Wald test: alpha {ALPHA} per player (hole card alpha/2, partners "
                          f"alpha/2 in all), beta {BETA}, theta1 {THETA1}; informed players err on "
                          f"{rows[0].mistakes:.0%} of decisions.")
        self.stdout.write(f"{'game':<16}{'strategy':<12}{'gain/wager':>12}{'decisions 95%':>15}"
                          f"{'95% CI':>16}{'flagged':>10}{'players':>9}{'seed':>10}")
        for r in rows:
            n95 = str(r.decisions_95) if r.decisions_95 is not None else f">{r.most_decisions}"
            lo, hi = r.interval
            ci = f"{lo if lo is not None else '-'}-{hi if hi is not None else f'>{r.most_decisions}'}"
            self.stdout.write(f"{r.game:<16}{r.kind:<12}{r.gain:>12.6f}{n95:>15}{ci:>16}"
                              f"{r.flagged:>10}{r.players:>9}{r.seed:>10}")
