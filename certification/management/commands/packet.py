"""The commission submission packet for one jurisdiction, certifying first when no run is named."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from casino.models import GameVariant, Jurisdiction
from certification.management.certifying import certify_locally, step_progress
from certification.management.progress import Progress
from certification.management.sources import stored_variant
from certification.models import CertificationRun
from certification.services.packets import PacketBuildError, packet_build, packet_checklist


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
        variant = stored_variant(o["variant"], jurisdiction=jurisdiction)
        run = self._run(o["run"], variant) if o["run"] else self._certify(variant, jurisdiction, o)
        bar = Progress()
        try:
            archive, manifest = packet_build(run=run, jurisdiction=jurisdiction,
                                             applicant=o["applicant"], host_casino=o["host_casino"],
                                             progress=step_progress(bar))
        except PacketBuildError as exc:
            raise CommandError(str(exc)) from None
        finally:
            bar.close()
        o["out"].write_bytes(archive)
        if o["json"]:
            self.stdout.write(json.dumps(manifest, indent=2, sort_keys=True))
            return
        self.stdout.write(f"{jurisdiction.name} packet for {variant.name} ({run.certificate_number}) "
                          f"-> {o['out']}: {len(manifest['files'])} documents")
        for item in packet_checklist(run=run, jurisdiction=jurisdiction, applicant=o["applicant"],
                                     host_casino=o["host_casino"]):
            self.stdout.write(f"  [{'x' if item.ready else ' '}] {item.name}: {item.detail}")

    def _run(self, ref: str, variant: GameVariant) -> CertificationRun:
        match = Q(certificate_number=ref) | (Q(pk=int(ref)) if ref.isdigit() else Q())
        run = CertificationRun.objects.filter(match).first()
        if run is None:
            raise CommandError(f"--run: no certification run or certificate {ref!r}")
        if run.variant_id != variant.pk:
            raise CommandError(f"--run: {run.certificate_number} certifies {run.variant.name}, not {variant.name}")
        return run

    def _certify(self, variant: GameVariant, jurisdiction: Jurisdiction, o) -> CertificationRun:
        rounds = o["rounds"] or jurisdiction.min_simulated_rounds or 10_000_000
        return certify_locally(variant=variant, rounds=rounds, seed=o["seed"], workers=o["workers"],
                               out=self.stderr, procedure=o["procedure"])
