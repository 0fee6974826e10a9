"""Restore a backup archive into an empty database and media folder, then check the audit trail."""

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from casino.backup.archive import BackupError
from casino.backup.keys import read_passphrase
from casino.services.restores import backup_check, backup_restore


class Command(BaseCommand):
    help = ("Restore a backup made by `backup` into an empty database (new, or only migrated) and "
            "an empty media folder; refuses anything else, and any archive not exactly as signed.")

    def add_arguments(self, parser):
        parser.add_argument("archive", type=Path)
        parser.add_argument("--passphrase-file", type=Path,
                            help="restore the signing key stored with --include-key")
        parser.add_argument("--check", action="store_true",
                            help="only check the archive (signature and every byte); restore nothing")

    def handle(self, *args, archive: Path, passphrase_file: Path | None, check: bool, **options):
        if check:
            self._check(archive)
            return
        try:
            passphrase = read_passphrase(passphrase_file) if passphrase_file else None
            restored = backup_restore(archive=archive, passphrase=passphrase)
        except BackupError as exc:
            raise CommandError(f"NOT RESTORED: {exc}") from None
        tables = restored.tables
        self.stdout.write(
            f"Restored {archive} (made {restored.manifest['created']}): {sum(tables.values()):,} "
            f"rows in {len(tables)} tables and {restored.files} stored file(s), each equal to the "
            f"backup; manifest signed by {restored.signer}, checked against {restored.trusted_by}")
        for note in restored.notes:
            self.stdout.write(f"  {note}")
        call_command("verify-audit", stdout=self.stdout, stderr=self.stderr)

    def _check(self, archive: Path) -> None:
        try:
            manifest, signer = backup_check(archive=archive)
        except BackupError as exc:
            raise CommandError(f"NOT VERIFIED: {exc}") from None
        self.stdout.write(
            f"INTACT: {archive} (made {manifest['created']}) is exactly as signed by {signer}: "
            f"{len(manifest['files'])} file(s), each matching its SHA-256")
