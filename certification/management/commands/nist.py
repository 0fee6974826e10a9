"""Run the NIST SP 800-22 battery on a file of raw RNG output."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from certification.randomness.nist import NistInputError, read_bits, run_streams, summary_table


class Command(BaseCommand):
    help = (
        "Run the 15 NIST SP 800-22 rev. 1a tests on RNG output split into streams, and print "
        "the proportion of passing streams and the uniformity of p-values per test."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "file", help="RNG output: ASCII 0/1 text, or raw bytes with --format binary"
        )
        parser.add_argument(
            "--format",
            choices=("bits", "binary"),
            default="bits",
            help="'bits': '0'/'1' characters, whitespace ignored; 'binary': bytes, MSB first",
        )
        parser.add_argument(
            "--stream-bits",
            type=int,
            default=1_000_000,
            help="bits per stream (default 1,000,000, the SP 800-22 lab standard)",
        )
        parser.add_argument(
            "--workers", type=int, default=None, help="processes (default: all CPUs)"
        )
        parser.add_argument("--json", action="store_true", help="print the full report as JSON")

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
        if options["workers"] is not None and options["workers"] < 1:
            raise CommandError("--workers must be at least 1")
        try:
            bits = read_bits(data, options["format"])
            report = run_streams(bits, options["stream_bits"], workers=options["workers"])
        except NistInputError as exc:
            raise CommandError(f"{path}: {exc}") from None
        if options["json"]:
            self.stdout.write(json.dumps(report.to_json(), indent=1))
        else:
            self.stdout.write(summary_table(report))
