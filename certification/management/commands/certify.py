"""The whole certification in one command: exact odds, randomness, simulation and the PDF."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

from certification.management.certifying import certify_locally
from certification.management.sources import stored_variant
from certification.reports.i18n import LANGUAGES
from certification.services.certificates import certificate_rendering


class Command(BaseCommand):
    help = "Certify a preset, a JSON rule variant or an existing variant and write its certificate PDF."

    def add_arguments(self, parser):
        parser.add_argument("variant", help="a preset, a rule-variant JSON file, or a variant's id or exact name")
        parser.add_argument("--out", required=True, type=Path, help="where to write the PDF")
        parser.add_argument("--rounds", type=int, default=10_000_000)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--shuffle-log", type=Path, help="a shuffle log CSV (shuffle_id,order)")
        parser.add_argument("--bits", type=Path, help="RNG output to test with NIST SP 800-22")
        parser.add_argument("--bits-format", choices=("bits", "binary"), default="binary")
        parser.add_argument("--procedure", default="", help='a hand procedure, e.g. "wash,riffle,riffle,box,riffle,cut"')
        parser.add_argument("--workers", type=int, default=None, help="simulation processes (default: all cores)")
        parser.add_argument("--language", choices=tuple(LANGUAGES),
                            help="write the certificate in this language (default: its "
                                 "jurisdiction's); each language is its own signed, registered file")

    def handle(self, *args, **o):
        variant = stored_variant(o["variant"])
        run = certify_locally(variant=variant, rounds=o["rounds"], seed=o["seed"],
                              workers=o["workers"], out=self.stderr, procedure=o["procedure"],
                              shuffle_log=o["shuffle_log"], bits=o["bits"],
                              bits_format=o["bits_format"])
        issued = certificate_rendering(run=run, language=o["language"])
        with issued.file.open("rb") as report:
            o["out"].write_bytes(report.read())
        verdict = "APPROVABLE" if run.approvable else "NOT APPROVABLE"
        self.stdout.write(f"{run.certificate_number}: {verdict} (draft, {LANGUAGES[issued.language]}) "
                          f"-> {o['out']}  sha256 {issued.sha256}")
        for block in run.blocking:
            self.stdout.write(f"  - {block.get('bet')}: {block.get('figure')} {block.get('value')} {block.get('reason')}")
