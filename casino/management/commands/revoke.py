"""Revoke a certificate in the register: every approval resting on it ends, tables follow."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from casino.management.lifecycle import certificate_run, refusals_as_command_errors, user_named
from casino.services.revocations import certificate_revoke


class Command(BaseCommand):
    help = "Revoke a certificate (draft or approved) in the register, with its reason."

    def add_arguments(self, parser):
        parser.add_argument("certificate", metavar="CERTIFICATE_NUMBER")
        parser.add_argument("--reason", required=True)
        parser.add_argument("--user", required=True, help="a reviewer or admin who did not submit it")

    def handle(self, *args, certificate: str, reason: str, user: str, **options):
        actor = user_named(user)
        run = certificate_run(certificate)
        with refusals_as_command_errors():
            revocation = certificate_revoke(run=run, actor=actor, reason=reason)
        self.stdout.write(f"certificate {run.certificate_number} revoked on "
                          f"{revocation.revoked_at:%Y-%m-%d %H:%M %Z}: {revocation.reason}")
