"""A certificate already issued, written in another language: the same number and figures."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from certification.models import CertificationRun, ReportKind
from certification.reports.i18n import LANGUAGES
from certification.reports.signing import TimestampError
from certification.services.certificates import NoCertificateError, certificate_rendering


class Command(BaseCommand):
    help = ("Write an issued certificate in English, Italian or Spanish: each language is its own "
            "signed file, entered in the register the first time it is made.")

    def add_arguments(self, parser):
        parser.add_argument("number", help="the certificate number, e.g. TC-2026-000001")
        parser.add_argument("--language", required=True, choices=tuple(LANGUAGES))
        parser.add_argument("--out", required=True, type=Path, help="where to write the PDF")
        parser.add_argument("--kind", choices=tuple(ReportKind.values),
                            help="draft or approved (default: the certificate as it stands)")

    def handle(self, *args, **o):
        run = CertificationRun.objects.filter(certificate_number=o["number"]).first()
        if run is None:
            raise CommandError(f"no certificate {o['number']!r}")
        try:
            issued = certificate_rendering(run=run, language=o["language"], kind=o["kind"])
        except NoCertificateError as exc:
            raise CommandError(str(exc)) from None
        except TimestampError as exc:
            raise CommandError(f"the certificate could not be signed: {exc}") from None
        with issued.file.open("rb") as handle:
            o["out"].write_bytes(handle.read())
        self.stdout.write(f"{run.certificate_number} ({issued.kind}, {LANGUAGES[issued.language]}) "
                          f"-> {o['out']}  sha256 {issued.sha256}")
