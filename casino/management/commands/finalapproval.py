"""Ask a regulator for final approval once a version's field trial has gone its course."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from casino.management.lifecycle import (
    jurisdiction_coded,
    refusals_as_command_errors,
    user_named,
    version_named,
)
from certification.services.final_approval import final_approval_request


class Command(BaseCommand):
    help = ("Queue the packet asking for final approval after a field trial (with the signed "
            "field-trial report); the filing becomes 'submitted for final approval' once a worker "
            "has built it. Refused until the trial has lasted its days and shows its rounds.")

    def add_arguments(self, parser):
        parser.add_argument("target", metavar="CERTIFICATE_OR_VARIANT")
        parser.add_argument("--jurisdiction", required=True, help="the jurisdiction's code, e.g. nevada")
        parser.add_argument("--user", required=True,
                            help="who asks: an admin, or the variant's owner or submitter")
        parser.add_argument("--applicant", default="")

    def handle(self, *args, **o):
        actor = user_named(o["user"])
        jurisdiction = jurisdiction_coded(o["jurisdiction"])
        version, _ = version_named(o["target"])
        with refusals_as_command_errors():
            job = final_approval_request(paytable_version=version, jurisdiction=jurisdiction, actor=actor,
                                         applicant=o["applicant"])
        self.stdout.write(f"{version.paytable.variant.name} version {version.number} in {jurisdiction.code}: "
                          f"final approval requested; packet {job.pk} is queued for a worker")
