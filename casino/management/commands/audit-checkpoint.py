"""Sign the audit trail's head now (what the daily job does), optionally writing it to a file."""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError

from casino.services.audit_integrity import audit_checkpoint_create, checkpoint_export


class Command(BaseCommand):
    help = "Sign the audit trail's head with the installation's key and keep the checkpoint."

    def add_arguments(self, parser):
        parser.add_argument("--out", type=Path, metavar="FILE",
                            help="also write the checkpoint to FILE, to keep away from the database")

    def handle(self, *args, out: Path | None = None, **options):
        try:
            checkpoint = audit_checkpoint_create()
        except ImproperlyConfigured as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Checkpoint {checkpoint.made_at:%Y-%m-%d %H:%M:%S %Z}: event "
                          f"{checkpoint.event_id}, {checkpoint.event_count} events, hash "
                          f"{checkpoint.event_hash[:16]}…")
        if out is not None:
            out.write_bytes(checkpoint_export(checkpoint))
            self.stdout.write(f"Written to {out}")
