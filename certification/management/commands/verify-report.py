"""Is this PDF an unaltered certificate issued by this installation? Exit 0 only if it is."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from certification.models import CertificationRun, IssuedReport
from certification.reports.verify import NotACertificateError, claimed_certificate, sha256_of

MAX_BYTES = 100 * 1024 * 1024


class Command(BaseCommand):
    help = "Check a certificate PDF against the register of issued certificates."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        if not file.is_file():
            raise CommandError(f"{file}: no such file")
        if file.stat().st_size > MAX_BYTES:
            raise CommandError(f"{file}: larger than any certificate this installation issues")
        pdf = file.read_bytes()
        digest = sha256_of(pdf)
        issued = IssuedReport.objects.select_related("run").filter(sha256=digest).first()
        if issued is not None:
            self.stdout.write(
                f"AUTHENTIC: {file} is an unaltered copy of certificate {issued.run.certificate_number} "
                f"({issued.kind}), issued {issued.issued_at:%Y-%m-%d %H:%M %Z}; SHA-256 {digest}"
            )
            return
        try:
            claim = claimed_certificate(pdf)
        except NotACertificateError as exc:
            raise CommandError(f"NOT VERIFIED: {file} is not a certificate of this installation ({exc})") from None
        known = CertificationRun.objects.filter(certificate_number=claim.certificate_number).exists()
        if known:
            raise CommandError(
                f"NOT VERIFIED: {file} claims to be certificate {claim.certificate_number} "
                f"({claim.status or 'unknown status'}), but its SHA-256 {digest} matches no issued copy: "
                "the file was altered or was not issued here"
            )
        raise CommandError(
            f"NOT VERIFIED: {file} names certificate {claim.certificate_number}, "
            "which this installation never issued"
        )
