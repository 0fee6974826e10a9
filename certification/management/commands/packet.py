"""The commission submission packet for one jurisdiction, certifying first when no run is named."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from casino.models import GameVariant, Jurisdiction
from casino.rules import (
    PRESETS,
    RuleValidationError,
    rules_from_dict,
    rules_from_json,
    rules_to_dict,
)
from casino.services.variants import variant_create
from certification.models import CertificationRun
from certification.services.evidence import evidence_validate
from certification.services.packets import PacketBuildError, packet_build, packet_checklist
from certification.services.pipeline import certification_run_perform_locally
from certification.services.runs import certification_run_create, rules_snapshot


class Command(BaseCommand):
    help = "Build the signed submission packet (ZIP) of a variant for a jurisdiction's profile."

    def add_arguments(self, parser):
        parser.add_argument("variant", help="a preset, a rule-variant JSON file, or a variant id or name")
        parser.add_argument("--jurisdiction", required=True, help="the profile's code, e.g. nevada")
        parser.add_argument("--out", required=True, type=Path, help="where to write the ZIP")
        parser.add_argument("--run", help="a certification run id or certificate number to build on")
        parser.add_argument("--rounds", type=int, help="simulated rounds (default: the profile's minimum)")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--procedure", default="", help='the hand shuffle, e.g. "wash,riffle,riffle,box,riffle,cut"')
        parser.add_argument("--applicant", default=settings.TABLECERT_APPLICANT)
        parser.add_argument("--host-casino", default=settings.TABLECERT_HOST_CASINO)
        parser.add_argument("--workers", type=int, default=None)
        parser.add_argument("--json", action="store_true", help="print the manifest as JSON")

    def handle(self, *args, **o):
        jurisdiction = Jurisdiction.objects.filter(code=o["jurisdiction"]).first()
        if jurisdiction is None:
            codes = ", ".join(Jurisdiction.objects.values_list("code", flat=True))
            raise CommandError(f"--jurisdiction: no profile {o['jurisdiction']!r} (profiles: {codes})")
        if o["rounds"] is not None and o["rounds"] < 1:
            raise CommandError("--rounds must be at least 1")
        variant = self._variant(o["variant"], jurisdiction)
        run = self._run(o["run"], variant) if o["run"] else self._certify(variant, jurisdiction, o)
        try:
            archive, manifest = packet_build(run=run, jurisdiction=jurisdiction,
                                             applicant=o["applicant"], host_casino=o["host_casino"],
                                             progress=self._bar)
        except PacketBuildError as exc:
            raise CommandError(str(exc)) from None
        self.stderr.write("")
        o["out"].write_bytes(archive)
        if o["json"]:
            self.stdout.write(json.dumps(manifest, indent=2, sort_keys=True))
            return
        self.stdout.write(f"{jurisdiction.name} packet for {variant.name} ({run.certificate_number}) "
                          f"-> {o['out']}: {len(manifest['files'])} documents")
        for item in packet_checklist(run=run, jurisdiction=jurisdiction, applicant=o["applicant"],
                                     host_casino=o["host_casino"]):
            self.stdout.write(f"  [{'x' if item.ready else ' '}] {item.name}: {item.detail}")

    def _variant(self, name: str, jurisdiction: Jurisdiction) -> GameVariant:
        path = Path(name)
        if name.endswith(".json") and path.is_file():
            try:
                rules = rules_to_dict(rules_from_json(path.read_text()))
            except (RuleValidationError, ValueError, OSError) as exc:
                raise CommandError(f"{path}: {exc}") from None
            payouts = rules.pop("payouts")
            family = rules.pop("family")
            return variant_create(name=path.stem, family=family, parameters=rules, payouts=payouts,
                                  jurisdiction=jurisdiction, actor=None)
        if name in PRESETS:
            if not GameVariant.objects.filter(preset=name, created_by__isnull=True).exists():
                call_command("load_presets", stdout=io.StringIO())
            return GameVariant.objects.filter(preset=name, created_by__isnull=True).order_by("id").first()
        query = GameVariant.objects.filter(pk=int(name)) if name.isdigit() else GameVariant.objects.filter(name=name)
        variant = query.first()
        if variant is None:
            raise CommandError(f"no preset, JSON file or variant named {name!r} (presets: {', '.join(PRESETS)})")
        return variant

    def _run(self, ref: str, variant: GameVariant) -> CertificationRun:
        match = Q(certificate_number=ref) | (Q(pk=int(ref)) if ref.isdigit() else Q())
        run = CertificationRun.objects.filter(match).first()
        if run is None:
            raise CommandError(f"--run: no certification run or certificate {ref!r}")
        if run.variant_id != variant.pk:
            raise CommandError(f"--run: {run.certificate_number} certifies {run.variant.name}, not {variant.name}")
        return run

    def _certify(self, variant: GameVariant, jurisdiction: Jurisdiction, o) -> CertificationRun:
        version = variant.paytable.latest_version
        rounds = o["rounds"] or jurisdiction.min_simulated_rounds or 10_000_000
        try:
            evidence = evidence_validate(
                shuffle_log=None, rng_bits=None, rng_format="binary", shuffle_procedure=o["procedure"],
                deck_size=rules_from_dict(rules_snapshot(variant=variant, paytable_version=version)).deck_size)
        except ValidationError as exc:
            raise CommandError(f"--procedure: {' '.join(exc.messages)}") from None
        run = certification_run_create(variant=variant, paytable_version=version, requested_by=None,
                                       rounds=rounds, seed=o["seed"], evidence=evidence)
        self.stderr.write(f"Certifying {variant.name} (paytable v{version.number}) as "
                          f"{run.certificate_number}, {rounds:,} rounds")
        try:
            certification_run_perform_locally(run=run, workers=o["workers"], progress=self._bar)
        except Exception as exc:
            self.stderr.write("")
            raise CommandError(f"certification failed: {exc}") from exc
        self.stderr.write("")
        return run

    def _bar(self, step: str, percent: int) -> None:
        filled = percent * 30 // 100
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {percent:3d}% {step[:40]:<40}")
        sys.stderr.flush()
