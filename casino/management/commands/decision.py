"""Record a regulator's decision on a paytable version, as its letter states it."""

from __future__ import annotations

from pathlib import Path

from django.core.files import File
from django.core.management.base import BaseCommand, CommandError

from casino.management.lifecycle import (
    date_option,
    jurisdiction_coded,
    refusals_as_command_errors,
    user_named,
    version_named,
)
from casino.models import CasinoProperty, DecisionStatus
from casino.services.regulators import regulator_decision_record


class Command(BaseCommand):
    help = ("Record a regulator's decision (submitted, field_trial, approved, rejected, withdrawn, "
            "revoked) on a certificate's version, or on a variant's newest approved version.")

    def add_arguments(self, parser):
        parser.add_argument("target", metavar="CERTIFICATE_OR_VARIANT")
        parser.add_argument("--jurisdiction", required=True, help="the jurisdiction's code, e.g. nevada")
        parser.add_argument("--status", required=True, choices=DecisionStatus.values)
        parser.add_argument("--reference", required=True, help="the regulator's reference number")
        parser.add_argument("--user", required=True, help="who records it")
        parser.add_argument("--conditions", default="")
        parser.add_argument("--reason", default="", help="why (rejected, withdrawn, revoked)")
        parser.add_argument("--effective", help="YYYY-MM-DD (default: today)")
        parser.add_argument("--expires", help="YYYY-MM-DD (default: the jurisdiction's validity)")
        parser.add_argument("--host-property", help="a field trial's host property (name)")
        parser.add_argument("--table-limit", type=int, help="a field trial's most tables")
        parser.add_argument("--letter", type=Path, help="the regulator's letter (PDF or image)")

    def handle(self, *args, **o):
        actor = user_named(o["user"])
        jurisdiction = jurisdiction_coded(o["jurisdiction"])
        version, run = version_named(o["target"])
        effective, expires = date_option("effective", o["effective"]), date_option("expires", o["expires"])
        host = None
        if o["host_property"]:
            host = CasinoProperty.objects.filter(name=o["host_property"]).first()
            if host is None:
                raise CommandError(f"--host-property: no property {o['host_property']!r}")
        if o["letter"] is not None and not o["letter"].is_file():
            raise CommandError(f"--letter: {o['letter']}: no such file")
        with refusals_as_command_errors():
            if o["letter"] is not None:
                with o["letter"].open("rb") as handle:
                    decision = self._record(version, jurisdiction, run, actor, effective, expires, host, o,
                                            letter=File(handle, name=o["letter"].name))
            else:
                decision = self._record(version, jurisdiction, run, actor, effective, expires, host, o)
        variant = version.paytable.variant
        self.stdout.write(
            f"{variant.name} version {version.number} in {jurisdiction.code}: {decision.status} "
            f"({decision.reference or 'no reference'}), effective {decision.effective or '-'}, "
            f"expires {decision.expires or 'never'}")

    def _record(self, version, jurisdiction, run, actor, effective, expires, host, o, letter=None):
        return regulator_decision_record(
            paytable_version=version, jurisdiction=jurisdiction, status=o["status"], actor=actor,
            reference=o["reference"], conditions=o["conditions"], reason=o["reason"], effective=effective,
            expires=expires, letter=letter, host_property=host, table_limit=o["table_limit"],
            certification_run=run)
