"""The whole certification in one command: exact odds, randomness, simulation and the PDF."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from casino.models import GameVariant
from casino.rules import PRESETS, rules_from_dict
from certification.services.evidence import evidence_validate
from certification.services.pipeline import certification_run_perform_locally
from certification.services.runs import certification_run_create, rules_snapshot


def _opened(path: Path | None) -> File | None:
    return None if path is None else File(io.BytesIO(path.read_bytes()), name=path.name)


class Command(BaseCommand):
    help = "Certify a preset or an existing variant and write its certificate PDF."

    def add_arguments(self, parser):
        parser.add_argument("variant", help="a preset name, or a variant's id or exact name")
        parser.add_argument("--out", required=True, type=Path, help="where to write the PDF")
        parser.add_argument("--rounds", type=int, default=10_000_000)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--shuffle-log", type=Path, help="a shuffle log CSV (shuffle_id,order)")
        parser.add_argument("--bits", type=Path, help="RNG output to test with NIST SP 800-22")
        parser.add_argument("--bits-format", choices=("bits", "binary"), default="binary")
        parser.add_argument("--procedure", default="", help='a hand procedure, e.g. "wash,riffle,riffle,box,riffle,cut"')
        parser.add_argument("--workers", type=int, default=None, help="simulation processes (default: all cores)")

    def handle(self, *args, **o):
        if o["rounds"] < 1:
            raise CommandError("--rounds must be at least 1")
        for option in ("shuffle_log", "bits"):
            path = o[option]
            if path is not None and not path.is_file():
                raise CommandError(f"--{option.replace('_', '-')}: {path} is not a file")
            if path is not None and path.stat().st_size > settings.TABLECERT_MAX_UPLOAD_BYTES:
                raise CommandError(f"--{option.replace('_', '-')}: {path} is larger than the upload limit")
        variant = self._variant(o["variant"])
        version = variant.paytable.latest_version
        if version is None:
            raise CommandError(f"variant {variant} has no paytable version")
        # Evidence is read and checked before the run exists: a bad file names its line and
        # leaves no half-written run behind.
        try:
            evidence = evidence_validate(
                shuffle_log=_opened(o["shuffle_log"]), rng_bits=_opened(o["bits"]),
                rng_format=o["bits_format"], shuffle_procedure=o["procedure"],
                deck_size=rules_from_dict(rules_snapshot(variant=variant, paytable_version=version)).deck_size,
            )
        except ValidationError as exc:
            options = {"shuffle_log": "--shuffle-log", "rng_bits": "--bits", "shuffle_procedure": "--procedure"}
            raise CommandError("; ".join(
                f"{options.get(name, name)}: {' '.join(problems)}" for name, problems in exc.message_dict.items()
            )) from None
        run = certification_run_create(
            variant=variant, paytable_version=version, requested_by=None, rounds=o["rounds"], seed=o["seed"],
            evidence=evidence,
        )
        self.stderr.write(f"Certifying {variant.name} (paytable v{version.number}) as {run.certificate_number}")
        try:
            certification_run_perform_locally(run=run, workers=o["workers"], progress=self._bar)
        except Exception as exc:
            self.stderr.write("")
            raise CommandError(f"certification failed: {exc} (run {run.certificate_number} is marked failed)") from exc
        self.stderr.write("")
        with run.report.open("rb") as report:
            o["out"].write_bytes(report.read())
        verdict = "APPROVABLE" if run.approvable else "NOT APPROVABLE"
        self.stdout.write(f"{run.certificate_number}: {verdict} (draft) -> {o['out']}  sha256 {run.report_sha256}")
        for block in run.blocking:
            self.stdout.write(f"  - {block.get('bet')}: {block.get('figure')} {block.get('value')} {block.get('reason')}")

    def _variant(self, name: str) -> GameVariant:
        if name in PRESETS:
            if not GameVariant.objects.filter(preset=name, created_by__isnull=True).exists():
                call_command("load_presets", stdout=io.StringIO())
            return GameVariant.objects.filter(preset=name, created_by__isnull=True).order_by("id").first()
        query = GameVariant.objects.filter(pk=int(name)) if name.isdigit() else GameVariant.objects.filter(name=name)
        variant = query.first()
        if variant is None:
            raise CommandError(f"no preset or variant named {name!r} (presets: {', '.join(PRESETS)})")
        return variant

    def _bar(self, step: str, percent: int) -> None:
        filled = percent * 30 // 100
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {percent:3d}% {step[:40]:<40}")
        sys.stderr.flush()
