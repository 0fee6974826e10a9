"""The patent's printed tables (US 5,632,489) against an exact recount, row by row."""

import json
from dataclasses import asdict

from django.core.management.base import BaseCommand

from certification.odds.seven_half.patent import patent_tables


class Command(BaseCommand):
    help = "Compare the patent's two-card counts and dealer table with an exact count, row by row."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--disagreements", action="store_true", help="only the rows that disagree")

    def handle(self, *args, **options):
        rows = [r for r in patent_tables() if not (options["disagreements"] and r.agrees)]
        if options["json"]:
            self.stdout.write(json.dumps([asdict(r) for r in rows], indent=2))
            return
        table = ""
        for r in rows:
            if r.table != table:
                table = r.table
                self.stdout.write(f"\n{table}\n{'row':<34}{'printed':>14}{'exact':>14}  verdict")
            verdict = "agrees" if r.agrees else f"DISAGREES: {r.reason}"
            self.stdout.write(f"{r.row:<34}{r.printed:>14}{r.exact:>14}  {verdict}")
        agree = sum(r.agrees for r in patent_tables())
        self.stdout.write(f"\n{agree} of {len(patent_tables())} printed figures agree with the exact count.")
