"""Make sure the installation can sign: create the embedded default's key, or check production's."""

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError

from certification.reports.signing import (
    certificate_expiry,
    certificate_fingerprint,
    certificate_subject,
)
from certification.services.signing import signing_identity, signing_key_ensure, timestamp_authority


class Command(BaseCommand):
    help = "Create the self-signed signing key on first start (never in production) and show it."

    def handle(self, *args, **options):
        try:
            created, cert_path = signing_key_ensure()
            cert = signing_identity().cert_pem
            tsa = timestamp_authority()
        except ImproperlyConfigured as exc:
            raise CommandError(str(exc)) from None
        verb = "Created a self-signed signing key" if created else "Signing with"
        self.stdout.write(
            f"{verb}: {certificate_subject(cert)}; certificate {cert_path}; "
            f"SHA-256 {certificate_fingerprint(cert)}; valid until {certificate_expiry(cert):%Y-%m-%d}"
        )
        if tsa is None:
            self.stdout.write("No timestamp authority: signatures are PAdES B-B (TABLECERT_TSA_URL)")
        else:
            roots = "; ".join(certificate_subject(root) for root in tsa.roots)
            self.stdout.write(f"Timestamps from {tsa.url}, trusted through {roots}")
