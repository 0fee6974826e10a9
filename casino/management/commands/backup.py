"""Write one archive holding the database, every stored file and the signing certificates."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino.backup.archive import BackupError
from casino.backup.keys import read_passphrase
from casino.services.backups import backup_create


class Command(BaseCommand):
    help = ("Back up the database, every stored file and the signing certificates into one "
            "archive with a signed manifest of SHA-256s.")

    def add_arguments(self, parser):
        parser.add_argument("--out", type=Path, required=True, help="the archive to write (.tar)")
        parser.add_argument("--include-key", action="store_true",
                            help="also store the private signing key, encrypted with the passphrase")
        parser.add_argument("--passphrase-file", type=Path,
                            help="a file whose first line is the passphrase for the key")

    def handle(self, *args, out: Path, include_key: bool, passphrase_file: Path | None, **options):
        try:
            if passphrase_file is not None and not include_key:
                raise BackupError("--passphrase-file is only used with --include-key")
            passphrase = read_passphrase(passphrase_file) if passphrase_file else None
            written = backup_create(out=out, include_key=include_key, passphrase=passphrase)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        manifest = written.manifest
        tables = manifest["database"]["tables"]
        media = sum(1 for e in manifest["files"] if e["file"].startswith("media/"))
        key = "with the signing key (encrypted)" if include_key else "without the private key"
        self.stdout.write(
            f"Backed up to {written.path} ({written.size:,} bytes): the {manifest['database']['engine']} "
            f"database ({sum(tables.values()):,} rows in {len(tables)} tables), {media} stored "
            f"file(s), the signing certificates {key}; manifest signed by the certificate with "
            f"SHA-256 {manifest['signing']['certificate_sha256']}")
