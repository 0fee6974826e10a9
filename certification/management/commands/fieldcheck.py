"""A field trial's daily results against the variant's theory: per table, day alarms, drift."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from certification.economics.analysis import mixed_figures
from certification.economics.field import DEFAULT_ALPHA, field_check
from certification.economics.fieldfile import FieldFileError, read_field_file
from certification.economics.report import field_json
from certification.management.commands._economics_options import add_player_options, players
from certification.management.sources import load_variant


class Command(BaseCommand):
    help = ("Check a field trial's CSV (date,table,rounds,handle,win) against the variant's exact "
            "theory under the player mix: expected win, day alarms and drift (CUSUM), family-wise alpha.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="CSV with the header date,table,rounds,handle,win")
        parser.add_argument("--variant", required=True, help="preset name or JSON rule file")
        parser.add_argument("--set", action="append", default=[], dest="assignments",
                            metavar="KEY=VALUE", help="override a rule or payouts.NAME")
        add_player_options(parser)
        parser.add_argument("--seats", type=int, default=1,
                            help="occupied seats sharing each dealer hand (default 1: heads-up, "
                                 "the widest spread for a given handle)")
        parser.add_argument("--alpha", type=float, default=DEFAULT_ALPHA,
                            help="family-wise false-alarm rate over the whole file (default 0.01)")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        if not 0 < o["alpha"] < 1:
            raise CommandError(f"--alpha must lie between 0 and 1, not {o['alpha']}")
        if o["seats"] < 1:
            raise CommandError("--seats must be at least 1")
        name, rules = load_variant(o["variant"], o["assignments"])
        mix, chart, label = players(rules, o["strategy"], o["mix"])
        days = _days(Path(o["file"]))
        mixed = mixed_figures(rules, mix, chart)
        report = field_check(days, mixed.seat, seats=o["seats"], alpha=o["alpha"])
        data = field_json(report)
        if o["json"]:
            for table in data["tables"].values():
                table.pop("series")
            self.stdout.write(json.dumps(data, indent=2))
            return
        self.stdout.write(render(name, label, data))


def _days(path: Path):
    limit = settings.TABLECERT_MAX_UPLOAD_BYTES
    try:
        if path.stat().st_size > limit:
            raise CommandError(f"{path}: larger than the limit of {limit:,} bytes")
        return read_field_file(path.read_bytes())
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    except FieldFileError as exc:
        raise CommandError(f"{path}: {exc}") from None


def render(variant: str, players: str, d: dict) -> str:
    lines = [f"Variant: {variant}    players: {players}    seats: {d['seats']}    "
             f"house edge {d['house_edge'] * 100:.4f} %    alpha {d['alpha']:g} (family-wise)", ""]
    lines.append(f"{'table':<10} {'days':>5} {'rounds':>8} {'handle':>12} {'expected':>11} "
                 f"{'actual':>11} {'hold':>8} {'z':>7}  drift")
    for name, t in d["tables"].items():
        drift = (f"DRIFT from {t['drift']['first_date']} ({t['drift']['direction']})"
                 if t["drift"]["alarm"] else "no")
        lines.append(f"{name:<10} {t['days']:>5} {t['rounds']:>8} {t['handle']:>12,.2f} "
                     f"{t['expected_win']:>11,.2f} {t['actual_win']:>11,.2f} {t['hold'] * 100:>7.2f}% "
                     f"{t['z']:>7.2f}  {drift}")
    lines.append("")
    if d["day_alarms"]:
        lines.append("Day alarms:")
        lines += [f"  {a['table']} {a['date']} (line {a['line']}): {a['kind']}, z = {a['z']:.2f}"
                  for a in d["day_alarms"]]
    else:
        lines.append("No day alarm.")
    lines += ["", f"Days: {d['method']['days']}.", f"Drift: {d['method']['drift']}."]
    return "\n".join(lines)
