"""Is this PDF or packet an unaltered document issued by this installation? Exit 0 only if it is.

A PDF must carry an intact signature by one of the installation's certificates (current or
earlier), with nothing changed after signing; a certificate must also be in the register
of issued certificates, and still stand there: a revoked, withdrawn, superseded or expired
certificate exits with its own code (3 to 6), one whose register cannot be reached with 7, and a
draft (never approved, or the draft copy of an approved certificate) with 8: it is genuine, but
not valid as a certificate. A packet (ZIP) must carry a manifest signed by the installation,
exactly the files it lists with the hashes it lists, and every PDF in it signed.
"""

import datetime as dt
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from certification.models import CertificationRun, IssuedReport, MonthlyStatistics
from certification.reports.i18n import LANGUAGES
from certification.reports.packet.manifest import PacketError, verify_archive
from certification.reports.signing import SignatureCheck
from certification.reports.verify import NotACertificateError, claimed_certificate, sha256_of
from certification.services.signing import manifest_signature_check, pdf_signature_check

MAX_BYTES = 200 * 1024 * 1024
# Exit codes: 1 is "not verified" (tampered, unknown, unsigned); a genuine certificate that no
# longer stands exits with its own code, so scripts can tell the two apart.
EXIT_STATUS = {"revoked": 3, "withdrawn": 4, "superseded": 5, "expired": 6, "draft": 8}
EXIT_REGISTER_UNREACHABLE = 7


def _signed_by(check: SignatureCheck) -> str:
    when = f"{check.signing_time:%Y-%m-%d %H:%M %Z}" if check.signing_time else "an unstated time"
    return (f"signed by {check.signer} (certificate SHA-256 {check.signer_sha256[:16]}…) at {when}"
            f"{_timestamped(check)}")


def _timestamped(check: SignatureCheck) -> str:
    """The timestamp token's time and authority; a damaged token already failed the check."""
    if check.timestamp is None:
        return " (by the signer's own clock: no timestamp)"
    trust = ("a trusted timestamp authority" if check.timestamp_trusted else
             f"an authority this installation cannot validate: {check.timestamp_trust_problem or 'untrusted'}")
    return (f", timestamped {check.timestamp.astimezone(dt.UTC):%Y-%m-%d %H:%M:%S %Z} by "
            f"{check.timestamp_authority} ({trust})")


class Command(BaseCommand):
    help = ("Check a certificate or packet document (PDF) or a submission packet (ZIP). Exit status: "
            "0 authentic and valid; 1 not verified; 3 revoked; 4 withdrawn; 5 superseded; 6 expired; "
            "7 register unreachable; 8 a draft, genuine but not valid as a certificate.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        if not file.is_file():
            raise CommandError(f"{file}: no such file")
        if file.stat().st_size > MAX_BYTES:
            raise CommandError(f"{file}: larger than any document this installation issues")
        data = file.read_bytes()
        if data[:4] == b"PK\x03\x04":
            self._packet(file, data)
        else:
            self._pdf(file, data)

    def _pdf(self, file: Path, pdf: bytes) -> None:
        digest = sha256_of(pdf)
        check = pdf_signature_check(pdf)
        if not check.signed:
            raise CommandError(f"NOT VERIFIED: {file} is not a certificate of this installation "
                               f"({'; '.join(check.reasons)})")
        if not check.ok:
            claim = self._claim(pdf)
            named = f" claims to be certificate {claim}, but" if claim else ""
            raise CommandError(f"NOT VERIFIED: {file}{named}: {'; '.join(check.reasons)}; "
                               f"SHA-256 {digest}")
        try:
            self._register(file, pdf, digest, check)
        except DatabaseError as exc:
            # The signature needs only the trusted certificates on disk; the status needs the register.
            self.stdout.write(f"SIGNATURE INTACT: {file} is unaltered since it was {_signed_by(check)}; "
                              f"SHA-256 {digest}")
            raise CommandError(f"STATUS UNKNOWN: could not reach the register to check whether the "
                               f"certificate still stands ({str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__})",
                               returncode=EXIT_REGISTER_UNREACHABLE) from None

    def _register(self, file: Path, pdf: bytes, digest: str, check: SignatureCheck) -> None:
        issued = IssuedReport.objects.select_related("run").filter(sha256=digest).first()
        if issued is not None:
            self.stdout.write(
                f"AUTHENTIC: {file} is an unaltered copy of certificate {issued.run.certificate_number} "
                f"({issued.kind}, {LANGUAGES.get(issued.language, issued.language)}), issued {issued.issued_at:%Y-%m-%d %H:%M %Z}, {_signed_by(check)}; "
                f"SHA-256 {digest}")
            self._status(issued.run, issued.kind)
            return
        statistics = MonthlyStatistics.objects.select_related("casino_property").filter(sha256=digest).first()
        if statistics is not None:
            self.stdout.write(
                f"AUTHENTIC: {file} is an unaltered copy of the monthly statistics of "
                f"{statistics.casino_property.name} for {statistics.month:%Y-%m} "
                f"({LANGUAGES.get(statistics.language, statistics.language)}), issued "
                f"{statistics.issued_at:%Y-%m-%d %H:%M %Z}, {_signed_by(check)}; SHA-256 {digest}")
            return
        claim = self._claim(pdf)
        if claim and CertificationRun.objects.filter(certificate_number=claim).exists():
            raise CommandError(
                f"NOT VERIFIED: {file} claims to be certificate {claim}, but its SHA-256 {digest} "
                "matches no issued copy in the register")
        self.stdout.write(f"AUTHENTIC: {file} is unaltered since it was {_signed_by(check)}; "
                          f"SHA-256 {digest}")

    def _status(self, run: CertificationRun, kind: str) -> None:
        from casino.services.standing import certificate_standing

        status = certificate_standing(run=run, document_kind=kind)
        for standing in status.jurisdictions:
            since = f" since {standing.since}" if standing.since else ""
            self.stdout.write(f"  {standing.jurisdiction}: {standing.status}{since}")
        if status.valid:
            self.stdout.write(f"STATUS: certificate {status.certificate_number} is valid")
            return
        if status.draft:
            raise CommandError(f"DRAFT: certificate {status.certificate_number} is a draft, not valid as a "
                               "certificate", returncode=EXIT_STATUS[status.state])
        reason = f": {status.reason}" if status.reason else ""
        raise CommandError(f"{status.state.upper()}: certificate {status.certificate_number} is "
                           f"{status.state} since {status.since}{reason}",
                           returncode=EXIT_STATUS[status.state])

    def _claim(self, pdf: bytes) -> str | None:
        try:
            return claimed_certificate(pdf).certificate_number
        except NotACertificateError:
            return None

    def _packet(self, file: Path, data: bytes) -> None:
        try:
            check = verify_archive(data, manifest_signature_check)
        except PacketError as exc:
            raise CommandError(f"NOT VERIFIED: {file}: {exc}") from None
        problems = list(check.signature.reasons) + list(check.problems)
        for name, blob in sorted(check.files.items()):
            if name.endswith(".pdf"):
                pdf = pdf_signature_check(blob)
                if not pdf.ok:
                    problems.append(f"{name}: {'; '.join(pdf.reasons)}")
        if problems or not check.signature.ok:
            raise CommandError(f"NOT VERIFIED: {file}:\n  - " + "\n  - ".join(problems or ["unsigned"]))
        manifest = check.manifest
        self.stdout.write(
            f"AUTHENTIC: {file} is the {manifest.get('jurisdiction', {}).get('name', '')} packet for "
            f"{manifest.get('variant', {}).get('name', '')} (certification "
            f"{manifest.get('certification_run', '')}); manifest {_signed_by(check.signature)}; "
            f"{len(check.files)} file(s), each matching its SHA-256")
        for entry in manifest.get("files", []):
            self.stdout.write(f"  {entry['sha256']}  {entry['file']}")
