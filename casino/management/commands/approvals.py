"""The approval matrix: paytable versions by jurisdiction, each cell the regulator's state."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from casino.management.lifecycle import refusals_as_command_errors
from casino.models import DecisionStatus
from casino.selectors import approval_matrix, approval_matrix_csv, approval_rows


class Command(BaseCommand):
    help = "Print the approval matrix (versions x jurisdictions), as a table, JSON or CSV."

    def add_arguments(self, parser):
        parser.add_argument("--jurisdiction", help="one jurisdiction's code")
        parser.add_argument("--variant", help="one variant (id or name)")
        parser.add_argument("--status", choices=DecisionStatus.values)
        parser.add_argument("--expiring", action="store_true", help="only approvals ending within 90 days")
        out = parser.add_mutually_exclusive_group()
        out.add_argument("--json", action="store_true", help="a list of objects, one per filed cell")
        out.add_argument("--csv", action="store_true")

    def handle(self, *args, **o):
        filters = {"jurisdiction": o["jurisdiction"], "variant": o["variant"], "status": o["status"],
                   "expiring": o["expiring"]}
        with refusals_as_command_errors():
            if o["json"]:
                self.stdout.write(json.dumps(approval_rows(**filters), indent=2))
                return
            if o["csv"]:
                self.stdout.write(approval_matrix_csv(**filters), ending="")
                return
            matrix = approval_matrix(**filters)
        for row in matrix.rows:
            cells = []
            for column, cell in zip(matrix.jurisdictions, row.cells, strict=True):
                if cell is None:
                    continue
                d = cell.decision
                dates = f"{d.effective or '-'}..{d.expires or 'no end'}"
                flag = "  ! expires within 90 days" if cell.expiring_soon else ""
                cells.append(f"    {column.code}: {d.status} {d.reference or ''} {dates}{flag}".rstrip())
            self.stdout.write(f"{row.variant.name} v{row.paytable_version.number}")
            self.stdout.write("\n".join(cells) or "    (not filed anywhere)")
